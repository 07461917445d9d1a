import { Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { date, dateTime } from '../../lib/format.ts';
import { ellipsisColumn } from '../../lib/table.tsx';
import type { Movement } from './api.ts';
import { deltaText, qtyText } from './format.ts';

const KIND_COLORS: Record<string, string> = {
  IN: 'green',
  OUT: 'red',
  ADJUST_GAIN: 'cyan',
  ADJUST_LOSS: 'volcano',
  PLEDGE: 'gold',
  RELEASE: 'lime',
};

const delta = (v: string, m: Movement) => {
  const text = deltaText(v, m.scale);
  return text ? (
    <Typography.Text type={text.startsWith('+') ? 'success' : 'danger'}>{text}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );
};

export const movementColumns = (withParty = true): TableColumnsType<Movement> => [
  { title: '业务日期', dataIndex: 'occurredOn', width: 110, render: (v: string) => date(v) },
  { title: '类型', dataIndex: 'kindLabel', width: 120, render: (v: string, m) => <Tag color={KIND_COLORS[m.kind] ?? 'default'}>{v}</Tag> },
  { title: '商品', key: 'goods', width: 170, render: (_: unknown, m: Movement) => `${m.goodsName}${m.batchNo ? `（${m.batchNo}）` : ''}` },
  {
    title: '数量',
    dataIndex: 'quantity',
    align: 'right',
    width: 130,
    render: (v: string, m) => <span data-testid="movement-quantity">{qtyText(v, m.scale, m.unit)}</span>,
  },
  { title: '可用', dataIndex: 'available', align: 'right', width: 110, render: delta },
  { title: '质押', dataIndex: 'pledged', align: 'right', width: 100, render: delta },
  { title: '冻结', dataIndex: 'frozen', align: 'right', width: 100, render: delta },
  ...(withParty ? [{ title: '存货企业', dataIndex: 'depositorName', width: 190, ...ellipsisColumn<Movement>() }] : []),
  { title: '仓库 / 库位', key: 'where', width: 210, render: (_: unknown, m: Movement) => `${m.warehouseName} ${m.locationCode}` },
  { title: '单号', dataIndex: 'documentNo', width: 170, render: (v: string | null, m) => v ?? m.operationNo },
  { title: '经办', dataIndex: 'actorName', width: 80 },
  { title: '登记时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dateTime(v) },
];

interface Props {
  items: Movement[];
  loading: boolean;
  total: number;
  page: number;
  size: number;
  onPage(page: number, size: number): void;
  withParty?: boolean;
}

export function MovementTable({ items, loading, total, page, size, onPage, withParty = true }: Props) {
  return (
    <Table<Movement>
      rowKey="id"
      size="middle"
      data-testid="movement-table"
      columns={movementColumns(withParty)}
      dataSource={items}
      loading={loading}
      scroll={{ x: 1460 }}
      locale={{ emptyText: <Empty description="暂无出入库记录" /> }}
      pagination={{
        current: page,
        pageSize: size,
        total,
        showSizeChanger: true,
        showTotal: (t) => `共 ${t} 条`,
        onChange: (p, s) => onPage(s === size ? p : 1, s),
      }}
    />
  );
}
