import type { TaskState } from '@factoring/domain';
import type {
  auditItemSchema,
  depositBody,
  depositSubmittedSchema,
  faqInput,
  faqSchema,
  outboxPageSchema,
  siteConfigSchema,
  taskDetailSchema,
  taskListItemSchema,
  taskListQuery,
  taskTypesSchema,
  virtualAccountSchema,
} from '@factoring/domain/contract';
import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { request, unwrap, type Paged } from '../../lib/request.ts';

export type { TaskState };

type TaskType = z.input<typeof taskTypesSchema>[number];
export type TaskItem = z.input<typeof taskListItemSchema>;
export type TaskDetail = z.input<typeof taskDetailSchema>;
/** An audit-log entry, or a task's own history (the same fields, fewer of them). */
export type AuditEntry = z.input<typeof taskDetailSchema>['history'][number] & Partial<z.input<typeof auditItemSchema>>;
/** A row of the audit log: who did what, to what, in words. */
export type AuditItem = z.input<typeof auditItemSchema>;

/** The list's filters as the form holds them: the query's own fields, with `mine` a checkbox. */
export type TaskFilters = Pick<z.input<typeof taskListQuery>, 'type' | 'state' | 'enterpriseName'> & { mine?: boolean };

const KEYS = {
  types: ['bpm', 'types'] as const,
  tasks: (f: TaskFilters, page: number, size: number) => ['bpm', 'tasks', f, page, size] as const,
  task: (id: number) => ['bpm', 'task', id] as const,
  audit: (page: number, size: number) => ['bpm', 'audit', page, size] as const,
};

export function useTaskTypes() {
  return useQuery({ queryKey: KEYS.types, queryFn: () => request<TaskType[]>('/bpm/taskTypes').then(unwrap), staleTime: 10 * 60_000 });
}

export function useTasks(filters: TaskFilters, page: number, size: number) {
  return useQuery({
    queryKey: KEYS.tasks(filters, page, size),
    queryFn: () =>
      request<Paged<TaskItem>>('/bpm/tasks', {
        data: {
          type: filters.type,
          state: filters.state,
          enterpriseName: filters.enterpriseName || undefined,
          mine: filters.mine ? 'true' : undefined,
          page,
          size,
        },
      }).then(unwrap),
    placeholderData: keepPreviousData,
  });
}

export function useTask(id: number | null) {
  return useQuery({
    queryKey: KEYS.task(id ?? 0),
    queryFn: () => request<TaskDetail>(`/bpm/tasks/${id}`).then(unwrap),
    enabled: id !== null,
  });
}

export function useAudit(page: number, size: number, enabled: boolean) {
  return useQuery({
    queryKey: KEYS.audit(page, size),
    queryFn: () => request<Paged<z.input<typeof auditItemSchema>>>('/bpm/audit', { data: { page, size } }).then(unwrap),
    enabled,
    placeholderData: keepPreviousData,
  });
}

type TaskAction = 'claim' | 'release' | 'approve' | 'reject';
const DONE: Record<TaskAction, string> = { claim: '已领取该任务', release: '已退回任务池', approve: '已审核通过', reject: '已驳回' };

/** Claim, release, approve (with an optional comment) or reject (with a reason) a task. */
export function useTaskAction() {
  return useAction({
    call: ({ id, action, comment, reason }: { id: number; action: TaskAction; comment?: string; reason?: string }) => {
      const data = action === 'approve' ? { comment } : action === 'reject' ? { reason } : {};
      return request<unknown>(`/bpm/tasks/${id}/${action}`, { method: 'POST', data, json: true });
    },
    invalidates: [['bpm']],
    success: (_, { action }) => DONE[action],
  });
}

// Back office: money entering the platform ----------------------------------------------------------

export type VirtualAccountHolder = z.input<typeof virtualAccountSchema>;
/** A recorded deposit: a FUNDS_DEPOSIT task awaiting a second operator, nothing credited yet. */
export type DepositSubmitted = z.input<typeof depositSubmittedSchema>;

/** Who holds a virtual account number (shown before an incoming transfer is recorded). */
export const fetchVirtualAccountHolder = (accountNo: string) =>
  request<VirtualAccountHolder>('/bpm/funds/virtual-account', { data: { accountNo } }).then(unwrap);

/** Records an incoming bank transfer for a second operator's review (入金复核); one idempotency key per confirmation. */
export function useDeposit() {
  return useAction({
    call: ({ idempotencyKey, ...body }: Omit<z.input<typeof depositBody>, 'idempotencyKey'> & { idempotencyKey: string }) =>
      request<DepositSubmitted>('/bpm/funds/deposit', {
        method: 'POST',
        json: true,
        data: { ...body, idempotencyKey },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    invalidates: [['bpm'], ['funds']],
  });
}

// Back office: outbox, FAQ, site configuration ------------------------------------------------------

export type OutboxMail = z.input<typeof outboxPageSchema>['items'][number];
export type Faq = z.input<typeof faqSchema>;
export type FaqInput = z.input<typeof faqInput>;
export type SiteConfig = z.input<typeof siteConfigSchema>;

/** The local outbox (activation and reset mails while no SMTP server is configured), newest first. */
export function useOutbox(page: number, size: number) {
  return useQuery({
    queryKey: ['bpm', 'outbox', page, size],
    queryFn: () => request<Paged<OutboxMail>>('/bpm/outbox', { data: { page, size } }).then(unwrap),
    placeholderData: keepPreviousData,
  });
}

/** Every FAQ entry, published or not (the public page shows only published ones). */
export function useFaqs() {
  return useQuery({ queryKey: ['bpm', 'faq'], queryFn: () => request<Faq[]>('/content/faq/manage').then(unwrap) });
}

export function useSaveFaq() {
  return useAction({
    call: (input: FaqInput) => request<Faq>('/content/faq/save', { method: 'POST', json: true, data: input }),
    invalidates: [
      ['bpm', 'faq'],
      ['content', 'faq'],
    ],
    success: (_, input) => (input.id ? '已保存修改' : '已新增问题'),
  });
}

export function useDeleteFaq() {
  return useAction({
    call: (id: number) => request<unknown>('/content/faq/delete', { method: 'POST', json: true, data: { id } }),
    invalidates: [
      ['bpm', 'faq'],
      ['content', 'faq'],
    ],
    success: '已删除',
  });
}

export function useSiteConfig() {
  return useQuery({ queryKey: ['bpm', 'site-config'], queryFn: () => request<SiteConfig>('/bpm/site-config').then(unwrap) });
}

/** Saves the whole configuration; the server writes only what changed, one audit row per setting. */
export function useSaveSiteConfig() {
  return useAction({
    call: (input: SiteConfig) => request<SiteConfig>('/bpm/site-config', { method: 'POST', json: true, data: input }),
    invalidates: [['bpm'], ['initcfg']],
    success: '站点配置已保存',
  });
}
