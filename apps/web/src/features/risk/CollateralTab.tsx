import { Alert, Card, Col, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { Money, money } from '../../lib/Money.tsx';
import { date, percent } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { useCollateral, type Collateral } from './api.ts';

// 风险管理 → 押品监控 (issue 27): live pledges valued at today's price against their lines, open margin
// calls, collateral by goods.

const RISK_COLORS = { NORMAL: 'success', WARNING: 'warning', LIQUIDATION: 'error' } as const;

type Watched = Collateral['financings'][number];

export default function CollateralTab() {
  const q = useCollateral();
  const financingColumns = usePhoneColumns<Watched>([
    { title: '融资编号', dataIndex: 'financingNo', width: 190 },
    { title: '借款人', dataIndex: 'borrowerName', width: 180 },
    { title: '货物', dataIndex: 'goodsName', width: 110 },
    { title: '仓库', dataIndex: 'warehouseName', width: 160 },
    { title: '质押数量', key: 'qty', width: 120, align: 'right', render: (_: unknown, r) => `${r.quantity} ${r.unit}` },
    { title: '今日价值', dataIndex: 'value', width: 150, align: 'right', render: money },
    { title: '未偿本金', dataIndex: 'outstanding', width: 150, align: 'right', render: money },
    { title: '质押率', dataIndex: 'ltvPpm', width: 90, align: 'right', render: (v: number) => percent(v) },
    {
      title: '警戒线 / 处置线',
      key: 'lines',
      width: 130,
      render: (_: unknown, r) => `${percent(r.warningLinePpm)} / ${percent(r.liquidationLinePpm)}`,
    },
    { title: '状态', dataIndex: 'risk', width: 90, render: (v: Watched['risk'], r) => <Tag color={RISK_COLORS[v]}>{r.riskLabel}</Tag> },
    {
      title: '跌至警戒线',
      dataIndex: 'dropToWarningPpm',
      width: 110,
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : v === 0 ? '已触及' : `下跌 ${percent(v)}`),
    },
  ]);
  const callColumns = usePhoneColumns<Collateral['marginCalls'][number]>([
    { title: '融资编号', dataIndex: 'financingNo', width: 190 },
    { title: '借款人', dataIndex: 'borrowerName', width: 180 },
    { title: '应补保证金', dataIndex: 'amount', width: 140, align: 'right', render: money },
    { title: '已补', dataIndex: 'paidAmount', width: 120, align: 'right', render: money },
    { title: '通知时质押率', dataIndex: 'ltvPpm', width: 110, align: 'right', render: (v: number) => percent(v) },
    { title: '截止日', dataIndex: 'deadline', width: 110, render: (v: string) => date(v) },
    {
      title: '剩余天数',
      dataIndex: 'daysLeft',
      width: 110,
      render: (v: number, r) =>
        r.status === 'DEFAULTED' ? <Tag color="error">已违约</Tag> : v < 0 ? <Tag color="error">已过期 {-v} 天</Tag> : `${v} 天`,
    },
  ]);
  const goodsColumns = usePhoneColumns<Collateral['byGoods'][number]>([
    { title: '货物', dataIndex: 'goodsName', width: 120 },
    { title: '质押数量', key: 'qty', width: 130, align: 'right', render: (_: unknown, r) => `${r.quantity} ${r.unit}` },
    { title: '今日单价', dataIndex: 'unitPrice', width: 130, align: 'right', render: money },
    { title: '报价日', dataIndex: 'priceDate', width: 110, render: (v: string | null) => date(v) },
    { title: '押品价值', dataIndex: 'value', width: 150, align: 'right', render: money },
    { title: '未偿本金', dataIndex: 'outstanding', width: 150, align: 'right', render: money },
    { title: '笔数', dataIndex: 'count', width: 70, align: 'right' },
  ]);
  if (q.isError) return <LoadFailure title="押品监控加载失败" error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active />;
  const c = q.data;
  const over = c.financings.filter((f) => f.risk !== 'NORMAL');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        {c.byRisk.map((r) => (
          <Col xs={24} md={8} key={r.risk}>
            <Card size="small">
              <Statistic title={`${r.label}（${r.count} 笔）`} valueRender={() => <Money cents={r.outstanding} />} />
            </Card>
          </Col>
        ))}
      </Row>
      {over.length > 0 && <Alert type="warning" showIcon message={`${over.length} 笔货押融资的质押率已触及警戒线或处置线`} />}
      <Card size="small" title="质押率分布">
        <Table
          rowKey="band"
          size="small"
          dataSource={c.ltvBands}
          pagination={false}
          columns={[
            { title: '质押率', dataIndex: 'label', width: 140 },
            { title: '笔数', dataIndex: 'count', width: 80, align: 'right' },
            { title: '未偿本金', dataIndex: 'outstanding', width: 150, align: 'right', render: money },
          ]}
        />
      </Card>
      <Card size="small" title="在贷货押融资">
        <Typography.Paragraph type="secondary">
          按今日价格估值，质押率从高到低；「跌至警戒线」为价格再下跌多少即触及预警线。
        </Typography.Paragraph>
        <Table<Watched>
          data-testid="risk-collateral-table"
          rowKey="id"
          size="small"
          dataSource={c.financings}
          columns={financingColumns}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无在贷货押融资' }}
        />
      </Card>
      <Card size="small" title="未结追加保证金通知">
        <Table
          rowKey="id"
          size="small"
          dataSource={c.marginCalls}
          columns={callColumns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无未结的追加保证金通知' }}
        />
      </Card>
      <Card size="small" title="按货物的押品价值">
        <Table
          rowKey="goodsId"
          size="small"
          dataSource={c.byGoods}
          columns={goodsColumns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无质押货物' }}
        />
      </Card>
    </Space>
  );
}
