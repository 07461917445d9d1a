// Credit lines expiring soon (SPEC §7: the reminders after login).
import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';

export const expiringCreditPageSchema = pageOf(
  z.object({
    id: z.number().int(),
    platformId: z.number().int(),
    platformName: z.string(),
    product: z.string(),
    limit: z.number().int().meta({ description: '授信额度，单位：分' }),
    used: z.number().int(),
    reserved: z.number().int(),
    available: z.number().int(),
    startDate: z.string(),
    expiryDate: z.string(),
    status: z.string(),
    daysLeft: z.number().int(),
  }),
);

const tag = 'credit';

/**
 * The two expiry reminders, asked after every login: supply-chain (SUPPLY) and pledge (PLEDGE)
 * credit lines expiring within 30 days. Any logged-in user may ask; an operator's lists are empty.
 */
export const creditApi = {
  supplyWillExpire: endpoint({
    method: 'GET',
    path: '/api/credit/querywillexpire',
    tag,
    access: 'user',
    summary: '即将到期的供应链授信',
    query: pageQuerySchema,
    answer: expiringCreditPageSchema,
  }),
  pledgeWillExpire: endpoint({
    method: 'GET',
    path: '/api/stockloan/credit/querywillexpire',
    tag,
    access: 'user',
    summary: '即将到期的货押授信',
    query: pageQuerySchema,
    answer: expiringCreditPageSchema,
  }),
};
