import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { dateTime as time } from '../../lib/format.ts';
import { useLoginUser } from '../../lib/session.ts';
import { changesOf, SettingsChangesTable } from '../../lib/SettingsChanges.tsx';
import { useTask, useTaskAction } from './api.ts';
import { DecisionModal } from './DecisionModal.tsx';
import { TaskAttachments } from './TaskAttachments.tsx';
import { ACTION_COLORS, actionLabel, STATE_COLORS } from './task-colors.ts';

/** One task: what was submitted, the facts of the business today, its history, and claim / decide. */
export function TaskDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
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
            <TaskAttachments task={t} />
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
