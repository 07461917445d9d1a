import { FileExcelOutlined } from '@ant-design/icons';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket } from '@factoring/domain/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Row,
  Segmented,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { Money, money } from '../../lib/Money.tsx';
import { useFeedback } from '../../lib/feedback.ts';
import { date, percent } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import {
  useAging,
  useCollateral,
  useExposure,
  useExposureFinancings,
  type AgingRow,
  type Collateral,
  type DrillDown,
  type Exposure,
  type ExposureRow,
  type RiskFinancing,
} from './api.ts';
import { GROUPING_LABELS, type Grouping } from './export-exposure.ts';

// 风险管理 (issue 27): the factor's book as the risk desk reads it — exposure with its shares and the
// financings behind each row, aging by days past due with the non-performing flag and the reserve
// required, and the collateral watch of pledges. Read-only; every figure comes from the server.

const DIMENSION_OF: Record<Grouping, DrillDown['dimension']> = {
  byProduct: 'product',
  byBorrower: 'borrower',
  byDebtor: 'debtor',
  byPlatform: 'platform',
  byWarehouse: 'warehouse',
  byGoods: 'goods',
};

const RISK_COLORS = { NORMAL: 'success', WARNING: 'warning', LIQUIDATION: 'error' } as const;
/** Short column headers of the aging tables (the tags keep the full words). */
const BUCKET_HEADERS: Record<AgingBucket, string> = {
  CURRENT: '未逾期',
  D1_30: '1–30 天',
  D31_60: '31–60 天',
  D61_90: '61–90 天',
  D90_PLUS: '90 天以上（不良）',
};
const BUCKET_COLORS: Record<AgingBucket, string> = {
  CURRENT: 'success',
  D1_30: 'gold',
  D31_60: 'orange',
  D61_90: 'volcano',
  D90_PLUS: 'error',
};

function Stat({ title, cents, testId }: { title: string; cents: number; testId?: string }) {
  return (
    <Card size="small">
      <Statistic title={title} valueRender={() => <Money cents={cents} />} data-testid={testId} />
    </Card>
  );
}

function FinancingsDrawer({ drill, title, onClose }: { drill: DrillDown | null; title: string; onClose: () => void }) {
  const q = useExposureFinancings(drill);
  const columns = usePhoneColumns<RiskFinancing>([
    { title: '融资编号', dataIndex: 'financingNo', width: 190 },
    { title: '产品', dataIndex: 'productLabel', width: 150 },
    { title: '借款人', dataIndex: 'borrowerName', width: 180 },
    { title: '到期日', dataIndex: 'dueDate', width: 110, render: (v: string | null) => date(v) },
    {
      title: '逾期天数',
      dataIndex: 'daysPastDue',
      width: 120,
      render: (v: number, r) => (
        <Space size={4}>
          {v}
          {r.nonPerforming && <Tag color="error">不良</Tag>}
        </Space>
      ),
    },
    { title: '未偿本金', dataIndex: 'principal', width: 140, align: 'right', render: money },
    { title: '利息', dataIndex: 'interest', width: 120, align: 'right', render: money },
    { title: '罚息', dataIndex: 'penalty', width: 110, align: 'right', render: money },
    { title: '合计', dataIndex: 'total', width: 140, align: 'right', render: money },
  ]);
  return (
    <Drawer open={drill !== null} onClose={onClose} title={title} width="min(960px, 100vw)" destroyOnHidden>
      {q.isError ? (
        <LoadFailure title="融资明细加载失败" error={q.error} retry={() => void q.refetch()} />
      ) : (
        <Table<RiskFinancing>
          data-testid="risk-drill-table"
          rowKey={(r) => `${r.product}-${r.id}`}
          size="small"
          loading={q.isLoading}
          dataSource={q.data ?? []}
          columns={columns}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无融资' }}
        />
      )}
    </Drawer>
  );
}

function ExposureTab({ data }: { data: Exposure }) {
  const feedback = useFeedback();
  const [grouping, setGrouping] = useState<Grouping>('byProduct');
  const [drill, setDrill] = useState<{ q: DrillDown; title: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const rows = data[grouping] as ExposureRow[];
  const columns = usePhoneColumns<ExposureRow>([
    { title: GROUPING_LABELS[grouping], dataIndex: 'label', width: 200 },
    { title: '笔数', dataIndex: 'count', width: 70, align: 'right' },
    { title: '未偿本金', dataIndex: 'principal', width: 150, align: 'right', render: money },
    { title: '应收利息', dataIndex: 'interest', width: 130, align: 'right', render: money },
    { title: '罚息', dataIndex: 'penalty', width: 120, align: 'right', render: money },
    { title: '合计', dataIndex: 'total', width: 150, align: 'right', render: money },
    { title: '占比', dataIndex: 'sharePpm', width: 90, align: 'right', render: (v: number) => percent(v) },
    {
      title: '明细',
      key: 'drill',
      width: 80,
      render: (_: unknown, r) =>
        r.count > 0 ? (
          <Button
            type="link"
            size="small"
            onClick={() => setDrill({ q: { dimension: DIMENSION_OF[grouping], key: r.key }, title: `${r.label} · 融资明细` })}
          >
            查看
          </Button>
        ) : null,
    },
  ]);
  // The bank's book by borrower: the same figures, no drill-down (its loans are under 产品 → 银行云贷).
  const bankColumns = columns.filter((c) => c.key !== 'drill').map((c, i) => (i === 0 ? { ...c, title: '借款人' } : c));
  const exportExcel = async () => {
    setExporting(true);
    try {
      const { exportExposureToExcel } = await import('./export-exposure.ts');
      feedback.success(`已导出 ${await exportExposureToExcel(data, grouping)}`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12} lg={6}>
          <Stat title="保理账簿合计" cents={data.book.total} testId="risk-book-total" />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Stat title="未偿本金" cents={data.book.principal} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Stat title="应收利息与罚息" cents={data.book.interest + data.book.penalty} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Stat title="银行云贷（银行账簿）" cents={data.bankBook.total} />
        </Col>
      </Row>
      <Card
        size="small"
        title={`按${GROUPING_LABELS[grouping]}`}
        extra={
          <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()} disabled={!rows.length}>
            导出 Excel
          </Button>
        }
      >
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <div style={{ overflowX: 'auto' }}>
            <Segmented<Grouping>
              aria-label="统计维度"
              value={grouping}
              onChange={setGrouping}
              options={(Object.keys(GROUPING_LABELS) as Grouping[]).map((g) => ({ value: g, label: GROUPING_LABELS[g] }))}
            />
          </div>
          <Typography.Text type="secondary">
            保理账簿共 {data.book.count} 笔，统计日 {data.asOf}；银行云贷为银行账簿，另列，不计入占比。
          </Typography.Text>
          {(grouping === 'byWarehouse' || grouping === 'byGoods') && (
            <Typography.Text type="secondary">仅货押融资；占比为占保理账簿合计的比例，各行之和即货押融资的占比。</Typography.Text>
          )}
          <Table<ExposureRow>
            data-testid="risk-exposure-table"
            rowKey="key"
            size="small"
            dataSource={rows}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: '暂无在贷余额' }}
          />
        </Space>
      </Card>
      {data.bankBook.count > 0 && (
        <Card size="small" title="银行云贷（银行账簿）">
          <Table<ExposureRow>
            rowKey="key"
            size="small"
            dataSource={data.bankBook.byBorrower}
            columns={bankColumns}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Card>
      )}
      <FinancingsDrawer drill={drill?.q ?? null} title={drill?.title ?? ''} onClose={() => setDrill(null)} />
    </Space>
  );
}

function agingColumns(first: string): TableColumnsType<AgingRow> {
  return [
    { title: first, dataIndex: 'label', width: 180 },
    ...AGING_BUCKETS.map((b) => ({
      title: BUCKET_HEADERS[b],
      key: b,
      width: 120,
      align: 'right' as const,
      render: (_: unknown, r: AgingRow) => <Money cents={r.buckets[b]} />,
    })),
    { title: '合计', dataIndex: 'total', width: 140, align: 'right', render: money },
    {
      title: '不良',
      dataIndex: 'nonPerformingCount',
      width: 90,
      render: (n: number) => (n > 0 ? <Tag color="error">{n} 笔</Tag> : <Tag color="success">无</Tag>),
    },
  ];
}

function AgingTab() {
  const q = useAging();
  const byProduct = usePhoneColumns(agingColumns('产品'));
  const byBorrower = usePhoneColumns(agingColumns('借款人'));
  const pastDueColumns = usePhoneColumns<RiskFinancing>([
    { title: '融资编号', dataIndex: 'financingNo', width: 190 },
    { title: '产品', dataIndex: 'productLabel', width: 150 },
    { title: '借款人', dataIndex: 'borrowerName', width: 180 },
    { title: '到期日', dataIndex: 'dueDate', width: 110, render: (v: string | null) => date(v) },
    { title: '逾期天数', dataIndex: 'daysPastDue', width: 90, align: 'right' },
    {
      title: '账龄',
      dataIndex: 'bucket',
      width: 170,
      render: (b: AgingBucket) => <Tag color={BUCKET_COLORS[b]}>{AGING_BUCKET_LABELS[b]}</Tag>,
    },
    { title: '未偿本金', dataIndex: 'principal', width: 140, align: 'right', render: money },
    { title: '罚息', dataIndex: 'penalty', width: 110, align: 'right', render: money },
  ]);
  if (q.isError) return <LoadFailure title="账龄加载失败" error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active />;
  const a = q.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12} lg={6}>
          <Stat title="保理余额（未偿本金）" cents={a.factoringBalance} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Stat title="不良（逾期 90 天以上）" cents={a.total.nonPerforming} testId="risk-npl" />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            <Statistic title="不良率" value={percent(a.nonPerformingRatioPpm)} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Stat title={`应计提风险准备金（≥ ${percent(a.reserveRatePpm)}）`} cents={a.requiredReserve} testId="risk-reserve" />
        </Col>
      </Row>
      <Typography.Text type="secondary">
        统计日 {a.asOf}。逾期超过 90 天的业务计为不良（银保监办发〔2019〕205号）；风险准备金不低于保理余额的 1%。
      </Typography.Text>
      <Card size="small" title="按产品">
        <Table<AgingRow>
          data-testid="risk-aging-table"
          rowKey="key"
          size="small"
          dataSource={[...a.byProduct, a.total]}
          columns={byProduct}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <Card size="small" title="按借款人">
        <Table<AgingRow>
          rowKey="key"
          size="small"
          dataSource={a.byBorrower}
          columns={byBorrower}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无在贷余额' }}
        />
      </Card>
      <Card size="small" title="逾期融资">
        <Table<RiskFinancing>
          rowKey={(r) => `${r.product}-${r.id}`}
          size="small"
          dataSource={a.pastDue}
          columns={pastDueColumns}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无逾期融资' }}
        />
      </Card>
    </Space>
  );
}

type Watched = Collateral['financings'][number];

function CollateralTab() {
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

function ExposurePane() {
  const q = useExposure();
  if (q.isError) return <LoadFailure title="风险敞口加载失败" error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active />;
  return <ExposureTab data={q.data} />;
}

export default function RiskPage() {
  return (
    <Card title="风险管理" data-testid="risk-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'exposure', label: '敞口', children: <ExposurePane /> },
          { key: 'aging', label: '账龄', children: <AgingTab /> },
          { key: 'collateral', label: '押品监控', children: <CollateralTab /> },
        ]}
      />
    </Card>
  );
}
