import { Alert, Button, Card, Col, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { WhenVisible } from '../../lib/WhenVisible.tsx';
import { Link } from 'react-router';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { useLoginUser } from '../../lib/session.ts';
import { yuan } from '../../lib/money.ts';
import { money } from '../../lib/Money.tsx';
import { ellipsisColumn } from '../../lib/table.tsx';
import { useOrders, useOverview, type OrderRow } from './api.ts';
import { ORDER_KIND_LABELS, STATUS_COLORS } from './labels.ts';
import type { OrderStatus } from '@factoring/domain';

// chart.js comes with the chart, after the figures and the order list.
const OrdersChart = lazy(() => import('./OrdersChart.tsx'));

/** `/purchaseSalesManage` (PRODUCT §9): open orders, money due in and out this month and overdue, six months by month. */
export default function OverviewPage() {
  const overview = useOverview();
  const recent = useOrders({}, { page: 1, size: 5 });
  // Without the feature the user reaches only the orders other enterprises sent to its own (issue 24).
  const full = useLoginUser()?.purchaseSales === true;
  const o = overview.data;
  if (overview.isError) return <LoadFailure title="购销概览加载失败" error={overview.error} retry={() => overview.refetch()} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="ps-overview">
      <Row justify="space-between" align="middle">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {full ? '购销概览' : '交易对手发来的订单'}
        </Typography.Title>
        {full && (
          <Space wrap>
            <Link to="/purchaseSalesManage/orderManage?new=PURCHASE">
              <Button type="primary">新建采购订单</Button>
            </Link>
            <Link to="/purchaseSalesManage/orderManage?new=SALES">
              <Button>新建销售订单</Button>
            </Link>
            <Link to="/purchaseSalesManage/targetedPayment">
              <Button>定向支付</Button>
            </Link>
          </Space>
        )}
      </Row>
      {!full && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="ps-addressed-only">
          贵司未开通购销管理：这里是其他平台企业发给贵司的订单，可以查看、确认或退回。如需自建订单和定向支付，请联系平台运营人员开通。
        </Typography.Paragraph>
      )}
      {!!o?.toConfirm && (
        <Alert
          type="info"
          showIcon
          title={`有 ${o.toConfirm} 张交易对手发来的订单待您确认`}
          action={
            <Link
              to="/purchaseSalesManage/orderManage?status=SUBMITTED"
              style={{ textDecoration: 'underline' }}
              data-testid="ps-go-confirm"
            >
              去确认
            </Link>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        {[
          { title: '进行中的采购订单', value: `${o?.openPurchase.count ?? 0} 张`, extra: `未付 ${yuan(o?.openPurchase.outstanding)}` },
          { title: '本月应付', value: yuan(o?.dueOutThisMonth), extra: `逾期未付 ${yuan(o?.overdueOut)}`, danger: !!o?.overdueOut },
          { title: '进行中的销售订单', value: `${o?.openSales.count ?? 0} 张`, extra: `未收 ${yuan(o?.openSales.outstanding)}` },
          { title: '本月应收', value: yuan(o?.dueInThisMonth), extra: `逾期未收 ${yuan(o?.overdueIn)}`, danger: !!o?.overdueIn },
        ].map((s) => (
          <Col xs={12} lg={6} key={s.title}>
            <Card loading={overview.isLoading} size="small">
              <Statistic title={s.title} value={s.value} />
              <Typography.Text type={s.danger ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                {s.extra}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card title="最近的订单" extra={<Link to="/purchaseSalesManage/orderManage">全部订单</Link>}>
            <Table<OrderRow>
              rowKey="id"
              size="small"
              loading={recent.isLoading}
              dataSource={recent.data?.items ?? []}
              pagination={false}
              // Fixed layout (the ellipsis column): widths keep the order number off its neighbour.
              scroll={{ x: 500 }}
              locale={{ emptyText: '暂无订单' }}
              columns={[
                {
                  title: '订单号',
                  dataIndex: 'orderNo',
                  width: 150,
                  render: (v: string, r) => (
                    <Link style={{ whiteSpace: 'nowrap' }} to={`/purchaseSalesManage/orderManage?id=${r.id}`}>
                      {v}
                    </Link>
                  ),
                },
                { title: '类型', dataIndex: 'kind', width: 76, render: (k: OrderRow['kind']) => ORDER_KIND_LABELS[k] },
                { title: '交易对手', dataIndex: 'counterpartyName', ...ellipsisColumn<OrderRow>() },
                { title: '金额', dataIndex: 'totalAmount', align: 'right', width: 104, render: money },
                {
                  title: '状态',
                  dataIndex: 'status',
                  width: 96,
                  render: (s: OrderStatus, r) => <Tag color={STATUS_COLORS[s]}>{r.statusLabel}</Tag>,
                },
              ]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title="近六个月采购与销售（按确认月份，含税）" loading={overview.isLoading} data-testid="orders-chart-card">
            {o && (
              <WhenVisible minHeight={260}>
                <Suspense fallback={<Skeleton active />}>
                  <OrdersChart data={o.months} />
                </Suspense>
              </WhenVisible>
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
