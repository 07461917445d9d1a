import type { NoticeStatus } from '@factoring/domain';

// Colours only (issue 36); the words are the server's, from the domain's labels.
export const CONFIRMATION_COLORS: Record<'PENDING' | 'CONFIRMED' | 'DISPUTED', string> = {
  PENDING: 'warning',
  CONFIRMED: 'success',
  DISPUTED: 'error',
};
export const NOTICE_COLORS: Record<NoticeStatus, string> = {
  DRAWN: 'default',
  SIGNED: 'processing',
  HELD: 'default',
  TO_SEND: 'warning',
  SENT: 'processing',
  ACKNOWLEDGED: 'success',
  RELEASED: 'default',
  VOID: 'default',
};
