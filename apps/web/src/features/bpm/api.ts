import type { TaskState } from '@factoring/domain';
import type {
  auditItemSchema,
  depositBody,
  depositResultSchema,
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
export type DepositResult = z.input<typeof depositResultSchema>;

/** Who holds a virtual account number (shown before an incoming transfer is recorded). */
export const fetchVirtualAccountHolder = (accountNo: string) =>
  request<VirtualAccountHolder>('/bpm/funds/virtual-account', { data: { accountNo } }).then(unwrap);

/** Records an incoming bank transfer; one idempotency key per confirmation. */
export function useDeposit() {
  return useAction({
    call: ({ idempotencyKey, ...body }: Omit<z.input<typeof depositBody>, 'idempotencyKey'> & { idempotencyKey: string }) =>
      request<DepositResult>('/bpm/funds/deposit', {
        method: 'POST',
        json: true,
        data: { ...body, idempotencyKey },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    invalidates: [['bpm'], ['funds']],
  });
}
