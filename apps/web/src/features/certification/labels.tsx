import { Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { AuthenticationStatus } from './api.ts';

export const STATUS_COLORS: Record<AuthenticationStatus | 'PENDING' | 'APPROVED' | 'REJECTED', string> = {
  DRAFT: 'default',
  PENDING: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
};

export function StatusTag({ status, label }: { status: keyof typeof STATUS_COLORS; label: string }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="status-tag" data-status={status}>
      {label}
    </Tag>
  );
}

export const GENDER_LABELS = { M: '男', F: '女' } as const;

export const formatTime = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

const AUTH_PATH = '/user/autentication';

/** A server message with the authentication page turned into a link (the certification refusal names it). */
export function MessageWithLink({ text }: { text: string }) {
  const at = text.indexOf(AUTH_PATH);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Link to={AUTH_PATH}>实名认证页面</Link>
      {text.slice(at + AUTH_PATH.length)}
    </>
  );
}

export const errorText = (err: unknown) => (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string' ? (err as { message: string }).message : '操作失败，请稍后重试');
