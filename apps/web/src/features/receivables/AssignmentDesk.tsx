import { NOTICE_TRIGGER_LABELS, NOTICE_TRIGGERS, noticeLifecycle, type NoticeStatus, type NoticeTrigger } from '@factoring/domain';
import { Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { dateTime } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { promptButtons } from '../../lib/prompt-words.ts';
import { CONFIRMATION_COLORS, NOTICE_COLORS } from './assignment-labels.ts';
import { PendingConfirmations } from './PendingConfirmations.tsx';
import {
  useArmNotice,
  useConfirmationDesk,
  useNoticeDesk,
  useSendNotice,
  type DeskConfirmation,
  type NoticeRow,
} from './confirmations-api.ts';

/**
 * The debtor's part on the receivables desk (issue 36): every notice of assignment and release — drawn, waiting
 * for the supplier's signature or the factor's countersignature (its task in the inbox), held (暗保理: what sends
 * it, or send it now), sent and acknowledged, release notices waiting to go — and the debtors' confirmations
 * and disputes, the disputes first; and the receivables still waiting for their debtor, where the operator
 * records a debtor's stamped paper letter.
 */
export default function AssignmentDesk() {
  return (
    <Tabs
      size="small"
      data-testid="assignment-desk"
      items={[
        { key: 'notices', label: '转让通知', children: <NoticeList /> },
        { key: 'pending', label: '待确权', children: <PendingConfirmations /> },
        { key: 'confirmations', label: '确权与异议', children: <ConfirmationList /> },
      ]}
    />
  );
}

function NoticeList() {
  const [q, setQ] = useState<{ page: number; size: number; status?: NoticeStatus }>({ page: 1, size: 10 });
  const list = useNoticeDesk(q);
  const send = useSendNotice();
  const arm = useArmNotice();
  const [key, renew] = useSubmissionKey();
  if (list.isError) return <LoadFailure title="转让通知加载失败" error={list.error} retry={() => list.refetch()} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        明保理：供应商签署、保理方在审批中心会签后即送达债务人（平台内，或平台登记的通知送达邮箱），债务人确认收到后方可放款。暗保理：会签后留存，
        按所选条件（逾期、债务人异议）或手动发送。融资结清或终止后，已送达的通知由日终任务发出解除转让通知。
      </Typography.Paragraph>
      <Select
        aria-label="通知状态"
        allowClear
        placeholder="全部状态"
        style={{ width: 180 }}
        value={q.status}
        options={noticeLifecycle.states.map((s) => ({ value: s, label: noticeLifecycle.label(s) }))}
        onChange={(status) => setQ({ ...q, page: 1, status })}
      />
      <Table<NoticeRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无转让通知' }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 份`,
          onChange: (page, size) => setQ({ ...q, page, size }),
        }}
        columns={[
          { title: '通知书编号', dataIndex: 'noticeNo' },
          { title: '类型', dataIndex: 'kindLabel' },
          { title: '方式', dataIndex: 'mode', render: (m: string) => (m === 'DISCLOSED' ? '明保理' : '暗保理') },
          { title: '转让人', dataIndex: 'supplierName' },
          { title: '债务人', dataIndex: 'debtorName' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: NoticeStatus, n) => (
              <Space direction="vertical" size={0}>
                <Tag color={NOTICE_COLORS[s]}>{noticeLifecycle.label(s)}</Tag>
                {n.sentAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {n.channelLabel} {n.deliveredTo} {dateTime(n.sentAt)}
                  </Typography.Text>
                )}
                {n.acknowledgedAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {n.acknowledgedByName} {dateTime(n.acknowledgedAt)} 确认收到
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '发送条件',
            dataIndex: 'sendOn',
            render: (v: NoticeTrigger | null, n) =>
              n.status === 'HELD' ? (
                <Select<NoticeTrigger>
                  aria-label={`${n.noticeNo} 发送条件`}
                  size="small"
                  style={{ width: 200 }}
                  value={v ?? 'MANUAL'}
                  options={NOTICE_TRIGGERS.map((t) => ({ value: t, label: NOTICE_TRIGGER_LABELS[t] }))}
                  onChange={async (sendOn) => {
                    if (await arm.run({ id: n.id, sendOn, idempotencyKey: key })) renew();
                  }}
                />
              ) : (
                (n.sentReason ?? '—')
              ),
          },
          {
            title: '操作',
            render: (_, n) =>
              n.status === 'HELD' || n.status === 'TO_SEND' ? (
                <Popconfirm
                  title={`现在向${n.debtorName}发送${n.kindLabel}？`}
                  {...promptButtons('立即发送')}
                  onConfirm={async () => {
                    if (await send.run({ id: n.id, idempotencyKey: key })) renew();
                  }}
                >
                  <a data-testid={`send-notice-${n.id}`}>立即发送</a>
                </Popconfirm>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Space>
  );
}

function ConfirmationList() {
  const [q, setQ] = useState<{ page: number; size: number; status?: 'CONFIRMED' | 'DISPUTED' }>({ page: 1, size: 10 });
  const list = useConfirmationDesk(q);
  if (list.isError) return <LoadFailure title="确权记录加载失败" error={list.error} retry={() => list.refetch()} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        aria-label="确权状态"
        allowClear
        placeholder="全部"
        style={{ width: 140 }}
        value={q.status}
        options={[
          { value: 'DISPUTED', label: '有争议' },
          { value: 'CONFIRMED', label: '已确权' },
        ]}
        onChange={(status) => setQ({ ...q, page: 1, status })}
      />
      <Table<DeskConfirmation>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无债务人确权记录' }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 笔`,
          onChange: (page, size) => setQ({ ...q, page, size }),
        }}
        columns={[
          { title: '应收账款', dataIndex: 'label' },
          { title: '债务人', dataIndex: 'debtorName' },
          { title: '债权人', dataIndex: 'creditorName' },
          { title: '融资编号', dataIndex: 'financingNo' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: DeskConfirmation['status'], c) => <Tag color={CONFIRMATION_COLORS[s]}>{c.statusLabel}</Tag>,
          },
          { title: '确认金额', dataIndex: 'amount', align: 'right', render: (v: number | null) => (v === null ? '—' : money(v)) },
          { title: '到期日', dataIndex: 'dueDate', render: (v: string | null) => v ?? '—' },
          {
            title: '确认函 / 异议理由',
            render: (_, c) =>
              c.status === 'DISPUTED' ? <Typography.Text type="danger">{c.disputeReason}</Typography.Text> : (c.letterNo ?? c.channelLabel),
          },
          { title: '经办', render: (_, c) => `${c.byName ?? ''} ${dateTime(c.at)}` },
        ]}
      />
    </Space>
  );
}
