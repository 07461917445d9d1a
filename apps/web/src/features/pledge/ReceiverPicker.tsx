import { Select, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { Receiver } from './api.ts';
import { useCustomers, useSignPersons } from './delivery-api.ts';

export type { Receiver };

const ALL_ACTIVE = { page: 1, size: 200, status: 'ACTIVE' as const };

/**
 * Who takes delivery of redeemed goods (the release order names them): one of the enterprise's
 * active designated signers or downstream customers. With none yet, links to where they are added.
 */
export function ReceiverPicker({ value, onChange }: { value: Receiver | null; onChange(r: Receiver | null): void }) {
  const signers = useSignPersons(ALL_ACTIVE);
  const customers = useCustomers(ALL_ACTIVE);
  const loading = signers.isPending || customers.isPending;
  const none = !loading && !signers.data?.items.length && !customers.data?.items.length;
  return (
    <Space direction="vertical" size={4}>
      <Select
        aria-label="收货方"
        style={{ width: 320, maxWidth: '100%' }}
        placeholder="选择收货方（签收人或下游客户）"
        loading={loading}
        allowClear
        data-testid="receiver-picker"
        value={value ? `${value.kind}:${value.id}` : undefined}
        onChange={(v?: string) => {
          if (!v) return onChange(null);
          const [kind, id] = v.split(':');
          onChange({ kind: kind as Receiver['kind'], id: Number(id) });
        }}
        options={[
          {
            label: '指定签收人',
            options: (signers.data?.items ?? []).map((p) => ({ value: `SIGNER:${p.id}`, label: `${p.name}（${p.idCardMasked}）` })),
          },
          {
            label: '下游客户',
            options: (customers.data?.items ?? []).map((c) => ({ value: `CUSTOMER:${c.id}`, label: c.name })),
          },
        ]}
      />
      {none && (
        <Typography.Text type="secondary">
          尚无收货方：请先<Link to="/pledge/signPersonGuide">指定签收人</Link>或<Link to="/pledge/supplyLoanKH">添加下游客户</Link>
        </Typography.Text>
      )}
    </Space>
  );
}
