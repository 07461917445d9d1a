import { Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
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

const BUCKETS = [
  ['available', '可用'],
  ['pledged', '质押'],
  ['frozen', '冻结'],
] as const;

/** The buckets a movement changed, one per line (`可用 +88.888`); a movement changes one to three. */
function BucketChanges({ movement: m }: { movement: Movement }) {
  const changes = BUCKETS.map(([field, label]) => [label, deltaText(m[field], m.scale)] as const).filter(([, text]) => text);
  if (!changes.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {changes.map(([label, text]) => (
        <span key={label} style={{ whiteSpace: 'nowrap' }}>
          {label} <Typography.Text type={text.startsWith('+') ? 'success' : 'danger'}>{text}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

const secondary = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);

/**
 * The movement columns, every one visible at 1440 px (issue 24): the bucket changes share one column,
 * the location sits under its warehouse, the recording time under who recorded it.
 */
export const movementColumns = (withParty = true): TableColumnsType<Movement> => [
  { title: '业务日期', dataIndex: 'occurredOn', width: 104, render: (v: string) => date(v) },
  {
    title: '类型',
    dataIndex: 'kindLabel',
    width: 96,
    render: (v: string, m) => (
      <Tag color={KIND_COLORS[m.kind] ?? 'default'} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
        {v}
      </Tag>
    ),
  },
  {
    title: '商品 / 批次',
    key: 'goods',
    width: 120,
    render: (_: unknown, m: Movement) => (
      <Space direction="vertical" size={0}>
        <span>{m.goodsName}</span>
        {m.batchNo && secondary(m.batchNo)}
      </Space>
    ),
  },
  {
    title: '数量',
    dataIndex: 'quantity',
    align: 'right',
    width: 112,
    render: (v: string, m) => (
      <span data-testid="movement-quantity" style={{ whiteSpace: 'nowrap' }}>
        {qtyText(v, m.scale, m.unit)}
      </span>
    ),
  },
  { title: '库存变动', key: 'buckets', width: 128, render: (_: unknown, m: Movement) => <BucketChanges movement={m} /> },
  ...(withParty ? [{ title: '存货企业', dataIndex: 'depositorName', width: 120, ...ellipsisColumn<Movement>() }] : []),
  {
    title: '仓库 / 库位',
    key: 'where',
    width: 136,
    render: (_: unknown, m: Movement) => (
      <Space direction="vertical" size={0}>
        <span>{m.warehouseName}</span>
        {secondary(`库位 ${m.locationCode}`)}
      </Space>
    ),
  },
  {
    title: '单号',
    dataIndex: 'documentNo',
    width: 126,
    render: (v: string | null, m) => <span style={{ overflowWrap: 'anywhere' }}>{v ?? m.operationNo}</span>,
  },
  {
    title: '经办 / 登记时间',
    dataIndex: 'actorName',
    width: 138,
    render: (v: string, m) => (
      <Space direction="vertical" size={0}>
        <span>{v}</span>
        {secondary(dateTime(m.createdAt))}
      </Space>
    ),
  },
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
      scroll={{ x: withParty ? 1080 : 960 }}
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
