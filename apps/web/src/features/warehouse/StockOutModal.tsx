import { stockOutSchema } from '@factoring/domain/contract/schemas';
import { Alert, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { chinaTodayPick } from '../../lib/china-today.ts';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { DatePicker } from '../../lib/date-picker.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { schemaRule } from '../../lib/schema-rule.ts';
import { usePositions, useStockOut, type Position } from './api.ts';
import { quantityRule } from './format.ts';
import { PositionSummary, positionOptionLabel } from './PositionLabel.tsx';
import { ReleaseOrderPicker } from './ReleaseOrderPicker.tsx';
import { submitStock } from './submit.ts';

interface Values {
  positionId?: number;
  quantity?: string;
  occurredOn?: Dayjs;
  documentNo?: string;
  releaseOrderId?: number | null;
  note?: string;
}

const field = (name: keyof typeof stockOutSchema.shape) => schemaRule(stockOutSchema.shape[name]);

/** 出库登记: only the available quantity can leave; pledged, frozen and receipt goods are refused. */
export function StockOutModal({ open, onClose, position: preset }: { open: boolean; onClose(): void; position?: Position }) {
  const feedback = useFeedback();
  const [form] = Form.useForm<Values>();
  const [key, setKey] = useState(newIdempotencyKey);
  const positions = usePositions({ size: 200 }, open);
  const stockOut = useStockOut();
  const positionId = Form.useWatch('positionId', form);
  const selected = positions.data?.items.find((p) => p.id === positionId) ?? (preset?.id === positionId ? preset : undefined);
  useEffect(() => {
    if (open && preset) form.setFieldValue('positionId', preset.id);
  }, [open, preset, form]);

  const close = () => {
    form.resetFields();
    setKey(newIdempotencyKey());
    onClose();
  };
  const submit = async (v: Values) => {
    const result = await submitStock(
      stockOut,
      {
        positionId: v.positionId!,
        quantity: v.quantity!,
        occurredOn: (v.occurredOn ?? chinaTodayPick()).format('YYYY-MM-DD'),
        documentNo: v.documentNo!,
        releaseOrderId: v.releaseOrderId ?? undefined,
        note: v.note || undefined,
        idempotencyKey: key,
      },
      form,
      feedback,
    );
    if (result) {
      feedback.success(`出库已登记：${String(result.operationNo ?? '')}`);
      close();
    } else setKey(newIdempotencyKey());
  };

  return (
    <Modal
      open={open}
      title="出库登记"
      width={640}
      okText="确认出库"
      onOk={() => form.submit()}
      confirmLoading={stockOut.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="只能出库可用数量：质押、冻结及电子仓单项下的货物不能出库；质押货物须凭融资方放货指令提货。"
      />
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ occurredOn: chinaTodayPick() }} data-testid="stock-out-form">
        <Form.Item name="positionId" label="库存" rules={[field('positionId')]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择要出库的库存（存货企业 · 商品 · 库位）"
            loading={positions.isLoading}
            options={(positions.data?.items ?? []).map((p) => ({ value: p.id, label: positionOptionLabel(p) }))}
            data-testid="out-position"
          />
        </Form.Item>
        {selected && <PositionSummary position={selected} />}
        <Form.Item name="quantity" label="出库数量" rules={[field('quantity'), quantityRule(() => selected?.scale, '出库数量')]}>
          <Input inputMode="decimal" suffix={selected?.unit} placeholder="不超过可用数量" data-testid="out-quantity" />
        </Form.Item>
        <Form.Item name="occurredOn" label="出库日期" rules={[{ required: true, message: '请选择出库日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(chinaTodayPick(), 'day')} />
        </Form.Item>
        <Form.Item name="documentNo" label="出库单号" rules={[field('documentNo')]}>
          <Input maxLength={40} placeholder="如 CK-SZ-20261123-01" data-testid="out-document" />
        </Form.Item>
        <Form.Item name="releaseOrderId" label="放货单（质押赎货出库时选择，核对收货方）">
          <ReleaseOrderPicker positionId={positionId} unit={selected?.unit} />
        </Form.Item>
        <Form.Item name="note" label="备注" rules={[field('note')]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
