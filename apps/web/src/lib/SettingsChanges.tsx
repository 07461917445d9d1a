import type { SettingsChange, settingsProposalSchema } from '@factoring/domain/contract';
import type { z } from 'zod';
import { Alert, Space, Table } from 'antd';
import { dateTime } from './format.ts';

/** A proposal as it arrives on the wire (its time as ISO text). */
type SettingsProposal = z.input<typeof settingsProposalSchema>;

// Four eyes on settings (issue 33): a change of the site configuration or the risk limits is a proposal
// that another operator approves in 审批中心. The settings pages show the pending one; the task drawer
// shows what it changes, old and new side by side.

/** The changes of a proposal: each setting, its value in force and the value proposed. */
export function SettingsChangesTable({ changes }: { changes: SettingsChange[] }) {
  return (
    <Table
      size="small"
      bordered
      pagination={false}
      rowKey="key"
      dataSource={changes}
      data-testid="settings-changes"
      columns={[
        { title: '项目', dataIndex: 'label', width: 200 },
        { title: '变更前', dataIndex: 'before' },
        { title: '变更后', dataIndex: 'after', render: (v: string) => <strong>{v}</strong> },
      ]}
    />
  );
}

/** The changes kept in a proposal task's data (`changes`), when the task is one. */
export function changesOf(data: Record<string, unknown>): SettingsChange[] | null {
  const changes = data.changes;
  if (!Array.isArray(changes)) return null;
  const ok = changes.every(
    (c: unknown) =>
      c !== null &&
      typeof c === 'object' &&
      typeof (c as SettingsChange).before === 'string' &&
      typeof (c as SettingsChange).after === 'string',
  );
  return ok ? (changes as SettingsChange[]) : null;
}

/** A settings page's pending proposal: who proposed what, waiting for another operator. */
export function PendingProposal({ proposal, name }: { proposal: SettingsProposal | null | undefined; name: string }) {
  if (!proposal) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="pending-proposal"
      title={`${name}有一项待复核的变更（任务 #${proposal.taskId}，${proposal.submittedByName ?? '其他操作员'}于 ${dateTime(proposal.createdAt)} 提交）`}
      description={
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>另一位操作员在「审批中心」批准后生效，驳回则不生效；待其处理前不能再次提交。当前页面显示的是正在生效的配置。</span>
          <SettingsChangesTable changes={proposal.changes} />
        </Space>
      }
    />
  );
}
