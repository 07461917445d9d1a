import { stockInSchema } from '@factoring/domain/contract/schemas';
import { Col, Form, Input, Modal, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { chinaTodayPick } from '../../lib/china-today.ts';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { DatePicker } from '../../lib/date-picker.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { schemaRule } from '../../lib/schema-rule.ts';
import { UploadField } from '../../lib/UploadField.tsx';
import { useActiveGoods, useEnterprises, useOwnWarehouses, useStockIn } from './api.ts';
import { quantityRule, zoneRule } from './format.ts';
import { submitStock } from './submit.ts';

interface Values {
  warehouseId?: number;
  locationId?: number;
  depositorId?: number;
  goodsId?: number;
  batchNo?: string;
  quantity?: string;
  occurredOn?: Dayjs;
  documentNo?: string;
  weighNote?: number | null;
  certificate?: number | null;
  note?: string;
}

const field = (name: keyof typeof stockInSchema.shape) => schemaRule(stockInSchema.shape[name]);

/** 入库登记: depositor, goods, batch, quantity (in the goods' unit), location, date, document number, weigh note and quality certificate. */
export function StockInModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const feedback = useFeedback();
  const [form] = Form.useForm<Values>();
  const [key, setKey] = useState(newIdempotencyKey);
  const warehouses = useOwnWarehouses();
  const goods = useActiveGoods();
  const [keyword, setKeyword] = useState('');
  const enterprises = useEnterprises(keyword || undefined);
  const stockIn = useStockIn();
  const warehouseId = Form.useWatch('warehouseId', form);
  const goodsId = Form.useWatch('goodsId', form);
  const selectedGoods = goods.data?.find((g) => g.id === goodsId);
  const locations = useMemo(() => warehouses.data?.find((w) => w.id === warehouseId)?.locations ?? [], [warehouses.data, warehouseId]);

  const close = () => {
    form.resetFields();
    setKey(newIdempotencyKey());
    onClose();
  };
  const submit = async (v: Values) => {
    const result = await submitStock(
      stockIn,
      {
        warehouseId: v.warehouseId!,
        locationId: v.locationId!,
        depositorId: v.depositorId!,
        goodsId: v.goodsId!,
        batchNo: v.batchNo || undefined,
        quantity: v.quantity!,
        occurredOn: (v.occurredOn ?? chinaTodayPick()).format('YYYY-MM-DD'),
        documentNo: v.documentNo!,
        attachmentIds: [v.weighNote, v.certificate].filter((x): x is number => typeof x === 'number'),
        note: v.note || undefined,
        idempotencyKey: key,
      },
      form,
      feedback,
      'quantity',
      'locationId',
    );
    if (result) {
      feedback.success(`入库已登记：${String(result.operationNo ?? '')}`);
      close();
    }
  };

  return (
    <Modal
      open={open}
      title="入库登记"
      width={720}
      okText="确认入库"
      onOk={() => form.submit()}
      confirmLoading={stockIn.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ occurredOn: chinaTodayPick() }} data-testid="stock-in-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="warehouseId" label="仓库" rules={[field('warehouseId')]}>
              <Select
                placeholder="选择仓库"
                loading={warehouses.isLoading}
                options={warehouses.data?.map((w) => ({ value: w.id, label: w.name }))}
                onChange={() => form.setFieldValue('locationId', undefined)}
                data-testid="in-warehouse"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="locationId"
              label="库位"
              dependencies={['goodsId']}
              rules={[
                field('locationId'),
                zoneRule(() => ({
                  location: locations.find((l) => l.id === form.getFieldValue('locationId')),
                  acceptedCategories: warehouses.data?.find((w) => w.id === warehouseId)?.acceptedCategories,
                  goods: selectedGoods,
                })),
              ]}
            >
              <Select
                placeholder={warehouseId ? '选择库位' : '请先选择仓库'}
                disabled={!warehouseId}
                options={locations.map((l) => ({ value: l.id, label: `${l.code}${l.name ? ` ${l.name}` : ''}` }))}
                data-testid="in-location"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="depositorId" label="存货企业" rules={[field('depositorId')]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                placeholder="输入企业名称搜索"
                loading={enterprises.isFetching}
                options={enterprises.data?.map((e) => ({ value: e.id, label: e.name }))}
                data-testid="in-depositor"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="goodsId" label="商品" rules={[field('goodsId')]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="选择商品"
                loading={goods.isLoading}
                options={goods.data?.map((g) => ({
                  value: g.id,
                  label: `${g.name}${g.specification ? ` ${g.specification}` : ''}（${g.unit}）`,
                }))}
                onChange={() => form.validateFields(['quantity']).catch(() => undefined)}
                data-testid="in-goods"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="batchNo" label="批次号" rules={[field('batchNo')]}>
              <Input placeholder="选填，如 RB2611-01" maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="quantity"
              label="入库数量"
              rules={[field('quantity'), quantityRule(() => selectedGoods?.scale, '入库数量')]}
              extra={
                selectedGoods
                  ? selectedGoods.scale
                    ? `单位：${selectedGoods.unit}，最多 ${selectedGoods.scale} 位小数`
                    : `单位：${selectedGoods.unit}，整数`
                  : undefined
              }
            >
              <Input inputMode="decimal" suffix={selectedGoods?.unit} placeholder="如 120.500" data-testid="in-quantity" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="occurredOn" label="入库日期" rules={[{ required: true, message: '请选择入库日期' }]}>
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(chinaTodayPick(), 'day')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="documentNo" label="入库单号" rules={[field('documentNo')]}>
              <Input placeholder="如 RK-SZ-20261123-01" maxLength={40} data-testid="in-document" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="weighNote" label="磅单">
              <UploadField purpose="WAREHOUSE_WEIGH_NOTE" label="磅单" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="certificate" label="质检单">
              <UploadField purpose="WAREHOUSE_QUALITY" label="质检单" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="note" label="备注" rules={[field('note')]}>
              <Input.TextArea rows={3} maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
