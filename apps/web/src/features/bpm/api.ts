import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, unwrap, type Paged } from '../../lib/request.ts';

export type TaskState = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface TaskType {
  type: string;
  label: string;
}

export interface TaskItem {
  id: number;
  type: string;
  typeLabel: string;
  subject: string;
  enterpriseId: number | null;
  enterpriseName: string | null;
  refId: string;
  state: TaskState;
  stateLabel: string;
  assigneeId: number | null;
  assigneeName: string | null;
  decision: 'APPROVE' | 'REJECT' | null;
  reason: string | null;
  decidedByName: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface TaskFile {
  id: number;
  originalName: string;
  mimeType: string;
  size: number;
}

export interface AuditEntry {
  id: number;
  taskId?: number | null;
  action: 'SUBMIT' | 'CLAIM' | 'RELEASE' | 'APPROVE' | 'REJECT';
  actorName: string;
  entityType?: string;
  entityId?: string;
  comment: string | null;
  before: unknown;
  after: unknown;
  ip?: string | null;
  createdAt: string;
}

export interface TaskDetail extends TaskItem {
  data: Record<string, unknown>;
  fields: { label: string; value: string }[];
  attachments: { uploadId: number; label: string; file: TaskFile | null }[];
  submittedByName: string | null;
  history: AuditEntry[];
}

export interface TaskFilters {
  type?: string;
  state?: TaskState;
  enterpriseName?: string;
  mine?: boolean;
}

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
        data: { type: filters.type, state: filters.state, enterpriseName: filters.enterpriseName || undefined, mine: filters.mine ? 'true' : undefined, page, size },
      }).then(unwrap),
    placeholderData: keepPreviousData,
  });
}

export function useTask(id: number | null) {
  return useQuery({ queryKey: KEYS.task(id ?? 0), queryFn: () => request<TaskDetail>(`/bpm/tasks/${id}`).then(unwrap), enabled: id !== null });
}

export function useAudit(page: number, size: number, enabled: boolean) {
  return useQuery({
    queryKey: KEYS.audit(page, size),
    queryFn: () => request<Paged<AuditEntry>>('/bpm/audit', { data: { page, size } }).then(unwrap),
    enabled,
    placeholderData: keepPreviousData,
  });
}

type Action = { id: number; action: 'claim' | 'release' | 'approve' | 'reject'; comment?: string; reason?: string };

export function useTaskAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, comment, reason }: Action) => {
      const data = action === 'approve' ? { comment } : action === 'reject' ? { reason } : {};
      return unwrap(await request<unknown>(`/bpm/tasks/${id}/${action}`, { method: 'POST', data, json: true }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['bpm'] }),
  });
}
