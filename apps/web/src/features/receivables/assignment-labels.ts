import type { NoticeStatus } from '@factoring/domain';
import type { CollectionState } from '@factoring/domain/contract';

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
/** What the debtor owes on a factored receivable (issue 36, factoringMoneyApi.debtorOwed): past due in red. */
export const OWED_COLORS: Record<CollectionState, string> = {
  AWAITING: 'processing',
  PARTLY_COLLECTED: 'gold',
  IN_GRACE: 'warning',
  BUYBACK_DUE: 'error',
  WRITE_OFF_DUE: 'error',
  COLLECTED: 'success',
  BOUGHT_BACK: 'success',
  WRITTEN_OFF: 'default',
  SETTLED: 'success',
};
