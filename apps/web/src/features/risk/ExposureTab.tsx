import { FileExcelOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Segmented, Skeleton, Space, Table, theme } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { useFeedback } from '../../lib/feedback.ts';
import { percent } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { useExposure, type DrillDown, type Exposure, type ExposureRow } from './api.ts';
import { GROUPING_LABELS, type Grouping } from './groupings.ts';
import { Stat } from './Stat.tsx';

// The drill-down drawer loads when a row is opened (the tab's first load stays within budget).
const FinancingsDrawer = lazy(() => import('./FinancingsDrawer.tsx'));

/** A secondary note (plain text in the theme's secondary colour: no Typography on the first load). */
function Note({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{children}</span>;
}

// 风险管理 → 敞口 (issue 27): the factor's book with its shares by product, borrower, debtor, platform,
// warehouse and goods, the financings behind each row, and the Excel export.

const DIMENSION_OF: Record<Grouping, DrillDown['dimension']> = {
  byProduct: 'product',
  byBorrower: 'borrower',
  byDebtor: 'debtor',
  byPlatform: 'platform',
  byWarehouse: 'warehouse',
  byGoods: 'goods',
};

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
          <Note>
            保理账簿共 {data.book.count} 笔，统计日 {data.asOf}
            ；占比为占保理账簿未偿本金的比例（与监管指标、限额同一口径）；银行云贷为银行账簿，另列，不计入占比。
          </Note>
          {grouping === 'byDebtor' && <Note>货押融资以货物为担保、没有债务人，不计入按债务人的统计，各行之和可小于 100%。</Note>}
          {(grouping === 'byWarehouse' || grouping === 'byGoods') && <Note>仅货押融资；各行占比之和即货押融资的占比。</Note>}
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
      {drill && (
        <Suspense fallback={null}>
          <FinancingsDrawer drill={drill.q} title={drill.title} onClose={() => setDrill(null)} />
        </Suspense>
      )}
    </Space>
  );
}

export default function ExposurePane() {
  const q = useExposure();
  if (q.isError) return <LoadFailure title="风险敞口加载失败" error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active />;
  return <ExposureTab data={q.data} />;
}
