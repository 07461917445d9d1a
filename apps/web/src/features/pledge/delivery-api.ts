import type { z } from 'zod';
import type {
  PledgeAddGoodsInput,
  PledgeCustomerInput,
  SignPersonInput,
  pledgeAddGoodsQuoteSchema,
  pledgeAddGoodsResultSchema,
  pledgeAlertsSchema,
  pledgeCustomerSchema,
  pledgeValueHistorySchema,
  signPersonSchema,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { request, unwrap, type Paged } from '../../lib/request.ts';

// The delivery and risk calls of goods pledge (server pledge/delivery-routes.ts): designated signers,
// downstream customers, adding goods to meet a margin call, alerts and the collateral value history.

export type SignPerson = z.input<typeof signPersonSchema>;
export type PledgeCustomer = z.input<typeof pledgeCustomerSchema>;
export type AddGoodsQuote = z.input<typeof pledgeAddGoodsQuoteSchema>;
export type AddGoodsResult = z.input<typeof pledgeAddGoodsResultSchema>;
export type PledgeAlerts = z.input<typeof pledgeAlertsSchema>;
export type ValueHistory = z.input<typeof pledgeValueHistorySchema>;
export interface PartyFilter {
  page: number;
  size: number;
  status?: 'ACTIVE' | 'DISABLED';
  keyword?: string;
}

const KEY = ['pledge'] as const;
const get = <T>(url: string, data?: object) => request<T>(url, { data: data as Record<string, unknown> | undefined }).then(unwrap);
const post = <T>(url: string, data: object) => request<T>(url, { method: 'POST', json: true, data: data as Record<string, unknown> });

export const useSignPersons = (q: PartyFilter) =>
  useQuery({
    queryKey: [...KEY, 'signPersons', q],
    queryFn: () => get<Paged<SignPerson>>('/pledge/sign-persons', q),
    placeholderData: keepPreviousData,
  });
export const useAddSignPerson = () =>
  useAction<SignPersonInput, SignPerson>({
    call: (body) => post('/pledge/sign-persons', body),
    invalidates: [[...KEY, 'signPersons']],
    success: (p) => `已添加签收人 ${p.name}`,
  });
export const useDisableSignPerson = () =>
  useAction<number, { id: number; status: string }>({
    call: (id) => post(`/pledge/sign-persons/${id}/disable`, {}),
    invalidates: [[...KEY, 'signPersons']],
    success: '已停用',
  });

export const useCustomers = (q: PartyFilter) =>
  useQuery({
    queryKey: [...KEY, 'customers', q],
    queryFn: () => get<Paged<PledgeCustomer>>('/pledge/customers', q),
    placeholderData: keepPreviousData,
  });
export const useAddCustomer = () =>
  useAction<PledgeCustomerInput, PledgeCustomer>({
    call: (body) => post('/pledge/customers', body),
    invalidates: [[...KEY, 'customers']],
    success: (c) => `已添加客户 ${c.name}`,
  });
export const useDisableCustomer = () =>
  useAction<number, { id: number; status: string }>({
    call: (id) => post(`/pledge/customers/${id}/disable`, {}),
    invalidates: [[...KEY, 'customers']],
    success: '已停用',
  });

export const useAddGoodsQuote = (id: number | null, enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'addGoods', id],
    queryFn: () => get<AddGoodsQuote>(`/pledge/financings/${id}/add-goods`),
    enabled: id !== null && enabled,
  });
export const useAddGoods = () =>
  useAction<{ id: number } & PledgeAddGoodsInput, AddGoodsResult>({
    call: ({ id, ...body }) => post(`/pledge/financings/${id}/add-goods`, body),
    invalidates: [KEY, ['dashboard'], ['warehouse']],
  });

export const usePledgeAlerts = (enabled = true) =>
  useQuery({ queryKey: [...KEY, 'alerts'], queryFn: () => get<PledgeAlerts>('/pledge/alerts'), enabled, retry: false });
export const useValueHistory = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'valueHistory', id],
    queryFn: () => get<ValueHistory>(`/pledge/financings/${id}/value-history`),
    enabled: id !== null,
  });
