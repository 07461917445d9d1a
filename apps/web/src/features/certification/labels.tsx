import { accountChangeLifecycle, authenticationLifecycle, type Lifecycle } from '@factoring/domain';
import { Tag } from 'antd';

// Statuses of certification: labels from the domain machines (authenticationLifecycle,
// accountChangeLifecycle); only the colours are the web's.

const STATUS_COLORS: Record<string, string> = { DRAFT: 'default', PENDING: 'processing', APPROVED: 'success', REJECTED: 'error' };

export function StatusTag({ status, machine = authenticationLifecycle }: { status: string; machine?: Lifecycle<string> }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="status-tag" data-status={status}>
      {machine.label(status)}
    </Tag>
  );
}

export { accountChangeLifecycle };

export const GENDER_LABELS = { M: '男', F: '女' } as const;

export const errorText = (err: unknown) =>
  typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string'
    ? (err as { message: string }).message
    : '操作失败，请稍后重试';
