import { statementLineLifecycle, type StatementLineStatus } from '@factoring/domain';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  List,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { dateTime } from '../../lib/format.ts';
import { money, Money } from '../../lib/Money.tsx';
import { pagedTableProps, usePhoneColumns } from '../../lib/table.tsx';
import { useAssignLine, useCandidates, useExplainLine, useLines, useReopenLine, type LinesFilter, type StatementLine } from './api.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

const STATUS_COLORS: Record<StatementLineStatus, string> = {
  UNMATCHED: 'error',
  PENDING: 'processing',
  MATCHED: 'success',
  EXPLAINED: 'default',
};
const STATUS_OPTIONS = statementLineLifecycle.states.map((value) => ({ value, label: statementLineLifecycle.label(value) }));

/** Who paid or was paid, and on which account. */
const party = (l: StatementLine) => (
  <Space direction="vertical" size={0}>
    <span>{l.counterpartyName ?? '—'}</span>
    {l.counterpartyAccount && (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {l.counterpartyAccount}
      </Typography.Text>
    )}
  </Space>
);

type AssignBody = {
  target: 'ACCOUNT' | 'VOUCHER' | 'PAYOUT' | 'RECEIPT';
  accountNo?: string;
  voucherSource?: string;
  targetId?: number;
};

/** One line in full, at the top of its drawer. */
function LineFacts({ line: l }: { line: StatementLine }) {
  return (
    <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label="记账时间">{dateTime(l.bookedAt)}</Descriptions.Item>
      <Descriptions.Item label="方向 / 金额">
        {l.directionLabel} <Money cents={l.amount} />
      </Descriptions.Item>
      <Descriptions.Item label={l.direction === 'CREDIT' ? '付款人' : '收款人'}>{party(l)}</Descriptions.Item>
      <Descriptions.Item label="摘要 / 附言">{[l.memo, l.remark].filter(Boolean).join(' / ') || '—'}</Descriptions.Item>
      {l.subAccount && <Descriptions.Item label="子账号">{l.subAccount}</Descriptions.Item>}
      <Descriptions.Item label="流水号">{l.serialNo ?? '—'}</Descriptions.Item>
      {l.suggestion && <Descriptions.Item label="匹配提示">{l.suggestion}</Descriptions.Item>}
    </Descriptions>
  );
}

/**
 * Working one exception: the virtual accounts it names, the waiting vouchers and the booked receipts or
 * pay-outs of exactly its amount, each one click away; a virtual account typed by hand; or a note.
 */
function WorkLine({ line, onDone }: { line: StatementLine; onDone: () => void }) {
  const candidates = useCandidates(line.id);
  const assign = useAssignLine();
  const explain = useExplainLine();
  const [form] = Form.useForm<{ accountNo: string }>();
  const [noteForm] = Form.useForm<{ note: string }>();
  const credit = line.direction === 'CREDIT';
  const c = candidates.data;

  const run = async (body: AssignBody) => {
    const answer = await assign.run({ id: line.id, idempotencyKey: newIdempotencyKey(), ...body });
    if (answer) onDone();
  };

  return (
    <>
      <LineFacts line={line} />
      {credit && (
        <>
          <Typography.Title level={5}>入虚拟账户（登记入金，须另一位操作员复核）</Typography.Title>
          <List
            size="small"
            loading={candidates.isLoading}
            locale={{ emptyText: '流水未注明虚拟账号，付款人也不是平台企业' }}
            dataSource={c?.accounts ?? []}
            renderItem={(a) => (
              <List.Item
                actions={[
                  <Button
                    key="go"
                    size="small"
                    loading={assign.isPending}
                    onClick={() => void run({ target: 'ACCOUNT', accountNo: a.accountNo })}
                  >
                    登记入金
                  </Button>,
                ]}
              >
                {a.accountName} {a.accountNo}
              </List.Item>
            )}
          />
          <Form
            form={form}
            layout="inline"
            style={{ margin: '8px 0 16px', rowGap: 8 }}
            onFinish={(v) => void run({ target: 'ACCOUNT', accountNo: v.accountNo.trim() })}
          >
            <Form.Item name="accountNo" label="虚拟账号" rules={[{ required: true, whitespace: true, message: '请输入虚拟账号' }]}>
              <Input placeholder="6222…" maxLength={40} style={{ width: 220 }} data-testid="assign-account" />
            </Form.Item>
            <Button htmlType="submit" loading={assign.isPending}>
              登记入金
            </Button>
          </Form>
          <Typography.Title level={5}>待确认的转账凭证（金额相同）</Typography.Title>
          <List
            size="small"
            loading={candidates.isLoading}
            locale={{ emptyText: '没有金额相同的待确认凭证' }}
            dataSource={c?.vouchers ?? []}
            style={{ marginBottom: 16 }}
            renderItem={(v) => (
              <List.Item
                actions={[
                  <Button
                    key="go"
                    size="small"
                    loading={assign.isPending}
                    onClick={() => void run({ target: 'VOUCHER', voucherSource: v.source, targetId: v.id })}
                  >
                    关联
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={v.label}
                  description={`付款人 ${v.payerAccountName}（${v.payerAccountNo}）· 一致：${v.agrees.join('、')}`}
                />
              </List.Item>
            )}
          />
        </>
      )}
      <Typography.Title level={5}>
        {credit ? '已入账的收款（金额相同，尚未对上流水）' : '已执行的出款（金额相同，尚未对上流水）'}
      </Typography.Title>
      <List
        size="small"
        loading={candidates.isLoading}
        locale={{ emptyText: credit ? '没有金额相同的已入账收款' : '没有金额相同的出款' }}
        dataSource={c?.entries ?? []}
        style={{ marginBottom: 16 }}
        renderItem={(e) => (
          <List.Item
            actions={[
              <Button
                key="go"
                size="small"
                loading={assign.isPending}
                onClick={() => void run({ target: e.kind, targetId: e.journalLineId })}
              >
                关联
              </Button>,
            ]}
          >
            <List.Item.Meta title={e.label} description={`${dateTime(e.bookedAt)} · ${e.counterpartyAccount ?? '—'}`} />
          </List.Item>
        )}
      />
      <Typography.Title level={5}>标记为已说明</Typography.Title>
      <Form
        form={noteForm}
        layout="vertical"
        onFinish={async (v) => {
          if (await explain.run({ id: line.id, note: v.note, idempotencyKey: newIdempotencyKey() }, { form: noteForm })) onDone();
        }}
      >
        <Form.Item name="note" label="说明" rules={[{ required: true, whitespace: true, min: 2, message: '请填写说明（至少 2 个字）' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：银行手续费；个人误转，已退回" data-testid="explain-note" />
        </Form.Item>
        <Button htmlType="submit" loading={explain.isPending} data-testid="explain-submit">
          标记已说明
        </Button>
      </Form>
    </>
  );
}

/** The collection account's lines; by default the exceptions queue (未匹配). */
export function LinesPanel() {
  const [filter, setFilter] = useState<LinesFilter>({ status: 'UNMATCHED' });
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const lines = useLines(filter, paging.page, paging.size);
  const reopen = useReopenLine();
  const [working, setWorking] = useState<StatementLine | null>(null);

  const columns = usePhoneColumns<StatementLine>([
    { title: '记账时间', dataIndex: 'bookedAt', width: 150, fixed: 'left', render: dateTime },
    {
      title: '收支',
      dataIndex: 'direction',
      width: 70,
      render: (d: StatementLine['direction']) => <Tag color={d === 'CREDIT' ? 'green' : 'orange'}>{d === 'CREDIT' ? '收入' : '支出'}</Tag>,
    },
    { title: '金额', dataIndex: 'amount', width: 130, align: 'right', render: money },
    { title: '对方', key: 'party', width: 220, render: (_, l) => party(l) },
    {
      title: '摘要 / 附言',
      key: 'memo',
      width: 200,
      ellipsis: true,
      render: (_, l) => [l.memo, l.remark].filter(Boolean).join(' / ') || '—',
    },
    { title: '流水号', dataIndex: 'serialNo', width: 150, ellipsis: true },
    {
      title: '状态',
      key: 'status',
      width: 260,
      render: (_, l) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLORS[l.status]}>{l.statusLabel}</Tag>
          {(l.matchLabel || l.note || l.suggestion) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {l.note ? `说明：${l.note}` : (l.matchLabel ?? l.suggestion)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'act',
      width: 110,
      render: (_, l) =>
        l.status === 'UNMATCHED' ? (
          <Button size="small" type="link" onClick={() => setWorking(l)} data-testid={`work-line-${l.id}`}>
            处理
          </Button>
        ) : l.status === 'EXPLAINED' ? (
          <Popconfirm
            title="撤销说明，流水回到异常队列？"
            {...promptButtons('撤销说明')}
            onConfirm={() => void reopen.run({ id: l.id, idempotencyKey: newIdempotencyKey() })}
          >
            <Button size="small" type="link">
              撤销说明
            </Button>
          </Popconfirm>
        ) : null,
    },
  ] satisfies TableColumnsType<StatementLine>);

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} aria-label="流水筛选">
        <Form.Item label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 130 }}
            value={filter.status}
            options={STATUS_OPTIONS}
            onChange={(status) => {
              setFilter({ ...filter, status });
              setPaging({ ...paging, page: 1 });
            }}
            aria-label="状态"
            data-testid="lines-status"
          />
        </Form.Item>
        <Form.Item label="收支">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            value={filter.direction}
            options={[
              { value: 'CREDIT', label: '收入' },
              { value: 'DEBIT', label: '支出' },
            ]}
            onChange={(direction) => {
              setFilter({ ...filter, direction });
              setPaging({ ...paging, page: 1 });
            }}
            aria-label="收支"
          />
        </Form.Item>
      </Form>
      <Table<StatementLine>
        rowKey="id"
        size="small"
        columns={columns}
        scroll={{ x: 1300 }}
        {...pagedTableProps(lines, paging, setPaging, {
          empty: filter.status === 'UNMATCHED' ? '没有未匹配的流水' : '没有流水',
          unit: '笔',
        })}
        data-testid="lines-table"
      />
      <Drawer title="处理未匹配流水" open={!!working} onClose={() => setWorking(null)} size={720} destroyOnHidden data-testid="line-drawer">
        {working ? <WorkLine line={working} onDone={() => setWorking(null)} /> : <Empty />}
      </Drawer>
    </>
  );
}
