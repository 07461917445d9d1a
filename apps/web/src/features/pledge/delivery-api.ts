import { pledgeDeliveryApi as api, type AnswerOf, type BodyInput, type ParamsInput, type QueryOf } from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, keyOf, queryOf, send } from '../../lib/api-client.ts';

// The delivery and risk calls of goods pledge: each hook names its operation in the contract
// (pledgeDeliveryApi, packages/domain/src/contract/pledge-delivery.ts) — designated signers,
// downstream customers, adding goods to meet a margin call, alerts and the collateral value history.

export type SignPerson = AnswerOf<typeof api.signPersons>['items'][number];
export type PledgeCustomer = AnswerOf<typeof api.customers>['items'][number];
export type AddGoodsQuote = AnswerOf<typeof api.addGoodsQuote>;
export type AddGoodsResult = AnswerOf<typeof api.addGoods>;
export type PledgeAlerts = AnswerOf<typeof api.alerts>;
export type ValueHistory = AnswerOf<typeof api.valueHistory>;
/** A delivery-party list's filter and page (the same for signers and customers). */
export type PartyFilter = QueryOf<typeof api.signPersons>;

export const useSignPersons = (q: PartyFilter) =>
  useQuery({ ...queryOf(api.signPersons, { query: q }), placeholderData: keepPreviousData });
export const useAddSignPerson = () =>
  useAction({
    call: (body: BodyInput<typeof api.addSignPerson>) => send(api.addSignPerson, { body }),
    invalidates: [keyOf(api.signPersons)],
    success: (p) => `已添加签收人 ${p.name}`,
  });
export const useDisableSignPerson = () =>
  useAction({
    call: (id: number) => send(api.disableSignPerson, { params: { id } }),
    invalidates: [keyOf(api.signPersons)],
    success: '已停用',
  });

export const useCustomers = (q: PartyFilter) => useQuery({ ...queryOf(api.customers, { query: q }), placeholderData: keepPreviousData });
export const useAddCustomer = () =>
  useAction({
    call: (body: BodyInput<typeof api.addCustomer>) => send(api.addCustomer, { body }),
    invalidates: [keyOf(api.customers)],
    success: (c) => `已添加客户 ${c.name}`,
  });
export const useDisableCustomer = () =>
  useAction({
    call: (id: number) => send(api.disableCustomer, { params: { id } }),
    invalidates: [keyOf(api.customers)],
    success: '已停用',
  });

export const useAddGoodsQuote = (id: number | null, enabled = true) =>
  useQuery({ ...queryOf(api.addGoodsQuote, { params: { id: id! } }), enabled: id !== null && enabled });
export const useAddGoods = () =>
  useAction({
    call: ({ id, ...body }: ParamsInput<typeof api.addGoods> & BodyInput<typeof api.addGoods>) =>
      send(api.addGoods, { params: { id }, body }),
    invalidates: [areaKey(api.addGoods), ['dashboard'], ['warehouse']],
  });

export const usePledgeAlerts = (enabled = true) => useQuery({ ...queryOf(api.alerts), enabled, retry: false });
export const useValueHistory = (id: number | null) =>
  useQuery({ ...queryOf(api.valueHistory, { params: { id: id! } }), enabled: id !== null });
