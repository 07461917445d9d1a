import { AuditOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../lib/feedback.ts';
import { date } from '../../lib/format.ts';
import { ellipsisColumn, usePhoneColumns } from '../../lib/table.tsx';
import {
  fetchPositionsForExport,
  useActiveGoods,
  useEnterprises,
  useOwnWarehouses,
  usePositions,
  useStockTakes,
  type Position,
  type StockTake,
} from './api.ts';
import { qtyText, STOCK_TAKE_COLORS } from './format.ts';
import { MovementDrawer } from './MovementDrawer.tsx';
import { PositionActionModal } from './PositionActionModal.tsx';
import { ReceiptsPanel } from './ReceiptsPanel.tsx';
import { StockOutModal } from './StockOutModal.tsx';
import { StockTakeModal } from './StockTakeModal.tsx';

interface Filters {
  warehouseId?: number;
  depositorId?: number;
  goodsId?: number;
}

function InventoryTab() {
  const feedback = useFeedback();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const positions = usePositions({ ...filters, ...paging });
  const warehouses = useOwnWarehouses();
  const goods = useActiveGoods();
  const enterprises = useEnterprises();
  const [history, setHistory] = useState<Position | null>(null);
  const [action, setAction] = useState<{ kind: 'receipt' | 'move'; position: Position } | null>(null);
  const [outOf, setOutOf] = useState<Position | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportExcel = async () => {
    setExporting(true);
    try {
      const items = await fetchPositionsForExport({ ...filters });
      if (!items.length) return feedback.warning('没有可导出的库存');
      const { exportPositionsToExcel } = await import('./export-stock.ts');
      const filterText = [
        filters.warehouseId && warehouses.data?.find((w) => w.id === filters.warehouseId)?.name,
        filters.depositorId && enterprises.data?.find((e) => e.id === filters.depositorId)?.name,
        filters.goodsId && goods.data?.find((g) => g.id === filters.goodsId)?.name,
      ]
        .filter(Boolean)
        .join('；');
      const name = await exportPositionsToExcel(items, filterText);
      feedback.success(`已导出 ${items.length} 条：${name}`);
    } catch (err) {
      feedback.showFailure(err);
    } finally {
      setExporting(false);
    }
  };

  const q = (field: 'available' | 'pledged' | 'frozen') => (_: unknown, p: Position) => qtyText(p[field], p.scale);
  // Every column visible at 1440 px (issue 24): the table fits the page, so the fixed action column
  // covers nothing; on a phone only the goods column stays fixed (lib/table.tsx).
  const columns = usePhoneColumns<Position>([
    {
      title: '商品 / 批次',
      key: 'goods',
      fixed: 'left',
      width: 150,
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>
            {p.goodsName}
            <Typography.Text type="secondary"> {p.specification ?? ''}</Typography.Text>
          </span>
          {p.batchNo && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              批次 {p.batchNo}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '存货企业', dataIndex: 'depositorName', width: 140, ...ellipsisColumn<Position>() },
    {
      title: '仓库 / 库位',
      key: 'where',
      width: 140,
      render: (_, p) => (
        <Space direction="vertical" size={0} data-testid="position-where">
          <span>{p.warehouseName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            库位 {p.locationCode}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '可用',
      key: 'available',
      align: 'right',
      width: 100,
      render: (_, p) => (
        <Typography.Text strong data-testid="position-available">
          {qtyText(p.available, p.scale)}
        </Typography.Text>
      ),
    },
    { title: '质押', key: 'pledged', align: 'right', width: 92, render: q('pledged') },
    { title: '冻结', key: 'frozen', align: 'right', width: 92, render: q('frozen') },
    {
      title: '库存合计',
      key: 'total',
      align: 'right',
      width: 112,
      render: (_, p) => <span data-testid="position-total">{qtyText(p.total, p.scale, p.unit)}</span>,
    },
    { title: '最近业务日期', dataIndex: 'lastMovedOn', width: 104, render: (v: string | null) => (v ? date(v) : '—') },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 116,
      render: (_, p) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setHistory(p)} data-testid="position-history">
            流水
          </Button>
          <Button type="link" size="small" onClick={() => setOutOf(p)}>
            出库
          </Button>
          <Button type="link" size="small" onClick={() => setAction({ kind: 'move', position: p })}>
            移库
          </Button>
          <Button type="link" size="small" onClick={() => setAction({ kind: 'receipt', position: p })} data-testid="position-issue-receipt">
            开仓单
          </Button>
        </Space>
      ),
    },
  ]);

  return (
    <>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => {
          setFilters(v);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="warehouseId" label="仓库">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 220 }}
            options={warehouses.data?.map((w) => ({ value: w.id, label: w.name }))}
          />
        </Form.Item>
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
            style={{ width: 150 }}
            options={goods.data?.map((g) => ({ value: g.id, label: g.name }))}
          />
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
                setFilters({});
              }}
            >
              重置
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportExcel} data-testid="export-stock">
              导出 Excel
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<Position>
        rowKey="id"
        size="middle"
        data-testid="position-table"
        columns={columns}
        dataSource={positions.data?.items ?? []}
        loading={positions.isPending || positions.isPlaceholderData}
        scroll={{ x: 1046 }}
        locale={{ emptyText: <Empty description="暂无库存" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: positions.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, size) => setPaging({ page, size }),
        }}
      />
      <MovementDrawer position={history} onClose={() => setHistory(null)} />
      <PositionActionModal action={action?.kind ?? null} position={action?.position ?? null} onClose={() => setAction(null)} />
      <StockOutModal open={outOf !== null} position={outOf ?? undefined} onClose={() => setOutOf(null)} />
    </>
  );
}

function StockTakesTab() {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const takes = useStockTakes(paging);
  const [open, setOpen] = useState(false);
  const columns: TableColumnsType<StockTake> = [
    { title: '盘点单号', dataIndex: 'takeNo', width: 180 },
    { title: '仓库 / 库位', key: 'where', width: 220, render: (_, t) => `${t.warehouseName} ${t.locationCode}` },
    { title: '盘点日期', dataIndex: 'countedOn', width: 110, render: (v: string) => date(v) },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      width: 140,
      render: (v: string, t) => (
        <Space size={4}>
          <Tag color={STOCK_TAKE_COLORS[t.status]}>{v}</Tag>
          {t.alert && <Tag color="red">预警</Tag>}
        </Space>
      ),
    },
    {
      title: '差异',
      key: 'lines',
      render: (_, t) => {
        const diffs = t.lines.filter((l) => !/^-?0(\.0+)?$/.test(l.difference));
        if (!diffs.length) return <Typography.Text type="secondary">账实相符</Typography.Text>;
        return (
          <Space direction="vertical" size={0}>
            {diffs.map((l) => (
              <span key={l.positionId}>
                {l.goodsName}
                {l.batchNo ? `（${l.batchNo}）` : ''}：账面 {qtyText(l.book, l.scale)}，实盘 {qtyText(l.counted, l.scale)}，
                <Typography.Text type={l.difference.startsWith('-') ? 'danger' : 'success'}>
                  {l.difference.startsWith('-')
                    ? `盘亏 ${qtyText(l.difference.slice(1), l.scale)}`
                    : `盘盈 ${qtyText(l.difference, l.scale)}`}
                </Typography.Text>{' '}
                {l.unit}
              </span>
            ))}
          </Space>
        );
      },
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<AuditOutlined />} onClick={() => setOpen(true)} data-testid="open-stock-take">
          新建盘点
        </Button>
      </Space>
      <Table<StockTake>
        rowKey="id"
        size="middle"
        data-testid="stock-take-table"
        columns={columns}
        dataSource={takes.data?.items ?? []}
        loading={takes.isPending || takes.isPlaceholderData}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="暂无盘点记录" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: takes.data?.totalCount ?? 0,
          onChange: (page, size) => setPaging({ page, size }),
        }}
      />
      <StockTakeModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** `/warehouse/stockDetails` (PRODUCT §8): inventory by depositor and goods with drill-down and Excel export, receipts, stock-taking. */
export default function StockDetailsPage() {
  const [tab, setTab] = useState('inventory');
  return (
    <Card title="库存明细" data-testid="stock-details">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'inventory', label: '库存', children: <InventoryTab /> },
          { key: 'receipts', label: '电子仓单', children: <ReceiptsPanel role="warehouse" /> },
          { key: 'stock-takes', label: '盘点', children: <StockTakesTab /> },
        ]}
      />
    </Card>
  );
}
