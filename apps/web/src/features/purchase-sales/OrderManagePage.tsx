import { ORDER_STATUSES, type OrderStatus } from '@factoring/domain';
import { Button, Card, Dropdown, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../lib/feedback.ts';
import { useLoginUser } from '../../lib/session.ts';
import { isRequestFailure } from '../../lib/request.ts';
import { money } from '../../lib/Money.tsx';
import { DateRangePicker } from '../../lib/DateRangePicker.tsx';
import { fetchOrdersForExport, useOrders, type OrderDetail, type OrderFilters, type OrderRow } from './api.ts';
import { ORDER_KIND_LABELS, ORDER_STATUS_LABELS, STATUS_COLORS } from './labels.ts';
import { OrderDetailDrawer } from './OrderDetailDrawer.tsx';
import { OrderForm } from './OrderForm.tsx';

/**
 * `/purchaseSalesManage/orderManage` (PRODUCT §9): purchase and sales orders with filters, drafts
 * created and edited with their lines, the detail drawer with actions by state, Excel export.
 */
export default function OrderManagePage() {
  const [params, setParams] = useSearchParams();
  const feedback = useFeedback();
  const [filters, setFilters] = useState<OrderFilters>(() => ({ status: params.get('status') ?? undefined }));
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const orders = useOrders(filters, paging);
  const [detailId, setDetailId] = useState<number | null>(() => Number(params.get('id')) || null);
  const [editing, setEditing] = useState<{ kind: 'PURCHASE' | 'SALES'; order: OrderDetail | null } | null>(null);
  const [exporting, setExporting] = useState(false);
  // Without the feature the list holds only the orders other enterprises sent (issue 24): nothing to create.
  const full = useLoginUser()?.purchaseSales === true;

  useEffect(() => {
    const kind = params.get('new');
    if (kind === 'PURCHASE' || kind === 'SALES') {
      if (full) setEditing({ kind, order: null });
      params.delete('new');
      setParams(params, { replace: true });
    }
  }, [params, setParams, full]);

  const apply = (next: OrderFilters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      const items = await fetchOrdersForExport(filters);
      const { exportOrdersToExcel } = await import('./export-orders.ts');
      const text = [
        filters.kind && ORDER_KIND_LABELS[filters.kind],
        filters.status && ORDER_STATUS_LABELS[filters.status as OrderStatus],
        filters.keyword,
        filters.dateFrom && `${filters.dateFrom}~${filters.dateTo}`,
      ]
        .filter(Boolean)
        .join('，');
      const name = await exportOrdersToExcel(items, text);
      feedback.success(`已导出 ${items.length} 条：${name}`);
    } catch (err) {
      feedback.showFailure(isRequestFailure(err) ? err : new Error('导出失败，请稍后重试'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="order-manage">
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Select
              allowClear
              aria-label="订单类型"
              placeholder="订单类型"
              style={{ width: 130 }}
              value={filters.kind}
              onChange={(kind) => apply({ ...filters, kind })}
              options={[
                { value: 'PURCHASE', label: '采购订单' },
                { value: 'SALES', label: '销售订单' },
              ]}
            />
            <Select
              allowClear
              aria-label="订单状态"
              placeholder="状态"
              style={{ width: 130 }}
              value={filters.status}
              onChange={(status) => apply({ ...filters, status })}
              options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
            />
            <Input.Search
              aria-label="搜索订单号或交易对手"
              placeholder="订单号 / 交易对手"
              allowClear
              style={{ width: 220 }}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => apply({ ...filters, keyword: v.trim() || undefined })}
            />
            <DateRangePicker
              aria-label="交货日期范围"
              placeholder={['交货日期起', '交货日期止']}
              value={range}
              onChange={(r) => {
                setRange(r);
                apply({ ...filters, dateFrom: r?.[0]?.format('YYYY-MM-DD'), dateTo: r?.[1]?.format('YYYY-MM-DD') });
              }}
            />
          </Space>
          <Space wrap>
            <Button onClick={exportExcel} loading={exporting}>
              导出 Excel
            </Button>
            {/* Opened by a click: a phone has no hover, and a hover can land while a drawer is still closing. */}
            {full && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'PURCHASE', label: '采购订单' },
                    { key: 'SALES', label: '销售订单' },
                  ],
                  onClick: ({ key }) => setEditing({ kind: key as 'PURCHASE' | 'SALES', order: null }),
                }}
              >
                <Button type="primary" data-testid="order-new">
                  新建订单
                </Button>
              </Dropdown>
            )}
          </Space>
        </Space>
      </Card>
      <Card>
        <Table<OrderRow>
          rowKey="id"
          loading={orders.isLoading}
          dataSource={orders.data?.items ?? []}
          scroll={{ x: 1040 }}
          locale={{
            emptyText: (
              <Typography.Text type="secondary">{full ? '暂无订单，点击“新建订单”开始' : '暂无交易对手发来的订单'}</Typography.Text>
            ),
          }}
          onRow={(r) => ({ onClick: () => setDetailId(r.id), style: { cursor: 'pointer' } })}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: orders.data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          columns={[
            { title: '订单号', dataIndex: 'orderNo', width: 190, render: (v: string) => <a style={{ whiteSpace: 'nowrap' }}>{v}</a> },
            { title: '类型', dataIndex: 'kind', render: (k: OrderRow['kind']) => ORDER_KIND_LABELS[k] },
            {
              title: '交易对手',
              dataIndex: 'counterpartyName',
              // The whole name, wrapped when long: a company is told apart by the end of its name (issue 37).
              width: 260,
              render: (v: string, r) => (
                <>
                  {v}
                  {r.counterpartyOnPortal && <Tag style={{ marginLeft: 4 }}>平台</Tag>}
                </>
              ),
            },
            { title: '交货日期', dataIndex: 'deliveryDate' },
            { title: '价税合计', dataIndex: 'totalAmount', align: 'right', render: money },
            {
              title: '未付/未收',
              dataIndex: 'outstanding',
              align: 'right',
              render: (v: number, r) => <Typography.Text type={r.overdue ? 'danger' : undefined}>{money(v)}</Typography.Text>,
            },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: OrderStatus, r) => (
                <Space size={4} wrap>
                  <Tag color={STATUS_COLORS[s]}>{r.statusLabel}</Tag>
                  {r.partlyFulfilled && <Tag color="gold">部分{r.kind === 'PURCHASE' ? '收货' : '发货'}</Tag>}
                  {r.financing && <Tag color="purple">已融资</Tag>}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <OrderDetailDrawer id={detailId} onClose={() => setDetailId(null)} onEdit={(order) => setEditing({ kind: order.kind, order })} />
      {/* Mounted only with the feature: the form reads the goods catalogue, which is the feature's own. */}
      {full && (
        <OrderForm
          open={editing !== null}
          kind={editing?.kind ?? 'PURCHASE'}
          order={editing?.order}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            setDetailId(id);
          }}
        />
      )}
    </Space>
  );
}
