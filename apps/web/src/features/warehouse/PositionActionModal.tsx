import { Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { chinaTodayPick } from '../../lib/china-today.ts';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { DatePicker } from '../../lib/date-picker.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { useIssueReceipt, useOwnWarehouses, useStockMove, type Position } from './api.ts';
import { zoneRefusal } from '@factoring/domain';
import { quantityRule } from './format.ts';
import { PositionSummary } from './PositionLabel.tsx';
import { submitStock } from './submit.ts';

interface Values {
  quantity?: string;
  toLocationId?: number;
  occurredOn?: Dayjs;
  note?: string;
}

/**
 * Two operations on one inventory row: 开立仓单 (the quantity becomes frozen under the new receipt)
 * and 移库 (available goods to another location of the same warehouse).
 */
export function PositionActionModal({
  action,
  position,
  onClose,
}: {
  action: 'receipt' | 'move' | null;
  position: Position | null;
  onClose(): void;
}) {
  const feedback = useFeedback();
  const [form] = Form.useForm<Values>();
  const [key, setKey] = useState(newIdempotencyKey);
  const issue = useIssueReceipt();
  const move = useStockMove();
  const warehouses = useOwnWarehouses();
  const open = action !== null && position !== null;
  const warehouse = warehouses.data?.find((w) => w.id === position?.warehouseId);
  const locations = warehouse?.locations.filter((l) => l.id !== position?.locationId) ?? [];
  /** Why the goods may not go to a location: a zone (库区) of another category (issue 24). */
  const refusalAt = (l: (typeof locations)[number]) =>
    warehouse && position ? zoneRefusal(l, warehouse.acceptedCategories, { name: position.goodsName, category: position.category }) : null;

  const close = () => {
    form.resetFields();
    setKey(newIdempotencyKey());
    onClose();
  };
  const submit = async (v: Values) => {
    if (!position) return;
    if (action === 'receipt') {
      const r = await submitStock(
        issue,
        { positionId: position.id, quantity: v.quantity!, note: v.note || undefined, idempotencyKey: key },
        form,
        feedback,
      );
      if (r) {
        feedback.modal.success({ title: '仓单已开立', content: `仓单编号 ${r.receiptNo}。仓单数量已转为冻结，仓单有效期间货物不能出库。` });
        close();
      } else setKey(newIdempotencyKey());
    } else {
      const r = await submitStock(
        move,
        {
          positionId: position.id,
          toLocationId: v.toLocationId!,
          quantity: v.quantity!,
          occurredOn: (v.occurredOn ?? chinaTodayPick()).format('YYYY-MM-DD'),
          note: v.note || undefined,
          idempotencyKey: key,
        },
        form,
        feedback,
        'quantity',
        'toLocationId',
      );
      if (r) {
        feedback.success('移库已登记');
        close();
      } else setKey(newIdempotencyKey());
    }
  };

  return (
    <Modal
      open={open}
      title={action === 'receipt' ? '开立电子仓单' : '移库'}
      okText={action === 'receipt' ? '确认开立' : '确认移库'}
      onOk={() => form.submit()}
      confirmLoading={issue.isPending || move.isPending}
      onCancel={close}
      destroyOnHidden
    >
      {position && <PositionSummary position={position} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ occurredOn: chinaTodayPick() }}
        data-testid="position-action-form"
      >
        {action === 'move' && (
          <>
            <Form.Item
              name="toLocationId"
              label="目标库位"
              rules={[{ required: true, message: '请选择目标库位' }]}
              extra="货物只能移入存放其类别的库区"
            >
              <Select
                options={locations.map((l) => {
                  const refused = refusalAt(l) !== null;
                  return {
                    value: l.id,
                    label: `${l.code}${l.name ? ` ${l.name}` : ''}${refused ? `（不存放${position?.category ?? ''}）` : ''}`,
                    disabled: refused,
                  };
                })}
                placeholder="同一仓库内的其他库位"
                data-testid="move-location"
              />
            </Form.Item>
            <Form.Item name="occurredOn" label="移库日期" rules={[{ required: true, message: '请选择移库日期' }]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="quantity"
          label={action === 'receipt' ? '仓单数量' : '移库数量'}
          rules={[
            { required: true, message: '请输入数量' },
            quantityRule(() => position?.scale, action === 'receipt' ? '仓单数量' : '移库数量'),
          ]}
          extra="不超过可用数量"
        >
          <Input inputMode="decimal" suffix={position?.unit} data-testid="action-quantity" />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input.TextArea rows={2} maxLength={200} placeholder={action === 'receipt' ? '如：应存货企业申请开立' : ''} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
