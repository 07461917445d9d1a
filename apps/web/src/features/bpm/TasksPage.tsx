import { FileExcelOutlined, FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
  type ButtonProps,
} from 'antd';
import { taskLifecycle } from '@factoring/domain';
import { AUDIT_OUTCOME_LABELS } from '@factoring/domain/contract';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DateRangePicker } from '../../lib/DateRangePicker.tsx';
import { useFeedback } from '../../lib/feedback.ts';
import { dateTime as time } from '../../lib/format.ts';
import { useLoginUser } from '../../lib/session.ts';
import { changesOf, SettingsChangesTable } from '../../lib/SettingsChanges.tsx';
import { usePhoneColumns } from '../../lib/table.tsx';
import { ACTION_LABELS } from './audit-words.ts';
import { DepositForm } from './DepositForm.tsx';
import { JobRunsPanel } from './JobRunsPanel.tsx';
import {
  CloudLoanDeskSlot,
  PledgePriceDeskSlot,
  PledgeReleaseDeskSlot,
  PurchaseSalesDeskSlot,
  ReceivablesDeskSlot,
  RegistryDeskSlot,
} from '../../app/feature-slots.tsx';
import {
  AUDIT_EXPORT_LIMIT,
  fetchAuditForExport,
  useAudit,
  useAuditFilters,
  useTask,
  useTaskAction,
  useTasks,
  useTaskTypes,
  type AuditEntry,
  type AuditFilters,
  type AuditItem,
  type TaskDetail,
  type TaskFilters,
  type TaskItem,
  type TaskState,
} from './api.ts';

const STATE_OPTIONS = taskLifecycle.states.map((value) => ({ value, label: taskLifecycle.label(value) }));
const STATE_COLORS: Record<TaskState, string> = { PENDING: 'processing', APPROVED: 'success', REJECTED: 'error' };
const ACTION_COLORS: Record<AuditEntry['action'], string> = {
  SUBMIT: 'blue',
  CLAIM: 'gray',
  RELEASE: 'gray',
  APPROVE: 'green',
  REJECT: 'red',
  UPDATE: 'purple',
  OPERATE: 'cyan',
};
const OUTCOME_COLORS = { OK: 'success', REFUSED: 'warning', FAILED: 'error' } as const;
const OUTCOME_OPTIONS = (Object.keys(AUDIT_OUTCOME_LABELS) as (keyof typeof AUDIT_OUTCOME_LABELS)[]).map((value) => ({
  value,
  label: AUDIT_OUTCOME_LABELS[value],
}));
/** A decision in the task type's own words: a pay-out is 已出款 / 出款失败, not 通过 / 驳回. */
const actionLabel = (action: AuditEntry['action'], words: TaskDetail['decisionLabels']) =>
  (action === 'APPROVE' && words?.approve) || (action === 'REJECT' && words?.reject) || ACTION_LABELS[action];

// Panels loaded when their tab is first opened (each its own small chunk).
const OutboxPanel = lazy(() => import('./OutboxPanel.tsx'));
const FaqPanel = lazy(() => import('./FaqPanel.tsx'));
const SiteConfigPanel = lazy(() => import('./SiteConfigPanel.tsx'));
const later = (panel: ReactNode) => <Suspense fallback={<Skeleton active />}>{panel}</Suspense>;

function Attachments({ task }: { task: TaskDetail }) {
  if (!task.attachments.length) return <Typography.Text type="secondary">无附件</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={16} data-testid="task-attachments">
        {task.attachments.map((a) => {
          const url = `/api/uploads/${a.uploadId}`;
          return (
            <Space key={a.uploadId} direction="vertical" size={4} align="center">
              {a.file?.mimeType === 'application/pdf' ? (
                <a
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  style={{ display: 'inline-flex', width: 120, height: 90, alignItems: 'center', justifyContent: 'center', fontSize: 32 }}
                >
                  <FilePdfOutlined />
                </a>
              ) : a.file ? (
                <Image src={url} alt={a.label} width={120} height={90} style={{ objectFit: 'cover' }} />
              ) : (
                <Typography.Text type="danger">文件缺失</Typography.Text>
              )}
              <Typography.Text style={{ fontSize: 12 }}>{a.label}</Typography.Text>
            </Space>
          );
        })}
      </Space>
    </Image.PreviewGroup>
  );
}

function DecisionModal({
  kind,
  words,
  onCancel,
  onConfirm,
  busy,
}: {
  kind: 'approve' | 'reject' | null;
  words: TaskDetail['decisionLabels'];
  onCancel(): void;
  onConfirm(text: string): void;
  busy: boolean;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const reject = kind === 'reject';
  return (
    <Modal
      open={kind !== null}
      title={reject ? (words ? `确认${words.reject}` : '驳回申请') : words ? `确认${words.approve}` : '审核通过'}
      okText={reject ? (words ? `确认${words.reject}` : '确认驳回') : words ? `确认${words.approve}` : '确认通过'}
      okButtonProps={{ danger: reject, 'data-testid': 'confirm-decision' } as ButtonProps}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (values) onConfirm(values.text?.trim() ?? '');
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="text"
          label={reject ? (words ? `${words.reject}原因（申请人可见）` : '驳回原因（申请人可见）') : '审核意见（选填）'}
          rules={
            reject
              ? [
                  { required: true, whitespace: true, message: '请填写驳回原因' },
                  { min: 2, message: '驳回原因至少2个字' },
                  { max: 500, message: '不能超过500个字' },
                ]
              : [{ max: 500, message: '不能超过500个字' }]
          }
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="decision-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TaskDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const me = useLoginUser();
  const task = useTask(id);
  const act = useTaskAction();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const t = task.data;
  const blocked = t?.fourEyes?.blockedReason ?? null;
  const mayAct = t?.state === 'PENDING' && !blocked && (!t.assigneeId || t.assigneeId === me?.id);
  const words = t?.decisionLabels ?? null;

  const run = async (action: 'claim' | 'release' | 'approve' | 'reject', text?: string) => {
    const done = await act.run({
      id: id!,
      action,
      comment: action === 'approve' ? text || undefined : undefined,
      reason: action === 'reject' ? text : undefined,
    });
    if (done !== undefined) setDeciding(null);
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      title={t ? t.subject : '任务详情'}
      destroyOnHidden
      extra={
        t?.state === 'PENDING' && (
          <Space>
            {!t.assigneeId && !blocked && (
              <Button onClick={() => run('claim')} loading={act.isPending} data-testid="claim-task">
                领取
              </Button>
            )}
            {t.assigneeId === me?.id && (
              <Button onClick={() => run('release')} loading={act.isPending}>
                退回任务池
              </Button>
            )}
            <Button danger disabled={!mayAct} onClick={() => setDeciding('reject')} data-testid="reject-task">
              {words?.reject ?? '驳回'}
            </Button>
            <Button type="primary" disabled={!mayAct} onClick={() => setDeciding('approve')} data-testid="approve-task">
              {words?.approve ?? '通过'}
            </Button>
          </Space>
        )
      }
    >
      {task.isLoading || !t ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="task-detail">
          {t.state === 'PENDING' && t.assigneeId && t.assigneeId !== me?.id && (
            <Alert type="warning" showIcon title={`该任务已由 ${t.assigneeName} 领取`} />
          )}
          {t.state === 'PENDING' && blocked && <Alert type="warning" showIcon title={blocked} data-testid="four-eyes-blocked" />}
          {t.state === 'PENDING' && !blocked && t.fourEyes?.stepLabel && (
            <Alert
              type="info"
              showIcon
              title={`四眼原则：本任务执行「${t.fourEyes.stepLabel}」${t.fourEyes.decidedByName ? `（由 ${t.fourEyes.decidedByName} 处理）` : ''}的结果，须由另一位操作员完成。`}
            />
          )}
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="任务类型">{t.typeLabel}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLORS[t.state]} data-testid="task-state">
                {t.stateLabel}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="企业">{t.enterpriseName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="提交人">{t.submittedByName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{time(t.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="处理人">{t.assigneeName ?? '未领取'}</Descriptions.Item>
            {t.state !== 'PENDING' && <Descriptions.Item label="处理时间">{time(t.decidedAt)}</Descriptions.Item>}
            {t.reason && (
              <Descriptions.Item label={t.state === 'REJECTED' ? `${words?.reject ?? '驳回'}原因` : '审核意见'}>
                {t.reason}
              </Descriptions.Item>
            )}
          </Descriptions>
          {t.facts.length > 0 && (
            <Descriptions size="small" bordered column={1} title="业务现状" data-testid="task-facts">
              {t.facts.map((f) => (
                <Descriptions.Item key={f.label} label={f.label}>
                  {f.value}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          {changesOf(t.data) ? (
            // A settings proposal (four eyes, issue 33): each setting's value in force and the value proposed.
            <div data-testid="task-fields">
              <Typography.Title level={5}>变更内容</Typography.Title>
              <SettingsChangesTable changes={changesOf(t.data)!} />
            </div>
          ) : (
            <Descriptions size="small" bordered column={1} title="提交内容" data-testid="task-fields">
              {t.fields.map((f) => (
                <Descriptions.Item key={f.label} label={f.label}>
                  {f.value}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          <div>
            <Typography.Title level={5}>附件</Typography.Title>
            <Attachments task={t} />
          </div>
          <div>
            <Typography.Title level={5}>处理历史</Typography.Title>
            <Timeline
              items={t.history.map((h) => ({
                color: ACTION_COLORS[h.action],
                content: (
                  <span>
                    {time(h.createdAt)} · {h.actorName} · {actionLabel(h.action, words)}
                    {h.comment ? `：${h.comment}` : ''}
                  </span>
                ),
              }))}
            />
          </div>
        </Space>
      )}
      <DecisionModal
        kind={deciding}
        words={words}
        busy={act.isPending}
        onCancel={() => setDeciding(null)}
        onConfirm={(text) => run(deciding!, text)}
      />
    </Drawer>
  );
}

function TaskList() {
  const types = useTaskTypes();
  // The home page's queues link here with ?type=… to open that queue.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<TaskFilters>({ state: 'PENDING', type: params.get('type') || undefined });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const tasks = useTasks(filters, paging.page, paging.size);
  const [open, setOpen] = useState<number | null>(null);
  const [form] = Form.useForm<TaskFilters>();

  // On a phone only the number stays put (lib/table.tsx): the action column scrolls with the rest.
  const columns = usePhoneColumns<TaskItem>([
    { title: '编号', dataIndex: 'id', width: 70, fixed: 'left' },
    { title: '类型', dataIndex: 'typeLabel', width: 130 },
    { title: '主题', dataIndex: 'subject', ellipsis: true },
    { title: '企业', dataIndex: 'enterpriseName', width: 220, ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{r.stateLabel}</Tag>,
    },
    { title: '处理人', dataIndex: 'assigneeName', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: time },
    {
      title: '操作',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid={`open-task-${r.id}`}>
          {r.state === 'PENDING' ? '审核' : '查看'}
        </Button>
      ),
    },
  ]);

  return (
    <>
      <Form
        form={form}
        layout="inline"
        initialValues={filters}
        onFinish={(v) => {
          setFilters({ ...v, enterpriseName: v.enterpriseName?.trim() || undefined });
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="type" label="类型">
          <Select
            allowClear
            placeholder="全部类型"
            style={{ width: 160 }}
            options={(types.data ?? []).map((x) => ({ value: x.type, label: x.label }))}
            data-testid="type-filter"
          />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Select allowClear placeholder="全部" style={{ width: 110 }} options={STATE_OPTIONS} data-testid="state-filter" />
        </Form.Item>
        <Form.Item name="enterpriseName" label="企业">
          <Input allowClear placeholder="企业名称关键字" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="mine" valuePropName="checked">
          <Checkbox>只看我领取的</Checkbox>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => tasks.refetch()} aria-label="刷新" />
        </Space>
      </Form>
      <Table<TaskItem>
        rowKey="id"
        columns={columns}
        dataSource={tasks.data?.items}
        loading={tasks.isFetching}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description="没有符合条件的任务" /> }}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: tasks.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        data-testid="task-table"
      />
      <TaskDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

type AuditDraft = { actorId?: number; operation?: string; outcome?: AuditFilters['outcome']; range?: [Dayjs | null, Dayjs | null] | null };

/**
 * 审计日志 (issue 24): the factor's audit trail — every operator action that changes money, prices,
 * limits, switches, users or settings, and every task decision — newest first, filtered by who,
 * what, when and how it ended, paged, and exported to Excel with the same filters.
 */
function AuditLog({ active }: { active: boolean }) {
  const feedback = useFeedback();
  const [form] = Form.useForm<AuditDraft>();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [exporting, setExporting] = useState(false);
  const audit = useAudit(filters, paging.page, paging.size, active);
  const choices = useAuditFilters(active);
  const operators = choices.data?.operators ?? [];
  const operations = choices.data?.operations ?? [];

  const search = (v: AuditDraft) => {
    setFilters({
      actorId: v.actorId,
      operation: v.operation,
      outcome: v.outcome,
      startDate: v.range?.[0]?.format('YYYY-MM-DD'),
      endDate: v.range?.[1]?.format('YYYY-MM-DD'),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const filterText = () =>
    [
      filters.actorId && `操作人 ${operators.find((o) => o.id === filters.actorId)?.name ?? filters.actorId}`,
      filters.operation && `操作 ${operations.find((o) => o.value === filters.operation)?.label ?? filters.operation}`,
      filters.outcome && `结果 ${AUDIT_OUTCOME_LABELS[filters.outcome]}`,
      (filters.startDate || filters.endDate) && `日期 ${filters.startDate ?? '最早'} 至 ${filters.endDate ?? '今'}`,
    ]
      .filter(Boolean)
      .join('；');

  const exportExcel = async () => {
    setExporting(true);
    try {
      const { items, totalCount } = await fetchAuditForExport(filters);
      if (!items.length) {
        feedback.warning('没有可导出的审计记录');
        return;
      }
      const { exportAuditToExcel } = await import('./export-audit.ts');
      const name = await exportAuditToExcel(items, filterText());
      feedback.success(
        totalCount > items.length
          ? `已导出最近 ${items.length} 条（共 ${totalCount} 条，超出 ${AUDIT_EXPORT_LIMIT} 条请缩小日期范围后分批导出）：${name}`
          : `已导出 ${items.length} 条：${name}`,
      );
    } catch (err) {
      feedback.showFailure(err);
    } finally {
      setExporting(false);
    }
  };

  // On a phone only the time stays put (lib/table.tsx); nothing else is fixed.
  const columns = usePhoneColumns<AuditItem>([
    { title: '时间', dataIndex: 'createdAt', width: 150, fixed: 'left', render: time },
    { title: '操作人', dataIndex: 'actorName', width: 80, ellipsis: { showTitle: true } },
    {
      // What was done: a task event's word, or the operator call's summary (its contract text).
      title: '操作',
      dataIndex: 'action',
      width: 220,
      render: (_, r) =>
        r.action === 'OPERATE' && r.operationLabel ? (
          <Typography.Text ellipsis={{ tooltip: r.operationLabel }} style={{ maxWidth: 200 }}>
            {r.operationLabel}
          </Typography.Text>
        ) : (
          <Tag color={ACTION_COLORS[r.action]}>{r.actionLabel ?? ACTION_LABELS[r.action]}</Tag>
        ),
    },
    {
      // What the row concerns: the task type (or the area, 站点配置…) and the task's subject or the target, in words.
      title: '业务',
      width: 240,
      render: (_, r) => (
        <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
          <Typography.Text strong>{r.entityLabel}</Typography.Text>
          {r.subject && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.subject }} style={{ fontSize: 12, maxWidth: 220 }}>
              {r.taskId ? `任务 ${r.taskId} · ` : ''}
              {r.subject}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      // What was sent or changed, in words: up to three lines (a file's SHA-256, a reserve's figures), the rest on hover.
      title: '内容',
      dataIndex: 'summary',
      width: 320,
      render: (v: string) => (
        <Typography.Paragraph ellipsis={{ rows: 3, tooltip: v }} style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>
          {v || '—'}
        </Typography.Paragraph>
      ),
    },
    {
      title: '结果',
      dataIndex: 'outcome',
      width: 80,
      render: (v: AuditItem['outcome']) => <Tag color={OUTCOME_COLORS[v ?? 'OK']}>{AUDIT_OUTCOME_LABELS[v ?? 'OK']}</Tag>,
    },
    { title: '意见 / 原因', dataIndex: 'comment', width: 160, ellipsis: { showTitle: true }, render: (v: string | null) => v ?? '' },
    { title: 'IP', dataIndex: 'ip', width: 110, render: (v: string | null) => v ?? '—' },
  ]);
  return (
    <>
      <Form
        form={form}
        layout="inline"
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
        aria-label="审计日志筛选"
        data-testid="audit-filters"
      >
        <Form.Item name="actorId" label="操作人">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={operators.map((o) => ({ value: o.id, label: o.name }))}
            data-testid="audit-actor"
          />
        </Form.Item>
        <Form.Item name="operation" label="操作">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部操作"
            style={{ width: 260, maxWidth: '100%' }}
            popupMatchSelectWidth={false}
            options={operations}
            data-testid="audit-operation"
          />
        </Form.Item>
        <Form.Item name="outcome" label="结果">
          <Select allowClear placeholder="全部" style={{ width: 100 }} options={OUTCOME_OPTIONS} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DateRangePicker allowEmpty={[true, true]} aria-label="日期范围" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            重置
          </Button>
          <Button icon={<FileExcelOutlined />} loading={exporting} onClick={exportExcel} data-testid="audit-export">
            导出 Excel
          </Button>
        </Space>
      </Form>
      <Table<AuditItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={audit.data?.items}
        loading={audit.isFetching}
        scroll={{ x: 1360 }}
        locale={{ emptyText: <Empty description="没有符合条件的审计记录" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: audit.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        data-testid="audit-table"
      />
    </>
  );
}

/** `/bpm/tasks` (PRODUCT §11): the operators' review inbox and the audit log of every decision. */
export default function TasksPage() {
  // ?tab=outbox|faq|siteConfig|… opens a tab directly (a link to one screen of the back office).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') || 'tasks');
  return (
    <div data-testid="bpm-tasks-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        审批中心
      </Typography.Title>
      <Tabs
        // Twelve desks: the tab bar wraps instead of hiding desks behind a "more" button (accessible.css).
        className="fp-wrap-tabs"
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'tasks', label: '审批任务', children: <TaskList /> },
          { key: 'audit', label: '审计日志', children: <AuditLog active={tab === 'audit'} /> },
          { key: 'deposit', label: '登记入账', children: <DepositForm /> },
          { key: 'jobs', label: '定时任务', children: <JobRunsPanel active={tab === 'jobs'} /> },
          { key: 'cloudloan', label: '银行云贷审批', children: <CloudLoanDeskSlot /> },
          { key: 'purchaseSales', label: '购销管理', children: <PurchaseSalesDeskSlot /> },
          { key: 'pledgePrices', label: '质押货物价格', children: <PledgePriceDeskSlot /> },
          { key: 'pledgeReleases', label: '质押放货单', children: <PledgeReleaseDeskSlot /> },
          { key: 'receivables', label: '应收账款查验', children: <ReceivablesDeskSlot /> },
          { key: 'registry', label: '动产融资登记', children: <RegistryDeskSlot /> },
          { key: 'outbox', label: '邮件发件箱', children: later(<OutboxPanel />) },
          { key: 'faq', label: '常见问题', children: later(<FaqPanel />) },
          { key: 'siteConfig', label: '站点配置', children: later(<SiteConfigPanel />) },
        ]}
      />
    </div>
  );
}
