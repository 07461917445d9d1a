import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket } from '@factoring/domain/contract';
import { Card, Col, Row, Skeleton, Space, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { Money, money } from '../../lib/Money.tsx';
import { date, percent } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { useAging, type AgingRow, type RiskFinancing } from './api.ts';
import ReserveCard from './ReserveCard.tsx';
import { Stat } from './Stat.tsx';

// 风险管理 → 账龄 (issue 27): principal outstanding by days past due, the non-performing (90+) and the
// risk reserve required beside the reserve booked.

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

export default function AgingTab() {
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
          <Stat title="应计提风险准备金" cents={a.requiredReserve} testId="risk-reserve" />
        </Col>
      </Row>
      <Typography.Text type="secondary">
        统计日 {a.asOf}。逾期超过 90 天的业务计为不良（银保监办发〔2019〕205号）；风险准备金不低于保理余额的 {percent(a.reserveRatePpm)}
        ，另按各账龄段专项计提。
      </Typography.Text>
      <ReserveCard aging={a} />
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
