import { noticeLifecycle, type NoticeStatus } from '@factoring/domain';
import { Alert, Button, Card, Form, Input, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { dateTime } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { useFeedback } from '../../lib/feedback.ts';
import { CONFIRMATION_COLORS as STATUS_COLORS, NOTICE_COLORS } from './assignment-labels.ts';
import { DebtorOwed } from './DebtorOwed.tsx';
import {
  useAcknowledgeNotice,
  useConfirmationInbox,
  useConfirmReceivables,
  useDebtorNotices,
  useDisputeReceivables,
  type ConfirmationRow,
  type InboxQuery,
  type NoticeRow,
} from './confirmations-api.ts';

/**
 * `/receivables/confirmations` (issue 36, PRODUCT §13): the debtor's inbox. The core enterprise that owes the
 * invoices suppliers assigned to the factor confirms them (确权: amount, due date, no set-off, a signed 确认函 for
 * each) or disputes them with a reason — one or a batch, with its login password — and acknowledges the notices of
 * assignment and release it received; each row says whom to pay. 应付账款 (factoring money): what it still owes on each
 * assigned receivable, to whom and with which reference.
 */
export default function ConfirmationsPage() {
  return (
    <Card title="应收账款确权与转让通知" data-testid="confirmations-page">
      <Typography.Paragraph type="secondary">
        供应商已将对贵单位的下列应收账款转让给保理商。依据《中华人民共和国民法典》第五百四十六条，转让自贵单位收到转让通知时对贵单位发生效力；
        请逐笔或批量确认应收账款（金额、到期日、无抵销无争议，并签署应收账款确认函），或对有争议的应收账款提出异议。
      </Typography.Paragraph>
      <Tabs
        items={[
          { key: 'receivables', label: '应收账款确权', children: <Receivables /> },
          { key: 'notices', label: '转让通知', children: <Notices /> },
          { key: 'owed', label: <span data-testid="debtor-owed-tab">应付账款</span>, children: <DebtorOwed /> },
        ]}
      />
    </Card>
  );
}

function Receivables() {
  const [q, setQ] = useState<InboxQuery>({ page: 1, size: 10 });
  const list = useConfirmationInbox(q);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<ConfirmationRow[] | null>(null);
  const [disputing, setDisputing] = useState<ConfirmationRow[] | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const confirm = useConfirmReceivables();
  const dispute = useDisputeReceivables();
  const feedback = useFeedback();
  if (list.isError) return <LoadFailure title="应收账款加载失败" error={list.error} retry={() => list.refetch()} />;
  const rows = list.data?.items ?? [];
  const chosen = rows.filter((r) => selected.includes(r.assetId));
  const total = (items: ConfirmationRow[]) => items.reduce((s, r) => s + r.amount, 0);
  const done = () => {
    setSelected([]);
    setConfirming(null);
    setDisputing(null);
    setReason(null);
    reasonForm.resetFields();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label="确权状态"
          allowClear
          placeholder="全部"
          style={{ width: 140 }}
          value={q.status}
          options={[
            { value: 'PENDING', label: '待确权' },
            { value: 'CONFIRMED', label: '已确权' },
            { value: 'DISPUTED', label: '有争议' },
          ]}
          onChange={(status) => {
            setSelected([]);
            setQ({ ...q, page: 1, status });
          }}
        />
        <Button type="primary" disabled={!chosen.length} onClick={() => setConfirming(chosen)} data-testid="confirm-selected">
          确权{chosen.length ? `（${chosen.length} 笔）` : ''}
        </Button>
        <Button danger disabled={!chosen.length} onClick={() => setDisputing(chosen)} data-testid="dispute-selected">
          提出异议
        </Button>
      </Space>
      <Table<ConfirmationRow>
        rowKey="assetId"
        size="small"
        loading={list.isLoading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无转让给保理商的应收账款' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          // Confirmed ones are final; a disputed one may still be confirmed.
          getCheckboxProps: (r) => ({ disabled: r.status === 'CONFIRMED', 'aria-label': `选择 ${r.label}` }),
        }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 笔`,
          onChange: (page, size) => setQ({ ...q, page, size }),
        }}
        columns={[
          { title: '应收账款', dataIndex: 'label' },
          { title: '债权人（供应商）', dataIndex: 'creditorName' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          { title: '开票日期', dataIndex: 'issueDate', render: (v: string | null) => v ?? '—' },
          { title: '到期日', dataIndex: 'dueDate', render: (v: string | null) => v ?? '未约定' },
          { title: '融资编号', dataIndex: 'financingNo' },
          {
            title: '确权',
            dataIndex: 'status',
            render: (s: ConfirmationRow['status'], r) => (
              <Space direction="vertical" size={0}>
                <Tag color={STATUS_COLORS[s]} data-testid={`confirmation-${r.assetId}`}>
                  {r.statusLabel}
                </Tag>
                {r.status === 'CONFIRMED' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    确认函 {r.letterNo}（{r.confirmedByName}，{dateTime(r.confirmedAt)}）
                  </Typography.Text>
                )}
                {r.status === 'DISPUTED' && (
                  <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 280, display: 'block' }}>
                    {r.disputeReason}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: '付款至', dataIndex: 'payTo', render: (v: string) => <span style={{ display: 'block', maxWidth: 320 }}>{v}</span> },
        ]}
      />
      <ConfirmPasswordModal
        open={confirming !== null}
        title="应收账款确权"
        okText="确权并签署确认函"
        summary={[
          { label: '应收账款', value: (confirming ?? []).map((r) => r.label).join('、') },
          { label: '金额合计', value: <b>{money(total(confirming ?? []))}</b> },
          { label: '到期日', value: [...new Set((confirming ?? []).map((r) => r.dueDate ?? '未约定'))].join('、') },
          {
            label: '确认事项',
            value: '上述应收账款真实有效，本单位按所列金额与到期日付款，无抵销、无争议；每笔签署一份应收账款确认函（电子签名）',
          },
        ]}
        onConfirm={(c) => confirm.mutateAsync({ assetIds: (confirming ?? []).map((r) => r.assetId), ...c })}
        onDone={(r) => {
          feedback.success(`已确权 ${r.items.length} 笔，确认函 ${r.items.map((i) => i.letterNo).join('、')}`);
          done();
        }}
        onCancel={() => setConfirming(null)}
      />
      <Modal
        open={disputing !== null && reason === null}
        title="对应收账款提出异议"
        okText="下一步"
        cancelText="返回"
        onOk={() => reasonForm.submit()}
        onCancel={done}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="提出异议的应收账款不予融资；异议一经提交，供应商与保理商将看到异议理由。"
        />
        <Form form={reasonForm} layout="vertical" onFinish={(v) => setReason(v.reason.trim())}>
          <Form.Item label="应收账款">{(disputing ?? []).map((r) => r.label).join('、')}</Form.Item>
          <Form.Item
            name="reason"
            label="异议理由"
            rules={[
              { required: true, whitespace: true, message: '请输入异议理由' },
              { max: 200, message: '异议理由最多 200 个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：货物质量异议、数量不符、已部分付款等" />
          </Form.Item>
        </Form>
      </Modal>
      <ConfirmPasswordModal
        open={disputing !== null && reason !== null}
        title="提交异议"
        okText="提交异议"
        summary={[
          { label: '应收账款', value: (disputing ?? []).map((r) => r.label).join('、') },
          { label: '金额合计', value: money(total(disputing ?? [])) },
          { label: '异议理由', value: reason },
        ]}
        onConfirm={(c) => dispute.mutateAsync({ assetIds: (disputing ?? []).map((r) => r.assetId), reason: reason ?? '', ...c })}
        onDone={(r) => {
          feedback.success(
            `已对 ${r.items.length} 笔应收账款提出异议${r.noticesSent.length ? `；保理商的转让通知 ${r.noticesSent.join('、')} 已送达` : ''}`,
          );
          done();
        }}
        onCancel={done}
      />
    </Space>
  );
}

function Notices() {
  const [q, setQ] = useState<{ page: number; size: number }>({ page: 1, size: 10 });
  const list = useDebtorNotices(q);
  const [acknowledging, setAcknowledging] = useState<NoticeRow | null>(null);
  const acknowledge = useAcknowledgeNotice();
  const feedback = useFeedback();
  if (list.isError) return <LoadFailure title="转让通知加载失败" error={list.error} retry={() => list.refetch()} />;
  return (
    <>
      <Table<NoticeRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无收到的通知' }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 份`,
          onChange: (page, size) => setQ({ page, size }),
        }}
        expandable={{
          expandedRowRender: (n) => (
            <Space direction="vertical" size={4}>
              {n.receivables.map((r) => (
                <span key={r.label}>
                  {r.label}，{money(r.amount)}
                  {r.dueDate ? `，到期日 ${r.dueDate}` : ''}
                </span>
              ))}
              {n.kind === 'ASSIGNMENT' ? (
                <span>
                  请于到期日付款至保理商收款账户：{n.collectionAccount.accountName}，{n.collectionAccount.bankBranchName}，
                  {n.collectionAccount.accountNo}，并注明通知书编号 {n.noticeNo}。
                </span>
              ) : (
                <span>保理商已解除该转让，尚未支付的部分请向原债权人 {n.supplierName} 支付。</span>
              )}
            </Space>
          ),
        }}
        columns={[
          { title: '通知书编号', dataIndex: 'noticeNo' },
          { title: '类型', dataIndex: 'kindLabel' },
          { title: '转让人（供应商）', dataIndex: 'supplierName' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          { title: '送达', render: (_, n) => `${n.channelLabel ?? ''} ${dateTime(n.sentAt)}` },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: NoticeStatus, n) => (
              <Space direction="vertical" size={0}>
                <Tag color={NOTICE_COLORS[s]} data-testid={`notice-${n.id}`}>
                  {noticeLifecycle.label(s)}
                </Tag>
                {n.acknowledgedAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {n.acknowledgedByName} {dateTime(n.acknowledgedAt)}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '操作',
            render: (_, n) =>
              n.status === 'SENT' ? (
                <a onClick={() => setAcknowledging(n)} data-testid={`acknowledge-${n.id}`}>
                  确认收到
                </a>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <ConfirmPasswordModal
        open={acknowledging !== null}
        title="确认收到通知"
        okText="确认收到"
        summary={[
          { label: '通知', value: acknowledging ? `${acknowledging.kindLabel} ${acknowledging.noticeNo}` : '' },
          { label: '转让人', value: acknowledging?.supplierName },
          { label: '金额', value: money(acknowledging?.amount ?? 0) },
          {
            label: '付款账户',
            value:
              acknowledging?.kind === 'ASSIGNMENT'
                ? `${acknowledging.collectionAccount.accountName}，${acknowledging.collectionAccount.bankBranchName}，${acknowledging.collectionAccount.accountNo}`
                : `原债权人 ${acknowledging?.supplierName ?? ''}`,
          },
        ]}
        onConfirm={(c) => acknowledge.mutateAsync({ id: acknowledging!.id, ...c })}
        onDone={(n) => {
          feedback.success(`已确认收到 ${n.noticeNo}`);
          setAcknowledging(null);
        }}
        onCancel={() => setAcknowledging(null)}
      />
    </>
  );
}
