import { ReloadOutlined } from '@ant-design/icons';
import { JOB_RUN_STATUS_LABELS, JOB_TRIGGER_LABELS, jobsApi as api, type JobRun, type JobSummary } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAction } from '../../lib/action.ts';
import { dateTime } from '../../lib/format.ts';
import { keyOf, queryOf, send } from '../../lib/api-client.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { promptButtons } from '../../lib/prompt-words.ts';

// The calls of this panel name their operations in the contract (jobsApi, packages/domain/src/contract/jobs.ts).

function useJobOverview(active: boolean) {
  return useQuery({ ...queryOf(api.overview), enabled: active });
}

function useJobRuns(active: boolean, job: string | undefined, page: number, size: number) {
  return useQuery({ ...queryOf(api.runs, { query: { job, page, size } }), enabled: active, placeholderData: keepPreviousData });
}

function useRunJob() {
  return useAction({
    call: (name: string) => send(api.run, { params: { name }, body: {} }),
    invalidates: [keyOf(api.overview), keyOf(api.runs)],
    success: (text) => String(text),
  });
}

// A skipped run (switched off, nothing to do) in a neutral colour: neither a success nor a failure.
const STATUS_COLORS: Record<JobRun['status'], string> = {
  RUNNING: 'processing',
  SUCCEEDED: 'success',
  SKIPPED: 'default',
  FAILED: 'error',
};

const statusTag = (run: Pick<JobRun, 'status'> | null) =>
  run ? (
    <Tag color={STATUS_COLORS[run.status]}>{JOB_RUN_STATUS_LABELS[run.status]}</Tag>
  ) : (
    <Typography.Text type="secondary">尚未执行</Typography.Text>
  );

/** A run's outcome as the server words it (jobs/run-notes.ts): one line per close-of-business step. */
function RunNotes({ notes }: { notes: string[] }) {
  if (!notes.length) return <Typography.Text type="secondary">—</Typography.Text>;
  if (notes.length === 1) return <Typography.Text type="secondary">{notes[0]}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {notes.map((n) => (
        <li key={n}>
          <Typography.Text type="secondary">{n}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/** The run's status; where and how long it ran (the server, attempts, end) in its tooltip, not in columns of their own. */
const runStatus = (r: JobRun) => (
  <Tooltip
    title={
      <>
        执行服务器：{r.nodeLabel}
        <br />
        执行次数：{r.attempts}
        <br />
        结束：{r.finishedAt ? dateTime(r.finishedAt) : '—'}
      </>
    }
  >
    <span tabIndex={0} aria-label={`${JOB_RUN_STATUS_LABELS[r.status]}，执行服务器 ${r.nodeLabel}`}>
      {statusTag(r)}
    </span>
  </Tooltip>
);

const runColumns: TableColumnsType<JobRun> = [
  { title: '任务', dataIndex: 'label', width: 130, fixed: 'left' },
  { title: '业务日期', dataIndex: 'businessDate', width: 110 },
  { title: '方式', dataIndex: 'trigger', width: 90, render: (t: JobRun['trigger']) => JOB_TRIGGER_LABELS[t] },
  { title: '结果', dataIndex: 'status', width: 80, render: (_: unknown, r) => runStatus(r) },
  { title: '开始', dataIndex: 'startedAt', width: 170, render: dateTime },
  {
    title: '说明',
    key: 'detail',
    render: (_: unknown, r) => (r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : <RunNotes notes={r.notes} />),
  },
];

/**
 * Back office → 定时任务 (issue 11): each scheduled job with its China-time hour and its last run,
 * the run history (scheduled, catch-up after downtime, manual), and a manual run after confirmation.
 */
export function JobRunsPanel({ active }: { active: boolean }) {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [job, setJob] = useState<string | undefined>();
  const overview = useJobOverview(active);
  const runs = useJobRuns(active, job, paging.page, paging.size);
  const runJob = useRunJob();

  // On a phone only the first column stays put (lib/table.tsx). The jobs' own column is wide (its
  // steps): fixed, it would leave a phone no room to scroll, so nothing is fixed there.
  const runTableColumns = usePhoneColumns(runColumns);
  const jobColumns = usePhoneColumns<JobSummary>([
    {
      title: '任务',
      dataIndex: 'label',
      width: 300,
      render: (label: string, j) => (
        <Space direction="vertical" size={0}>
          {label}
          {j.steps.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {j.steps.map((s, i) => `${i + 1}. ${s.label}`).join('；')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '执行时间（北京时间）', dataIndex: 'hour', width: 160, render: (h: number) => `每日 ${String(h).padStart(2, '0')}:00` },
    { title: '最近应执行日期', dataIndex: 'latestDue', width: 130 },
    {
      title: '最近一次',
      key: 'last',
      width: 220,
      render: (_: unknown, j) =>
        j.lastRun ? (
          <Space>
            {j.lastRun.businessDate}
            {statusTag(j.lastRun)}
          </Space>
        ) : (
          statusTag(null)
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_: unknown, j) => (
        <Space>
          <Button type="link" size="small" onClick={() => (setJob(j.name), setPaging((p) => ({ ...p, page: 1 })))}>
            执行记录
          </Button>
          <Popconfirm
            title={`立即执行「${j.label}」？`}
            description={`业务日期 ${j.latestDue}；同一日期只执行一次。`}
            {...promptButtons('执行')}
            onConfirm={() => runJob.run(j.name)}
          >
            <Button type="link" size="small" loading={runJob.isPending} data-testid={`run-job-${j.name}`}>
              立即执行
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="job-runs-panel">
      {overview.data && !overview.data.scheduling && (
        <Alert type="warning" showIcon message="本节点未开启定时执行（JOBS=off），任务由其他节点或手动执行。" />
      )}
      <Card
        size="small"
        title="定时任务"
        extra={
          <Button icon={<ReloadOutlined />} size="small" onClick={() => (overview.refetch(), runs.refetch())}>
            刷新
          </Button>
        }
      >
        <Table<JobSummary>
          rowKey="name"
          size="small"
          scroll={{ x: 900 }}
          pagination={false}
          loading={overview.isLoading}
          columns={jobColumns}
          dataSource={overview.data?.jobs ?? []}
        />
      </Card>
      <Card
        size="small"
        title={job ? `执行记录：${overview.data?.jobs.find((j) => j.name === job)?.label ?? job}` : '执行记录'}
        extra={
          job && (
            <Button size="small" onClick={() => setJob(undefined)}>
              全部任务
            </Button>
          )
        }
      >
        <Table<JobRun>
          rowKey="id"
          size="small"
          scroll={{ x: 1100 }}
          loading={runs.isLoading}
          columns={runTableColumns}
          dataSource={runs.data?.items ?? []}
          locale={{ emptyText: '暂无执行记录' }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: runs.data?.totalCount ?? 0,
            showSizeChanger: true,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          data-testid="job-runs-table"
        />
      </Card>
    </Space>
  );
}
