import { RISK_LEVEL_LABELS, type AnswerOf, type riskApi } from '@factoring/domain/contract';
import { Card, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { Money } from '../../lib/Money.tsx';
import { percent } from '../../lib/format.ts';
import { useRiskRatios } from './api.ts';

type Check = AnswerOf<typeof riskApi.ratios>['checks'][number];

const COLORS = { NORMAL: 'success', WARNING: 'warning', BREACH: 'error' } as const;

/** A ratio's figure: a multiple (倍), a share (%) or an amount. */
function figure(c: Check, value: number) {
  if (c.unit === 'CENTS') return <Money cents={value} />;
  return c.key === 'LEVERAGE' ? `${(value / 1_000_000).toFixed(2)} 倍` : percent(value);
}

/**
 * The operator home's risk card (issue 27): each supervisory ratio of the factor's book against its
 * limit at a glance, red past a limit, amber past the warning level.
 */
export default function RiskRatiosCard() {
  const ratios = useRiskRatios(true);
  const r = ratios.data;
  return (
    <Card title="监管指标" extra={<Link to="/bpm/risk">进入风险管理</Link>} style={{ marginTop: 16 }} data-testid="card-risk">
      {ratios.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : ratios.error || !r ? (
        <Typography.Text type="secondary">{(ratios.error as { message?: string } | null)?.message ?? '暂不可用'}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={r.checks}
          renderItem={(c) => (
            <List.Item data-testid={`risk-ratio-${c.key}`} style={{ alignItems: 'flex-start', gap: 8 }}>
              <span style={{ flex: 1, minWidth: 0 }}>
                {c.label}
                {c.subject && <Typography.Text type="secondary">（{c.subject}）</Typography.Text>}
                <Typography.Text type={c.level === 'BREACH' ? 'danger' : undefined} strong style={{ display: 'block' }}>
                  {figure(c, c.value)} / 上限 {figure(c, c.limit)}
                </Typography.Text>
              </span>
              <Tag color={COLORS[c.level]} style={{ marginInlineEnd: 0, flex: 'none' }}>
                {RISK_LEVEL_LABELS[c.level]}
                {!c.enforced && c.level !== 'NORMAL' ? '（仅列示）' : ''}
              </Tag>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
