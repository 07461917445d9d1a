import { RECONCILIATION_DAY_LABELS, type ReconciliationDayStatus } from '@factoring/domain';
import { Alert, Button, Descriptions, Drawer, Form, Select, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
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
    { title: '原因', dataIndex: 'reason' },
  ] satisfies TableColumnsType<Item>);
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
        <Descriptions.Item label="已说明">
          <Money cents={d.explained} />
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type={d.status === 'UNBALANCED' ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          d.status === 'BALANCED'
            ? '期末 − 期初 = 账簿银行存款当日净发生额'
            : d.status === 'EXPLAINED'
              ? '差额全部由已说明的流水构成'
              : '差额 = 对账单有而账簿没有的流水 − 账簿有而对账单没有的记录'
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
        scroll={{ x: 1100 }}
        {...pagedTableProps(days, paging, setPaging, { empty: '尚无对账结果（请先导入对账单）', unit: '天' })}
        data-testid="days-table"
      />
      <Drawer title={open ? `${open} 对账明细` : ''} open={!!open} onClose={() => setOpen(null)} size={820} destroyOnHidden>
        {open && <DayDetail date={open} />}
      </Drawer>
    </>
  );
}
