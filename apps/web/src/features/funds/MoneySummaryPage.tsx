import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatYuan, type FundFlow } from '@factoring/domain';
import { Button, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Statistic, Table, Tag, theme, type TableColumnsType } from 'antd';
// The dialog alone: antd's Modal module adds its confirm, info… functions and their hook.
import Modal from 'antd/es/modal/Modal';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { WhenVisible } from '../../lib/WhenVisible.tsx';
import { Link } from 'react-router';
import { CopyableText } from '../../lib/CopyableText.tsx';
import { DateRangePicker } from '../../lib/DateRangePicker.tsx';
import { FilterSelect } from '../../lib/FilterSelect.tsx';
import { useFeedback } from '../../lib/feedback.ts';
import { dateTime } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { ellipsisColumn } from '../../lib/table.tsx';
import { fetchFlowsForExport, useAccountBalance, useFundFlows, useMonthlyFlows, type FlowFilters } from './api.ts';
import { DIRECTION_OPTIONS, FLOW_TYPE_OPTIONS } from './labels.ts';

const MonthlyChart = lazy(() => import('./MonthlyChart.tsx'));
// The top-up guide (an Alert and the receiving account) loads when its dialog first opens.
const TopUpGuide = lazy(() => import('./TopUpGuide.tsx'));

interface FilterValues {
  type?: string;
  direction?: 'IN' | 'OUT';
  range?: [Dayjs | null, Dayjs | null] | null;
}

const DEFAULT_PAGE = { page: 1, size: 10 };
/** Label and control side by side, as an inline antd form item; never wider than the card (390 px). */
const FILTER_LABEL = { display: 'inline-flex', alignItems: 'center', gap: 8, maxWidth: '100%', whiteSpace: 'nowrap' } as const;

type Colours = ReturnType<typeof theme.useToken>['token'];
/** What antd's Typography.Text of that colour writes (`.ant-typography` and its type). */
const textOf = (token: Colours, color: string) => ({ color, wordBreak: 'break-word', lineHeight: token.lineHeight }) as const;

/**
 * The flows' columns. Amounts in the colours of antd's `<Typography.Text type="success|danger">`,
 * written directly: Typography's module (~8 KB on the wire) stays out of the page's first load (issue 38).
 */
function flowColumns(token: Colours): TableColumnsType<FundFlow> {
  return [
    { title: '交易时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dateTime(v) },
    { title: '流水号', dataIndex: 'refNo', width: 170 },
    {
      title: '类型',
      dataIndex: 'typeLabel',
      width: 110,
      render: (v: string, f) =>
        f.bucket === 'CONTROLLED' ? (
          <Space size={4}>
            {v}
            <Tag color="purple">受控</Tag>
          </Space>
        ) : (
          v
        ),
    },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      align: 'right',
      width: 150,
      render: (v: number, f) => (
        <span style={textOf(token, f.direction === 'IN' ? token.colorSuccessText : token.colorErrorText)} data-testid="flow-amount">
          {f.direction === 'IN' ? '+' : '−'}
          {formatYuan(v)}
        </span>
      ),
    },
    { title: '对方户名', dataIndex: 'counterpartyName', ...ellipsisColumn<FundFlow, string | null>((v) => v ?? '—') },
    { title: '对方账号', dataIndex: 'counterpartyAccount', width: 180, render: (v: string | null) => v ?? '—' },
    { title: '备注', dataIndex: 'memo', ...ellipsisColumn<FundFlow, string | null>((v) => v ?? '') },
  ];
}

/** `/user/moneySummary` (PRODUCT §5): the virtual account, the monthly chart, the fund-flow list with filters and Excel export. */
export default function MoneySummaryPage() {
  const feedback = useFeedback();
  const { token } = theme.useToken();
  const balance = useAccountBalance();
  const monthly = useMonthlyFlows();
  // The filters being edited; applied by 查询 (a plain form: antd's Form engine would add ~24 KB to the first load).
  const [draft, setDraft] = useState<FilterValues>({});
  const [filters, setFilters] = useState<FlowFilters>({});
  const [paging, setPaging] = useState(DEFAULT_PAGE);
  const flows = useFundFlows(filters, paging);
  const [exporting, setExporting] = useState(false);
  const [guideOpen, setGuideOpen] = useState(false);

  if (balance.isError) return <LoadFailure title="暂不能使用资金账户" error={balance.error} retry={() => balance.refetch()} />;
  const a = balance.data;

  const search = (v: FilterValues) => {
    setFilters({
      type: v.type || undefined,
      direction: v.direction || undefined,
      startDate: v.range?.[0]?.format('YYYY-MM-DD'),
      endDate: v.range?.[1]?.format('YYYY-MM-DD'),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const reset = () => {
    setDraft({});
    setFilters({});
    setPaging(DEFAULT_PAGE);
  };

  const exportExcel = async () => {
    if (!a) return;
    setExporting(true);
    try {
      const { items, truncated } = await fetchFlowsForExport(filters);
      if (!items.length) {
        feedback.warning('没有可导出的资金流水');
        return;
      }
      const { exportFlowsToExcel } = await import('./export-flows.ts');
      const filterText = [
        filters.type &&
          FLOW_TYPE_OPTIONS.filter((o) => filters.type!.split(',').includes(o.value))
            .map((o) => o.label)
            .join('、'),
        filters.direction && DIRECTION_OPTIONS.find((o) => o.value === filters.direction)?.label,
        filters.startDate && `${filters.startDate} 至 ${filters.endDate ?? '今'}`,
      ]
        .filter(Boolean)
        .join('；');
      const name = await exportFlowsToExcel(items, { accountNo: a.accountNo, accountName: a.accountName, filterText });
      feedback.success(
        truncated ? `已导出最近 ${items.length} 条（超出部分请缩小日期范围后分批导出）：${name}` : `已导出 ${items.length} 条：${name}`,
      );
    } catch (err) {
      feedback.showFailure(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="money-summary">
      <Card
        title="我的账户"
        loading={balance.isLoading}
        extra={
          <Space>
            <Link to="/user/withdrawal">
              <Button type="primary">提现</Button>
            </Link>
            <Link to="/user/internalTransfer">
              <Button>转账</Button>
            </Link>
            <Button onClick={() => setGuideOpen(true)} data-testid="topup-guide-button">
              如何充值
            </Button>
          </Space>
        }
      >
        {a && (
          <>
            <Descriptions column={{ xs: 1, md: 3 }} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label="虚拟账号">
                <CopyableText text={a.accountNo} data-testid="account-no" />
              </Descriptions.Item>
              <Descriptions.Item label="户名">{a.accountName}</Descriptions.Item>
              <Descriptions.Item label="开户银行">{a.bank}</Descriptions.Item>
            </Descriptions>
            <Row gutter={[16, 16]}>
              {(
                [
                  ['账户余额（元）', a.balance, 'balance-total'],
                  ['可用余额（元）', a.available, 'balance-available'],
                  ['冻结金额（元）', a.frozen, 'balance-frozen'],
                  ['受控资金（元）', a.controlled, 'balance-controlled'],
                ] as const
              ).map(([title, value, id]) => (
                <Col xs={12} md={6} key={id}>
                  <Statistic title={title} value={formatYuan(value)} data-testid={id} />
                  {/* Controlled funds are spent by targeted payment: the way there starts here. */}
                  {id === 'balance-controlled' && (
                    <Link to="/user/moneyflowControl" data-testid="to-controlled-funds" style={{ textDecoration: 'underline' }}>
                      查看与定向支付
                    </Link>
                  )}
                  {/* Pledge margins are the enterprise's money, frozen until the financing settles (PRODUCT §8). */}
                  {id === 'balance-frozen' && a.margin > 0 && (
                    <span style={textOf(token, token.colorTextDescription)} data-testid="balance-frozen-margin">
                      含质押保证金 ¥{formatYuan(a.margin)}，融资结清后退回可用余额
                    </span>
                  )}
                </Col>
              ))}
            </Row>
          </>
        )}
      </Card>

      <Card title="资金流水">
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            search(draft);
          }}
          style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px', marginBottom: 16 }}
        >
          <label style={FILTER_LABEL}>
            类型:
            <FilterSelect
              allowClear
              aria-label="类型"
              placeholder="全部类型"
              options={FLOW_TYPE_OPTIONS}
              style={{ width: 150 }}
              value={draft.type}
              onChange={(type) => setDraft({ ...draft, type })}
              data-testid="flow-type-filter"
            />
          </label>
          <label style={FILTER_LABEL}>
            收支:
            <FilterSelect
              allowClear
              aria-label="收支"
              placeholder="全部"
              options={[...DIRECTION_OPTIONS]}
              style={{ width: 100 }}
              value={draft.direction}
              onChange={(direction) => setDraft({ ...draft, direction })}
              data-testid="flow-direction-filter"
            />
          </label>
          <label style={FILTER_LABEL}>
            日期:
            <DateRangePicker
              aria-label="日期"
              allowEmpty={[true, true]}
              value={draft.range ?? null}
              onChange={(range) => setDraft({ ...draft, range })}
            />
          </label>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={reset} icon={<ReloadOutlined />}>
              重置
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportExcel} data-testid="export-excel">
              导出 Excel
            </Button>
          </Space>
        </form>
        <Table<FundFlow>
          rowKey="id"
          size="middle"
          data-testid="flow-table"
          columns={flowColumns(token)}
          dataSource={flows.data?.items ?? []}
          loading={flows.isFetching}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description="暂无资金流水" /> }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: flows.data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
        />
      </Card>

      <Card title="收支趋势（近 12 个月）" loading={monthly.isLoading} data-testid="monthly-chart-card">
        {monthly.data && monthly.data.some((m) => m.inflow || m.outflow) ? (
          <WhenVisible minHeight={260}>
            <Suspense fallback={<Skeleton active />}>
              <MonthlyChart data={monthly.data} />
            </Suspense>
          </WhenVisible>
        ) : (
          <Empty description="近 12 个月暂无收支" />
        )}
      </Card>

      <Modal open={guideOpen} title="如何充值" footer={null} onCancel={() => setGuideOpen(false)}>
        {a && (
          <Suspense fallback={<Skeleton active />}>
            <TopUpGuide account={a} />
          </Suspense>
        )}
      </Modal>
    </Space>
  );
}
