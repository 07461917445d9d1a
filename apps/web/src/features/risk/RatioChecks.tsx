import { RISK_LEVEL_LABELS } from '@factoring/domain/contract';
import { Table, Tag } from 'antd';
import { Money } from '../../lib/Money.tsx';
import { percent } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import type { RatioCheck } from './api.ts';

export const LEVEL_COLORS = { NORMAL: 'success', WARNING: 'warning', BREACH: 'error' } as const;

/** A ratio's figure as the operator reads it: a multiple (倍), a share (%) or an amount. */
export function figure(c: RatioCheck, value: number) {
  if (c.unit === 'CENTS') return <Money cents={value} />;
  return c.key === 'LEVERAGE' ? `${(value / 1_000_000).toFixed(2)} 倍` : percent(value);
}

/** The supervisory ratios of the book against their limits, each with its level. */
export default function RatioChecks({ checks }: { checks: RatioCheck[] }) {
  const columns = usePhoneColumns<RatioCheck>([
    { title: '指标', dataIndex: 'label', width: 170 },
    { title: '对象', dataIndex: 'subject', width: 180, render: (v: string | null) => v ?? '保理账簿' },
    { title: '当前', key: 'value', width: 130, align: 'right', render: (_: unknown, c) => figure(c, c.value) },
    { title: '上限', key: 'limit', width: 130, align: 'right', render: (_: unknown, c) => figure(c, c.limit) },
    {
      title: '状态',
      dataIndex: 'level',
      width: 150,
      render: (v: RatioCheck['level'], c) => (
        <>
          <Tag color={LEVEL_COLORS[v]}>{RISK_LEVEL_LABELS[v]}</Tag>
          {!c.enforced && <Tag>仅列示</Tag>}
        </>
      ),
    },
    // No width: the words take the rest of the row and wrap, never cut off at the card's edge (issue 37).
    { title: '说明', dataIndex: 'words', render: (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span> },
  ]);
  return (
    <Table<RatioCheck>
      data-testid="risk-ratio-table"
      rowKey="key"
      size="small"
      dataSource={checks}
      columns={columns}
      pagination={false}
      // The fixed columns (760 px) and at least 300 px of 说明; a narrower screen scrolls the table.
      scroll={{ x: 1060 }}
    />
  );
}
