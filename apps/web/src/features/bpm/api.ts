import type { TaskState } from '@factoring/domain';
import {
  bpmApi as api,
  contentApi,
  fundsApi,
  mailApi,
  systemApi,
  type AnswerOf,
  type BodyInput,
  type QueryInput,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, call, keyOf, queryOf, send } from '../../lib/api-client.ts';
import type { Keyed } from '../../lib/confirm.ts';

// The back office's calls: each hook names its operation in the contract (bpmApi, fundsApi,
// contentApi, mailApi, systemApi), which fixes its path, input and answer.

export type { TaskState };

export type TaskItem = AnswerOf<typeof api.tasks>['items'][number];
export type TaskDetail = AnswerOf<typeof api.task>;
/** A row of the audit log: who did what, to what, in words. */
export type AuditItem = AnswerOf<typeof api.audit>['items'][number];
/** An audit-log entry, or a task's own history (the same fields, fewer of them). */
export type AuditEntry = TaskDetail['history'][number] & Partial<AuditItem>;

/** The list's filters as the form holds them: the query's own fields, with `mine` a checkbox. */
export type TaskFilters = Pick<QueryInput<typeof api.tasks>, 'type' | 'state' | 'enterpriseName'> & { mine?: boolean };

/** The inbox and everything tagged with it (site configuration, outbox, scheduled jobs): `['bpm']`. */
const BPM = areaKey(api.tasks);

export const useTaskTypes = () => useQuery({ ...queryOf(api.taskTypes), staleTime: 10 * 60_000 });

export function useTasks(filters: TaskFilters, page: number, size: number) {
  const query = {
    type: filters.type,
    state: filters.state,
    enterpriseName: filters.enterpriseName || undefined,
    mine: filters.mine ? ('true' as const) : undefined,
    page,
    size,
  };
  return useQuery({ ...queryOf(api.tasks, { query }), placeholderData: keepPreviousData });
}

export function useTask(id: number | null) {
  return useQuery({ ...queryOf(api.task, { params: { id: id ?? 0 } }), enabled: id !== null });
}

/** The audit trail's filters (who, what, when, how it ended), as the list and its Excel export send them. */
export type AuditFilters = Pick<QueryInput<typeof api.audit>, 'actorId' | 'operation' | 'outcome' | 'startDate' | 'endDate'>;

export function useAudit(filters: AuditFilters, page: number, size: number, enabled: boolean) {
  return useQuery({ ...queryOf(api.audit, { query: { ...filters, page, size } }), enabled, placeholderData: keepPreviousData });
}

/** The operators who acted and the audited operations, for the filters. */
export const useAuditFilters = (enabled: boolean) => useQuery({ ...queryOf(api.auditFilters), enabled, staleTime: 60_000 });

/** At most this many rows go into one export (narrow the dates for more). */
export const AUDIT_EXPORT_LIMIT = 5000;

/** Every row of the trail under the filters, newest first, up to AUDIT_EXPORT_LIMIT (pages of 200). */
export async function fetchAuditForExport(filters: AuditFilters): Promise<{ items: AuditItem[]; totalCount: number }> {
  const size = 200;
  const items: AuditItem[] = [];
  let totalCount = 0;
  for (let page = 1; items.length < AUDIT_EXPORT_LIMIT; page++) {
    const answer = await call(api.audit, { query: { ...filters, page, size } });
    totalCount = answer.totalCount;
    items.push(...answer.items);
    if (answer.items.length < size || items.length >= totalCount) break;
  }
  return { items: items.slice(0, AUDIT_EXPORT_LIMIT), totalCount };
}

type TaskAction = 'claim' | 'release' | 'approve' | 'reject';
type TaskActionInput = { id: number; action: TaskAction; comment?: string; reason?: string };
/** A decision answers the task's new state; claiming and releasing, a confirmation. */
type TaskActionAnswer = AnswerOf<typeof api.approve> | AnswerOf<typeof api.claim>;
const DONE: Record<TaskAction, string> = { claim: '已领取该任务', release: '已退回任务池', approve: '已审核通过', reject: '已驳回' };

/** Claim, release, approve (with an optional comment) or reject (with a reason) a task. */
export function useTaskAction() {
  return useAction<TaskActionInput, TaskActionAnswer>({
    call: ({ id, action, comment, reason }) => {
      const params = { id };
      if (action === 'approve') return send(api.approve, { params, body: { comment } });
      // A missing reason is sent as missing: the server refuses it, naming the field.
      if (action === 'reject') return send(api.reject, { params, body: { reason: reason! } });
      return send(action === 'claim' ? api.claim : api.release, { params });
    },
    invalidates: [BPM],
    success: (_, { action }) => DONE[action],
  });
}

// Back office: money entering the platform ----------------------------------------------------------

export type VirtualAccountHolder = AnswerOf<typeof fundsApi.virtualAccount>;
/** A recorded deposit: a FUNDS_DEPOSIT task awaiting a second operator, nothing credited yet. */
export type DepositSubmitted = AnswerOf<typeof fundsApi.deposit>;

/** Who holds a virtual account number (shown before an incoming transfer is recorded). */
export const fetchVirtualAccountHolder = (accountNo: string) => call(fundsApi.virtualAccount, { query: { accountNo } });

/** Records an incoming bank transfer for a second operator's review (入金复核); one idempotency key per confirmation. */
export function useDeposit() {
  return useAction({
    call: (body: Keyed<BodyInput<typeof fundsApi.deposit>>) =>
      send(fundsApi.deposit, { body }, { headers: { 'Idempotency-Key': body.idempotencyKey } }),
    invalidates: [BPM, areaKey(fundsApi.deposit)],
  });
}

// Back office: outbox, FAQ, site configuration ------------------------------------------------------

export type OutboxMail = AnswerOf<typeof mailApi.outbox>['items'][number];
export type Faq = AnswerOf<typeof contentApi.saveFaq>;
export type FaqInput = BodyInput<typeof contentApi.saveFaq>;
/** The configuration in force (without its pending proposal). */
export type SiteConfig = Omit<AnswerOf<typeof systemApi.siteConfig>, 'pending'>;

/** The local outbox (activation and reset mails while no SMTP server is configured), newest first. */
export function useOutbox(page: number, size: number) {
  return useQuery({ ...queryOf(mailApi.outbox, { query: { page, size } }), placeholderData: keepPreviousData });
}

/** The FAQ, here and on the public page (`['content']`). */
const FAQ = areaKey(contentApi.faq);

/** Every FAQ entry, published or not (the public page shows only published ones). */
export const useFaqs = () => useQuery(queryOf(contentApi.manageFaqs));

export function useSaveFaq() {
  return useAction({
    call: (input: FaqInput) => send(contentApi.saveFaq, { body: input }),
    invalidates: [FAQ],
    success: (_, input) => (input.id ? '已保存修改' : '已新增问题'),
  });
}

export function useDeleteFaq() {
  return useAction({
    call: (id: number) => send(contentApi.deleteFaq, { body: { id } }),
    invalidates: [FAQ],
    success: '已删除',
  });
}

export const useSiteConfig = () => useQuery(queryOf(systemApi.siteConfig));

/** Proposes the whole configuration (four eyes): it takes effect when another operator approves the task. */
export function useSaveSiteConfig() {
  return useAction({
    call: (input: BodyInput<typeof systemApi.saveSiteConfig>) => send(systemApi.saveSiteConfig, { body: input }),
    invalidates: [BPM, keyOf(systemApi.siteConfig), keyOf(systemApi.initConfig)],
    success: '已提交复核，另一位操作员批准后生效',
  });
}
