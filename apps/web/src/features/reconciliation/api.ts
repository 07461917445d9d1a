import { bankStatementApi as api, type AnswerOf, type BodyInput, type QueryInput } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, pathOf, queryOf, send } from '../../lib/api-client.ts';
import type { Keyed } from '../../lib/confirm.ts';

// The collection account against the bank (issue 26): each hook names its operation of the contract.

/** Everything of the area (`['bank']`), refreshed after any change; the inbox too, where a change opens or decides a task. */
const BANK = areaKey(api.summary);
const BPM = ['bpm'] as const;

export type StatementFormat = AnswerOf<typeof api.formats>[number];
export type ImportResult = AnswerOf<typeof api.importStatement>;
export type StatementItem = AnswerOf<typeof api.statements>['items'][number];
export type StatementLine = AnswerOf<typeof api.lines>['items'][number];
export type LineCandidates = AnswerOf<typeof api.candidates>;
export type Payout = AnswerOf<typeof api.payouts>['items'][number];
export type PaymentBatch = AnswerOf<typeof api.batches>['items'][number];
export type ReconciliationDay = AnswerOf<typeof api.reconciliation>['items'][number];
export type ReconciliationDetail = AnswerOf<typeof api.reconciliationDay>;
export type LinesFilter = Pick<QueryInput<typeof api.lines>, 'status' | 'direction' | 'startDate' | 'endDate'>;

export const useFormats = () => useQuery({ ...queryOf(api.formats), staleTime: 60_000 });

export const useStatements = (page: number, size: number) =>
  useQuery({ ...queryOf(api.statements, { query: { page, size } }), placeholderData: keepPreviousData });

export const useLines = (filter: LinesFilter, page: number, size: number) =>
  useQuery({ ...queryOf(api.lines, { query: { ...filter, page, size } }), placeholderData: keepPreviousData });

export const useCandidates = (id: number | null) =>
  useQuery({ ...queryOf(api.candidates, { params: { id: id ?? 0 } }), enabled: id !== null });

export const usePayouts = (bankStatus: QueryInput<typeof api.payouts>['bankStatus'], page: number, size: number) =>
  useQuery({ ...queryOf(api.payouts, { query: { bankStatus, page, size } }), placeholderData: keepPreviousData });

export const useBatches = (page: number, size: number) =>
  useQuery({ ...queryOf(api.batches, { query: { page, size } }), placeholderData: keepPreviousData });

export const useDays = (status: QueryInput<typeof api.reconciliation>['status'], page: number, size: number) =>
  useQuery({ ...queryOf(api.reconciliation, { query: { status, page, size } }), placeholderData: keepPreviousData });

export const useDay = (date: string | null) =>
  useQuery({ ...queryOf(api.reconciliationDay, { params: { date: date ?? '' } }), enabled: date !== null });

export const useImportStatement = () =>
  useAction({
    call: (body: Keyed<BodyInput<typeof api.importStatement>>) => send(api.importStatement, { body }),
    invalidates: [BANK, BPM],
  });

export const useSaveFormat = () =>
  useAction({
    call: (body: Keyed<BodyInput<typeof api.saveFormat>>) => send(api.saveFormat, { body }),
    invalidates: [BANK],
    success: '已保存该银行的列映射',
  });

export const useAssignLine = () =>
  useAction({
    call: ({ id, ...body }: Keyed<BodyInput<typeof api.assign>> & { id: number }) => send(api.assign, { params: { id }, body }),
    invalidates: [BANK, BPM],
  });

export const useExplainLine = () =>
  useAction({
    call: ({ id, ...body }: Keyed<BodyInput<typeof api.explain>> & { id: number }) => send(api.explain, { params: { id }, body }),
    invalidates: [BANK],
    success: '已标记为已说明',
  });

export const useReopenLine = () =>
  useAction({
    call: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      send(api.reopen, { params: { id }, body: { idempotencyKey } }),
    invalidates: [BANK],
    success: '已撤销说明，流水回到异常队列',
  });

export const useCreateBatch = () =>
  useAction({
    call: (body: { idempotencyKey: string }) => send(api.createBatch, { body }),
    invalidates: [BANK],
  });

/** Where a payment batch's file downloads (the hidden-frame download of lib/download.ts). */
export const batchFileUrl = (id: number, format: 'csv' | 'pain001') => `${pathOf(api.batchFile, { id })}?format=${format}`;

/** Asks to void (作废) a statement whose lines are all unmatched: a task for another operator in the inbox. */
export const useVoidStatement = () =>
  useAction({
    call: ({ id, ...body }: Keyed<BodyInput<typeof api.voidStatement>> & { id: number }) =>
      send(api.voidStatement, { params: { id }, body }),
    invalidates: [BANK, BPM],
  });
