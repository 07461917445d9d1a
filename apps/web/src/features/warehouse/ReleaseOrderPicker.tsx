import { Alert, Descriptions, Select } from 'antd';
import { useOpenReleaseOrders } from './api.ts';

/**
 * 放货单 of the chosen position, for the stock-out form (a Form.Item child: value / onChange): the
 * financing side's open release orders, each naming who takes delivery — checked by the clerk at
 * the gate (the signer's ID card, or the customer).
 */
export function ReleaseOrderPicker({
  id,
  positionId,
  unit,
  value,
  onChange,
}: {
  /** The Form.Item's field id, so its label names the select. */
  id?: string;
  positionId?: number;
  unit?: string;
  value?: number | null;
  onChange?(id: number | null): void;
}) {
  const orders = useOpenReleaseOrders(positionId);
  const chosen = orders.data?.find((o) => o.id === value);
  const r = chosen?.receiver;
  return (
    <>
      <Select
        id={id}
        aria-label="放货单"
        allowClear
        style={{ width: '100%' }}
        disabled={positionId === undefined}
        loading={orders.isLoading}
        placeholder={
          positionId === undefined ? '先选择库存' : orders.data?.length ? '质押赎货出库时选择放货单' : '该库存没有待出库的放货单'
        }
        value={value ?? undefined}
        onChange={(v?: number) => onChange?.(v ?? null)}
        data-testid="out-release-order"
        options={(orders.data ?? []).map((o) => ({
          value: o.id,
          label: `${o.orderNo} · 待出库 ${o.remaining}${unit ?? ''}${o.receiver ? ` · 收货方 ${o.receiver.name}` : ''}`,
        }))}
      />
      {chosen &&
        (r ? (
          <Descriptions size="small" column={1} bordered style={{ marginTop: 8 }} data-testid="release-receiver">
            <Descriptions.Item label={r.kind === 'SIGNER' ? '指定签收人' : '下游客户'}>{r.name}</Descriptions.Item>
            {r.certificate && (
              <Descriptions.Item label={r.kind === 'SIGNER' ? '身份证号码' : '统一社会信用代码'}>{r.certificate}</Descriptions.Item>
            )}
            {r.contact && <Descriptions.Item label="联系方式">{r.contact}</Descriptions.Item>}
            {r.address && <Descriptions.Item label="收货地址">{r.address}</Descriptions.Item>}
          </Descriptions>
        ) : (
          <Alert
            style={{ marginTop: 8 }}
            type="warning"
            showIcon
            title={`该放货单未指定收货方${chosen.pickupPerson ? `，提货人：${chosen.pickupPerson}` : ''}`}
          />
        ))}
    </>
  );
}
