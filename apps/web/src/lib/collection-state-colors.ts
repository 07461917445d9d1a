import type { CollectionState } from '@factoring/domain/contract';

/**
 * The colours of a factored receivable's collection state (issue 36), on the supplier's drawer, the operator's desk
 * and the debtor's dues alike: past due in red. Colours only; the words come from the server (`stateLabel`).
 */
export const COLLECTION_STATE_COLORS: Readonly<Record<CollectionState, string>> = {
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
