import { Alert, Empty, Form, Input, Modal, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { chinaTodayPick } from '../../lib/china-today.ts';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { reportFailure } from '../../lib/action.ts';
import { DatePicker } from '../../lib/date-picker.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { ellipsisColumn } from '../../lib/table.tsx';
import { useOwnWarehouses, usePositions, useSubmitStockTake, type Position } from './api.ts';
import { qtyText, quantityRule } from './format.ts';

interface Values {
  warehouseId?: number;
  locationId?: number;
  countedOn?: Dayjs;
  counted?: Record<string, string>;
  note?: string;
}

/** 盘点: count every stock of one location; differences go to an operator for approval. */
export function StockTakeModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const feedback = useFeedback();
  const [form] = Form.useForm<Values>();
  const [key, setKey] = useState(newIdempotencyKey);
  const warehouses = useOwnWarehouses();
  const submitTake = useSubmitStockTake();
  const warehouseId = Form.useWatch('warehouseId', form);
  const locationId = Form.useWatch('locationId', form);
  const locations = warehouses.data?.find((w) => w.id === warehouseId)?.locations ?? [];
  const positions = usePositions({ warehouseId, size: 200 }, open && !!warehouseId && !!locationId);
  const atLocation = (positions.data?.items ?? []).filter((p) => p.locationId === locationId);

  const close = () => {
    form.resetFields();
    setKey(newIdempotencyKey());
    onClose();
  };
  const submit = async (v: Values) => {
    try {
      const r = await submitTake.mutateAsync({
        warehouseId: v.warehouseId!,
        locationId: v.locationId!,
        countedOn: (v.countedOn ?? chinaTodayPick()).format('YYYY-MM-DD'),
        lines: atLocation.map((p) => ({ positionId: p.id, counted: v.counted?.[p.id] ?? '0' })),
        note: v.note || undefined,
        idempotencyKey: key,
      });
      if (r.status === 'NO_DIFFERENCE') feedback.success(`盘点完成：账实相符（${r.takeNo}）`);
      else
        feedback.modal.info({
          title: '盘点已提交',
          content: r.alert
            ? `盘点单 ${r.takeNo} 有盘亏超过可用数量，涉及质押或仓单货物，已向运营预警；调整须经运营审批，期间不会自动冻结或扣减任何货物。`
            : `盘点单 ${r.takeNo} 存在差异，调整将在运营审批后生效。`,
        });
      close();
    } catch (err) {
      setKey(newIdempotencyKey());
      reportFailure(err, feedback, form);
    }
  };

  const columns = [
    { title: '存货企业', dataIndex: 'depositorName', ...ellipsisColumn<Position>() },
    { title: '商品', key: 'goods', render: (_: unknown, p: Position) => `${p.goodsName}${p.batchNo ? `（${p.batchNo}）` : ''}` },
    { title: '账面数量', key: 'book', align: 'right' as const, render: (_: unknown, p: Position) => qtyText(p.total, p.scale, p.unit) },
    {
      title: '实盘数量',
      key: 'counted',
      width: 200,
      render: (_: unknown, p: Position) => (
        <Form.Item
          name={['counted', String(p.id)]}
          style={{ margin: 0 }}
          rules={[
            { required: true, message: '请填写实盘数量' },
            {
              validator: async (_r: unknown, value: unknown) => {
                if (value === '0' || value === 0) return;
                await quantityRule(() => p.scale, '实盘数量').validator(_r, value);
              },
            },
          ]}
        >
          <Input inputMode="decimal" suffix={p.unit} data-testid={`count-${p.id}`} />
        </Form.Item>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title="库位盘点"
      width={860}
      okText="提交盘点"
      onOk={() => form.submit()}
      confirmLoading={submitTake.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="按库位清点实物并填写实盘数量。账实差异生成盘盈/盘亏调整，经运营审批后入账；盘亏涉及质押或仓单货物时将向运营预警。"
      />
      <Form
        form={form}
        layout="inline"
        onFinish={submit}
        initialValues={{ countedOn: chinaTodayPick() }}
        style={{ rowGap: 12, marginBottom: 16 }}
        data-testid="stock-take-form"
      >
        <Form.Item name="warehouseId" label="仓库" rules={[{ required: true, message: '请选择仓库' }]}>
          <Select
            style={{ width: 220 }}
            options={warehouses.data?.map((w) => ({ value: w.id, label: w.name }))}
            onChange={() => form.setFieldValue('locationId', undefined)}
            data-testid="take-warehouse"
          />
        </Form.Item>
        <Form.Item name="locationId" label="库位" rules={[{ required: true, message: '请选择库位' }]}>
          <Select
            style={{ width: 140 }}
            disabled={!warehouseId}
            options={locations.map((l) => ({ value: l.id, label: l.code }))}
            data-testid="take-location"
          />
        </Form.Item>
        <Form.Item name="countedOn" label="盘点日期" rules={[{ required: true, message: '请选择盘点日期' }]}>
          <DatePicker />
        </Form.Item>
        <div style={{ width: '100%', marginTop: 12 }}>
          {locationId ? (
            <Table<Position>
              rowKey="id"
              size="small"
              pagination={false}
              loading={positions.isFetching}
              columns={columns}
              dataSource={atLocation}
              scroll={{ x: 700 }}
              locale={{ emptyText: <Empty description="该库位暂无库存" /> }}
            />
          ) : (
            <Typography.Text type="secondary">选择仓库和库位后列出该库位的全部库存。</Typography.Text>
          )}
        </div>
        <Form.Item name="note" label="备注" style={{ width: '100%', marginTop: 12 }}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
