import { centsToYuanString } from '@factoring/domain';
import { Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLoginUser } from '../../lib/session.ts';
import { yuan } from '../../lib/money.ts';
import { useFinanceableOrders } from './api.ts';

interface Props {
  creditLineId: number | undefined;
  /** The order loan form's fields, filled from the chosen sales order. */
  onPick(fields: { orderNo: string; orderAmount: string; deliveryDate: Dayjs }): void;
}

/**
 * In `/supplyloan/orderLoan`: pick one of the enterprise's confirmed sales orders to the platform's
 * core enterprise instead of typing the order again (issue 16); the server checks the figures are the
 * order's own. Shown only to purchase/sales users.
 */
export default function FinanceableOrderPicker({ creditLineId, onPick }: Props) {
  const user = useLoginUser();
  const enabled = !!user?.purchaseSales;
  const orders = useFinanceableOrders(creditLineId, enabled);
  if (!enabled) return null;
  const items = orders.data ?? [];
  return (
    <Form.Item
      label="从我的销售订单选择"
      extra="已确认、买方为该平台核心企业、尚未融资的销售订单；选择后自动填入订单号、未收金额和交货日期"
    >
      <Select<number>
        aria-label="从我的销售订单选择"
        allowClear
        style={{ width: '100%' }}
        loading={orders.isLoading}
        placeholder={items.length ? '选择销售订单' : '暂无可融资的销售订单'}
        disabled={!items.length}
        options={items.map((o) => ({
          value: o.id,
          label: `${o.orderNo} · ${o.counterpartyName} · 未收 ${yuan(o.totalAmount)} · 交货 ${o.deliveryDate}`,
        }))}
        onChange={(id) => {
          const o = items.find((x) => x.id === id);
          if (o) onPick({ orderNo: o.orderNo, orderAmount: centsToYuanString(o.totalAmount), deliveryDate: dayjs(o.deliveryDate) });
        }}
        data-testid="financeable-order-picker"
      />
    </Form.Item>
  );
}
