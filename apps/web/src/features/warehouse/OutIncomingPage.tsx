import { ExportOutlined, ImportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Select, Space } from 'antd';
import { DateRangePicker } from '../../lib/DateRangePicker.tsx';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useActiveGoods, useEnterprises, useMovements, type MovementQuery } from './api.ts';
import { MOVEMENT_KIND_OPTIONS } from './format.ts';
import { MovementTable } from './MovementTable.tsx';
import { StockInModal } from './StockInModal.tsx';
import { StockOutModal } from './StockOutModal.tsx';

interface Filters {
  depositorId?: number;
  goodsId?: number;
  kind?: MovementQuery['kind'];
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** `/warehouse/outIncoming` (PRODUCT §8): stock-in and stock-out records with filters, and the forms for both. */
export default function OutIncomingPage() {
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<MovementQuery>({ kind: 'IN_OUT' });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const movements = useMovements({ ...query, ...paging });
  const goods = useActiveGoods();
  const enterprises = useEnterprises();
  const [dialog, setDialog] = useState<'in' | 'out' | null>(null);

  const search = (v: Filters) => {
    setQuery({
      depositorId: v.depositorId,
      goodsId: v.goodsId,
      kind: v.kind,
      dateFrom: v.range?.[0]?.format('YYYY-MM-DD'),
      dateTo: v.range?.[1]?.format('YYYY-MM-DD'),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };

  return (
    <Card
      title="出入库"
      data-testid="out-incoming"
      extra={
        <Space wrap>
          <Button type="primary" icon={<ImportOutlined />} onClick={() => setDialog('in')} data-testid="open-stock-in">
            入库登记
          </Button>
          <Button icon={<ExportOutlined />} onClick={() => setDialog('out')} data-testid="open-stock-out">
            出库登记
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="inline" onFinish={search} initialValues={{ kind: 'IN_OUT' }} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="depositorId" label="存货企业">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部"
            style={{ width: 220 }}
            options={enterprises.data?.map((e) => ({ value: e.id, label: e.name }))}
          />
        </Form.Item>
        <Form.Item name="goodsId" label="商品">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部"
            style={{ width: 160 }}
            options={goods.data?.map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Select allowClear placeholder="全部流水" style={{ width: 150 }} options={MOVEMENT_KIND_OPTIONS} />
        </Form.Item>
        <Form.Item name="range" label="日期" style={{ maxWidth: '100%' }}>
          <DateRangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                setQuery({ kind: 'IN_OUT' });
                setPaging({ page: 1, size: 10 });
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <MovementTable
        items={movements.data?.items ?? []}
        loading={movements.isPending || movements.isPlaceholderData}
        total={movements.data?.totalCount ?? 0}
        page={paging.page}
        size={paging.size}
        onPage={(page, size) => setPaging({ page, size })}
      />
      <StockInModal open={dialog === 'in'} onClose={() => setDialog(null)} />
      <StockOutModal open={dialog === 'out'} onClose={() => setDialog(null)} />
    </Card>
  );
}
