import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { AUDIT_OUTCOME_LABELS } from '@factoring/domain/contract';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DateRangePicker } from '../../lib/DateRangePicker.tsx';
import { useFeedback } from '../../lib/feedback.ts';
import { dateTime as time } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { AUDIT_EXPORT_LIMIT, fetchAuditForExport, useAudit, useAuditFilters, type AuditFilters, type AuditItem } from './api.ts';
import { ACTION_LABELS } from './audit-words.ts';
import { ACTION_COLORS } from './task-colors.ts';

const OUTCOME_COLORS = { OK: 'success', REFUSED: 'warning', FAILED: 'error' } as const;
const OUTCOME_OPTIONS = (Object.keys(AUDIT_OUTCOME_LABELS) as (keyof typeof AUDIT_OUTCOME_LABELS)[]).map((value) => ({
  value,
  label: AUDIT_OUTCOME_LABELS[value],
}));

type AuditDraft = { actorId?: number; operation?: string; outcome?: AuditFilters['outcome']; range?: [Dayjs | null, Dayjs | null] | null };

/**
 * 审计日志 (issue 24): the factor's audit trail — every operator action that changes money, prices,
 * limits, switches, users or settings, and every task decision — newest first, filtered by who,
 * what, when and how it ended, paged, and exported to Excel with the same filters.
 */
export function AuditLog({ active }: { active: boolean }) {
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
