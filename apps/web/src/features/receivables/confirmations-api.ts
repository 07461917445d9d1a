import { confirmationsApi as api, type AnswerOf, type BodyInput, type QueryInput } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, queryOf, send, sendConfirmed } from '../../lib/api-client.ts';
import type { Confirmation } from '../../lib/confirm.ts';

// The debtor's part (issue 36): each hook names its operation in the contract (confirmationsApi,
// packages/domain/src/contract/confirmations.ts). The debtor's inbox and its acts (confirm, dispute and
// acknowledge, each with the login password), and the operator's desk of notices and confirmations.

export type ConfirmationRow = AnswerOf<typeof api.inbox>['items'][number];
export type NoticeRow = AnswerOf<typeof api.notices>['items'][number];
export type DeskConfirmation = AnswerOf<typeof api.confirmationDesk>['items'][number];
export type PendingConfirmation = AnswerOf<typeof api.pendingDesk>['items'][number];
export type InboxQuery = QueryInput<typeof api.inbox> & { page: number; size: number };
export type NoticeQuery = QueryInput<typeof api.notices> & { page: number; size: number };

/** Every call refreshes the receivables area (the inbox, the notices, the desks) and the supplier's financings. */
const REFRESH = [areaKey(api.inbox), ['supplyloan']] as const;

export const useConfirmationInbox = (q: InboxQuery) => useQuery({ ...queryOf(api.inbox, { query: q }), placeholderData: keepPreviousData });
export const useDebtorNotices = (q: NoticeQuery) => useQuery({ ...queryOf(api.notices, { query: q }), placeholderData: keepPreviousData });
export const useNoticeDesk = (q: NoticeQuery) => useQuery({ ...queryOf(api.noticeDesk, { query: q }), placeholderData: keepPreviousData });
export const useConfirmationDesk = (q: QueryInput<typeof api.confirmationDesk> & { page: number; size: number }) =>
  useQuery({ ...queryOf(api.confirmationDesk, { query: q }), placeholderData: keepPreviousData });

export const usePendingConfirmations = (q: QueryInput<typeof api.pendingDesk> & { page: number; size: number }) =>
  useQuery({ ...queryOf(api.pendingDesk, { query: q }), placeholderData: keepPreviousData });

/** The operator records the debtor's stamped paper letter as its confirmation (a debtor without a user, 暗保理). */
export function useRecordPaperConfirmation() {
  return useAction({
    call: (body: BodyInput<typeof api.recordPaper> & { idempotencyKey: string }) => send(api.recordPaper, { body }),
    invalidates: REFRESH,
    success: (c) => `${c.label} 已登记纸质确权`,
  });
}

/** The supplier's financings and their debtor's proofs (tags on its financing list). */
export function useAssignmentProofs(financingIds: readonly number[]) {
  return useQuery({
    ...queryOf(api.proofs, { query: { financingIds: financingIds.join(',') } }),
    enabled: financingIds.length > 0,
  });
}

/** The debtor confirms (确权) a batch of its receivables: a signed 确认函 for each. */
export function useConfirmReceivables() {
  return useAction({
    call: ({ assetIds, ...confirmation }: { assetIds: number[] } & Confirmation) =>
      sendConfirmed(api.confirm, { body: { assetIds } }, confirmation),
    invalidates: REFRESH,
  });
}

/** The debtor disputes a batch of its receivables with one reason. */
export function useDisputeReceivables() {
  return useAction({
    call: ({ assetIds, reason, ...confirmation }: { assetIds: number[]; reason: string } & Confirmation) =>
      sendConfirmed(api.dispute, { body: { assetIds, reason } }, confirmation),
    invalidates: REFRESH,
  });
}

/** The debtor acknowledges a notice it received. */
export function useAcknowledgeNotice() {
  return useAction({
    call: ({ id, ...confirmation }: { id: number } & Confirmation) =>
      sendConfirmed(api.acknowledge, { params: { id }, body: {} }, confirmation),
    invalidates: REFRESH,
  });
}

/** The operator sends a held notice (暗保理) or a release notice now. */
export function useSendNotice() {
  return useAction({
    call: ({ id, ...body }: { id: number } & BodyInput<typeof api.sendNotice> & { idempotencyKey: string }) =>
      send(api.sendNotice, { params: { id }, body }),
    invalidates: REFRESH,
    success: (n) => `${n.noticeNo} 已送达：${n.channelLabel ?? ''} ${n.deliveredTo ?? ''}`,
  });
}

/** The operator chooses what sends a held notice. */
export function useArmNotice() {
  return useAction({
    call: ({ id, ...body }: { id: number } & BodyInput<typeof api.armNotice> & { idempotencyKey: string }) =>
      send(api.armNotice, { params: { id }, body }),
    invalidates: REFRESH,
    success: (n) => `${n.noticeNo}：${n.sendOnLabel ?? ''}`,
  });
}
