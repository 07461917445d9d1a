import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The centred card of the public account pages; full width on a phone. */
export function TradeCard({
  title,
  width = 480,
  children,
  testId,
}: {
  title?: ReactNode;
  width?: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '16px 0 32px' }}>
      <Card title={title} style={{ width, maxWidth: '100%' }} data-testid={testId}>
        {children}
      </Card>
    </div>
  );
}
