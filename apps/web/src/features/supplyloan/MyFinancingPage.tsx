import { Button, Card, Col, Row, Space, Statistic, Table, Tag } from 'antd';
import { financingLifecycle, formatYuan } from '@factoring/domain';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DateRangePicker } from '../../lib/DateRangePicker.tsx';
import { FilterSelect } from '../../lib/FilterSelect.tsx';
import { useFeedback } from '../../lib/feedback.ts';
import { percent } from '../../lib/format.ts';
import { money } from '../../lib/Money.tsx';
import { ellipsisColumn, pagedTableProps } from '../../lib/table.tsx';
import {
  useAssignmentProofs,
  useCancelFinancing,
  useFinancings,
  usePlatforms,
  type AssignmentProof,
  type FinancingFilters,
  type FinancingRow,
} from './api.ts';
import { FINANCING_COLORS } from './labels.ts';
import { Slot } from '../../lib/slots.tsx';
import { promptButtons } from '../../lib/prompt-words.ts';

// The detail drawer (schedule, contracts, signing with the password dialog: steps, tabs, timeline, form)
// loads when a financing is first opened, not with the list (first-load budget, issue 11).
const FinancingDetailDrawer = lazy(() => import('./FinancingDetailDrawer.tsx').then((m) => ({ default: m.FinancingDetailDrawer })));

const FINANCING_STATUS_OPTIONS = financingLifecycle.states.map((value) => ({ value, label: financingLifecycle.label(value) }));

/**
 * `/supplyloan/myfinancing` (PRODUCT §6, the supply-loan part): filters (status, platform, date),
 * totals, the detail drawer, and the actions of each state.
 */
export default function MyFinancingPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<FinancingFilters>({});
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const list = useFinancings({ ...paging, ...filters });
  const platforms = usePlatforms();
  const cancelFinancing = useCancelFinancing();
  const feedback = useFeedback();
  const openId = Number(params.get('id')) || null;
  // Mounted from the first opening on, so later closings still animate.
  const [drawerUsed, setDrawerUsed] = useState(openId !== null);
  if (openId !== null && !drawerUsed) setDrawerUsed(true);
  const setOpen = (id: number | null) => setParams(id ? { id: String(id) } : {});
  const totals = list.data?.totals;
  // Issue 36: the debtor's confirmations and the notice of assignment of the invoice financings shown.
  const proofs = useAssignmentProofs((list.data?.items ?? []).filter((f) => f.kind === 'INVOICE').map((f) => f.id));
  const proofOf = new Map<number, AssignmentProof>((proofs.data ?? []).map((p) => [p.financingId, p]));

  const cancel = (f: { id: number; financingNo: string }) =>
    feedback.modal.confirm({
      title: '确认取消融资申请？',
      content: `融资编号 ${f.financingNo}。取消后占用的授信额度和发票将释放，融资合同作废。`,
      ...promptButtons('确认取消', { danger: true }),
      onOk: () => cancelFinancing.run(f.id),
    });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="my-financing-page">
      <Card>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title="融资笔数" value={totals?.count ?? 0} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="融资金额（元）" value={formatYuan(totals?.amount ?? 0)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="已放款本金（元）" value={formatYuan(totals?.drawn ?? 0)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="未还本金（元）" value={formatYuan(totals?.outstanding ?? 0)} data-testid="total-outstanding" />
          </Col>
        </Row>
      </Card>
      <Card
        title="我的融资"
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/supplyloan/financing')}>
              申请融资
            </Button>
            <Button onClick={() => navigate('/supplyloan/orderLoan')}>订单融资</Button>
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <FilterSelect
            aria-label="融资状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 140 }}
            options={FINANCING_STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => {
              setFilters({ ...filters, status });
              setPaging({ ...paging, page: 1 });
            }}
            data-testid="filter-status"
          />
          <FilterSelect
            aria-label="平台"
            allowClear
            placeholder="全部平台"
            style={{ width: 240 }}
            options={(platforms.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={filters.platformId}
            onChange={(platformId) => {
              setFilters({ ...filters, platformId });
              setPaging({ ...paging, page: 1 });
            }}
          />
          <DateRangePicker
            aria-label="申请日期范围"
            placeholder={['申请日起', '申请日止']}
            onChange={(range) => {
              setFilters({ ...filters, dateFrom: range?.[0]?.format('YYYY-MM-DD'), dateTo: range?.[1]?.format('YYYY-MM-DD') });
              setPaging({ ...paging, page: 1 });
            }}
          />
          <FilterSelect
            aria-label="是否逾期"
            allowClear
            placeholder="是否逾期"
            style={{ width: 120 }}
            value={filters.overdue}
            options={[
              { value: 'true', label: '逾期' },
              { value: 'false', label: '未逾期' },
            ]}
            onChange={(overdue) => setFilters({ ...filters, overdue })}
          />
        </Space>
        <Table<FinancingRow>
          rowKey="id"
          {...pagedTableProps(list, paging, setPaging, { empty: '暂无融资记录', unit: '笔' })}
          scroll={{ x: 1480 }}
          columns={[
            {
              // Wide enough for the whole number: it never wraps, and must not run under the next column.
              title: '融资编号',
              dataIndex: 'financingNo',
              width: 200,
              render: (v: string, r) => (
                <a onClick={() => setOpen(r.id)} data-testid={`financing-${r.id}`} style={{ whiteSpace: 'nowrap' }}>
                  {v}
                </a>
              ),
            },
            { title: '平台', dataIndex: 'platformName', width: 180, ...ellipsisColumn<FinancingRow, string>() },
            { title: '类型', dataIndex: 'kind', width: 70, render: (k: string) => (k === 'ORDER' ? '订单' : '发票') },
            { title: '融资金额', dataIndex: 'amount', align: 'right', width: 140, render: (v: number) => money(v) },
            { title: '未还本金', dataIndex: 'outstanding', align: 'right', width: 140, render: (v: number) => money(v) },
            { title: '利率', dataIndex: 'annualRatePpm', width: 150, render: (v: number, r) => `${percent(v)} · ${r.interestModeLabel}` },
            { title: '期限', dataIndex: 'termDays', width: 80, render: (v: number) => `${v} 天` },
            { title: '申请日', dataIndex: 'applyDate', width: 110 },
            { title: '到期日', dataIndex: 'dueDate', width: 110 },
            {
              title: '状态',
              dataIndex: 'status',
              width: 200,
              render: (s: FinancingRow['status'], r) => (
                <Space size={4} wrap>
                  <Tag color={FINANCING_COLORS[s]}>{financingLifecycle.label(s)}</Tag>
                  {r.overdue && <Tag color="error">逾期</Tag>}
                  {r.extended && <Tag color="purple">已展期</Tag>}
                  {r.actions.signContract && <Tag color="warning">合同待签</Tag>}
                  {proofOf.get(r.id)?.tags.map((t) => (
                    <Tag key={t.text} color={t.tone} title={proofOf.get(r.id)?.disputeReasons.join('；') || undefined}>
                      {t.text}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: '操作',
              fixed: 'right',
              width: 130,
              render: (_, r) => (
                <Space size={4} wrap>
                  <a onClick={() => setOpen(r.id)}>详情</a>
                  {r.actions.signContract && <a onClick={() => setOpen(r.id)}>签署合同</a>}
                  {r.actions.repay && (
                    <Link to={`/supplyloan/muserRefund?id=${r.id}`} data-testid={`repay-${r.id}`}>
                      还款
                    </Link>
                  )}
                  {r.actions.extend && <Link to={`/supplyloan/delayApply?id=${r.id}`}>展期</Link>}
                  {r.actions.drawdown && <Link to={`/supplyloan/orderdrawings?id=${r.id}`}>提款</Link>}
                  {r.actions.cancel && <a onClick={() => cancel(r)}>取消</a>}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {/* Below the list once it has answered, so it starts below the fold rather than in the empty table's place. */}
      {!list.isLoading && <Slot name="my-financings.below-list" />}
      {drawerUsed && (
        <Suspense fallback={null}>
          <FinancingDetailDrawer id={openId} onClose={() => setOpen(null)} onCancel={cancel} />
        </Suspense>
      )}
    </Space>
  );
}
