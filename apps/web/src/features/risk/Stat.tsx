import { Card, Statistic } from 'antd';
import { Money } from '../../lib/Money.tsx';

/** A figure of the risk desk in a small card. */
export function Stat({ title, cents, testId }: { title: string; cents: number; testId?: string }) {
  return (
    <Card size="small">
      <Statistic title={title} valueRender={() => <Money cents={cents} />} data-testid={testId} />
    </Card>
  );
}
