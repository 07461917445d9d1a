import { RECONCILIATION_DAY_LABELS, type ReconciliationDayStatus } from '@factoring/domain';
import { Alert, Button, Descriptions, Drawer, Form, Select, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { money, Money } from '../../lib/Money.tsx';
import { pagedTableProps, usePhoneColumns } from '../../lib/table.tsx';
import { useDay, useDays, type ReconciliationDay, type ReconciliationDetail } from './api.ts';

const STATUS_COLORS: Record<ReconciliationDayStatus, string> = { BALANCED: 'success', EXPLAINED: 'processing', UNBALANCED: 'error' };
const STATUS_OPTIONS = (Object.keys(RECONCILIATION_DAY_LABELS) as ReconciliationDayStatus[]).map((value) => ({
  value,
  label: RECONCILIATION_DAY_LABELS[value],
}));

type Item = ReconciliationDetail['items'][number];
type TransitItem = ReconciliationDetail['inTransit'][number];

/** One day: the statement's opening and closing against the ledger's movement, and the lines that make the difference. */
function DayDetail({ date }: { date: string }) {
  const day = useDay(date);
  const d = day.data;
  const columns = usePhoneColumns<Item>([
    { title: '来源', dataIndex: 'source', width: 80, render: (s: Item['source']) => (s === 'STATEMENT' ? '对账单' : '账簿') },
    { title: '时间', dataIndex: 'at', width: 150, render: dateTime },
    { title: '收支', dataIndex: 'direction', width: 60, render: (v: Item['direction']) => (v === 'IN' ? '收入' : '支出') },
    { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: money },
    {
      title: '对方',
      key: 'party',
      width: 180,
      render: (_, i) => [i.counterpartyName, i.counterpartyAccount].filter(Boolean).join(' ') || '—',
    },
    {
      title: '原因',
      dataIndex: 'reason',
      render: (reason: string, i) => (
        <>
          {i.transit === 'IN_TRANSIT' && <Tag color="processing">在途</Tag>}
          {i.transit === 'CLEARED' && <Tag color="success">在途清算</Tag>}
          {reason}
        </>
      ),
    },
  ] satisfies TableColumnsType<Item>);
  const transitColumns = usePhoneColumns<TransitItem>([
    { title: '先记账方', dataIndex: 'source', width: 90, render: (s: TransitItem['source']) => (s === 'STATEMENT' ? '银行' : '账簿') },
    { title: '起始日', dataIndex: 'since', width: 110 },
    { title: '账龄', dataIndex: 'ageDays', width: 70, align: 'right', render: (n: number) => `${n} 天` },
    { title: '收支', dataIndex: 'direction', width: 60, render: (v: TransitItem['direction']) => (v === 'IN' ? '收入' : '支出') },
    { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: money },
    {
      title: '对方',
      key: 'party',
      width: 180,
      render: (_, i) => [i.counterpartyName, i.counterpartyAccount].filter(Boolean).join(' ') || '—',
    },
    { title: '说明', dataIndex: 'reason' },
  ] satisfies TableColumnsType<TransitItem>);
  if (day.isLoading || !d) return <Skeleton active />;
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="对账单期初">{money(d.openingBalance)}</Descriptions.Item>
        <Descriptions.Item label="对账单期末">{money(d.closingBalance)}</Descriptions.Item>
        <Descriptions.Item label="银行收入 / 支出">
          {money(d.credits)} / {money(d.debits)}
        </Descriptions.Item>
        <Descriptions.Item label="账簿收入 / 支出">
          {money(d.ledgerReceipts)} / {money(d.ledgerPayouts)}
        </Descriptions.Item>
        <Descriptions.Item label="差额">
          <Money cents={d.difference} />
        </Descriptions.Item>
        <Descriptions.Item label="在途变动">
          <Money cents={d.transitChange} />
        </Descriptions.Item>
        <Descriptions.Item label="已说明">
          <Money cents={d.explained} />
        </Descriptions.Item>
        <Descriptions.Item label="日终在途">
          {d.inTransitCount} 笔，净额 <Money cents={d.inTransitNet} />
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type={d.status === 'UNBALANCED' ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          d.status === 'BALANCED'
            ? d.transitChange === 0
              ? '期末 − 期初 = 账簿银行存款当日净发生额'
              : '差额 = 在途变动：当日新增的在途项目（账簿已记账银行未记，或银行已记账账簿未记）减去当日清算的在途项目'
            : d.status === 'EXPLAINED'
              ? '差额 = 在途变动 + 已说明的流水'
              : '差额中有在途项目和已说明流水以外的部分：请处理下表中标为未匹配的流水'
        }
      />
      <Table<Item>
        rowKey={(i) => `${i.source}-${i.lineId ?? ''}-${i.journalLineId ?? ''}-${i.reason}`}
        size="small"
        columns={columns}
        dataSource={d.items}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{ emptyText: '没有差异流水' }}
        data-testid="day-items"
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        日终在途项目（{d.inTransit.length} 笔）
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        一方已记账、另一方尚未记账的款项，逐日结转直至另一方记账（清算）；账龄为截至当日的天数。
      </Typography.Paragraph>
      <Table<TransitItem>
        rowKey={(i) => `${i.source}-${i.lineId ?? ''}-${i.journalLineId ?? ''}`}
        size="small"
        columns={transitColumns}
        dataSource={d.inTransit}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{ emptyText: '当日日终没有在途项目' }}
        data-testid="day-transit"
      />
    </>
  );
}

/** Each day the statements cover, reconciled against the ledger (recomputed on every import and change, and at close of business). */
export function DaysPanel() {
  const [status, setStatus] = useState<ReconciliationDayStatus | undefined>();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const days = useDays(status, paging.page, paging.size);
  const [open, setOpen] = useState<string | null>(null);

  const columns = usePhoneColumns<ReconciliationDay>([
    { title: '日期', dataIndex: 'date', width: 110, fixed: 'left' },
    { title: '期初余额', dataIndex: 'openingBalance', width: 140, align: 'right', render: money },
    { title: '期末余额', dataIndex: 'closingBalance', width: 140, align: 'right', render: money },
    { title: '银行净额', key: 'bank', width: 130, align: 'right', render: (_, d) => money(d.credits - d.debits) },
    { title: '账簿净额', key: 'ledger', width: 130, align: 'right', render: (_, d) => money(d.ledgerReceipts - d.ledgerPayouts) },
    { title: '差额', dataIndex: 'difference', width: 120, align: 'right', render: money },
    {
      title: '日终在途',
      key: 'transit',
      width: 110,
      align: 'right',
      render: (_, d) => (d.inTransitCount > 0 ? `${d.inTransitCount} 笔` : '—'),
    },
    {
      title: '结果',
      key: 'status',
      width: 150,
      render: (_, d) => (
        <Tag color={STATUS_COLORS[d.status]}>
          {d.statusLabel}
          {d.itemCount > 0 ? `（${d.itemCount} 笔）` : ''}
        </Tag>
      ),
    },
    { title: '核对时间', dataIndex: 'computedAt', width: 150, render: dateTime },
    {
      title: '操作',
      key: 'act',
      width: 80,
      render: (_, d) => (
        <Button size="small" type="link" onClick={() => setOpen(d.date)} data-testid={`day-${d.date}`}>
          明细
        </Button>
      ),
    },
  ] satisfies TableColumnsType<ReconciliationDay>);

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="结果">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 150 }}
            value={status}
            options={STATUS_OPTIONS}
            onChange={(s) => {
              setStatus(s);
              setPaging({ ...paging, page: 1 });
            }}
            aria-label="结果"
            data-testid="days-status"
          />
        </Form.Item>
      </Form>
      <Table<ReconciliationDay>
        rowKey="date"
        size="small"
        columns={columns}
        scroll={{ x: 1210 }}
        {...pagedTableProps(days, paging, setPaging, { empty: '尚无对账结果（请先导入对账单）', unit: '天' })}
        data-testid="days-table"
      />
      <Drawer title={open ? `${open} 对账明细` : ''} open={!!open} onClose={() => setOpen(null)} size={820} destroyOnHidden>
        {open && <DayDetail date={open} />}
      </Drawer>
    </>
  );
}
