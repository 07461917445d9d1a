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

/**
 * The dashboard's credit card: every credit line of the caller's enterprise, whatever the product —
 * supply-chain and pledge (stock-loan) alike, so the line whose expiry the reminder announces is there too.
 */
export const myCreditLineSchema = z.object({
  id: z.number().int(),
  platformId: z.number().int(),
  platformName: z.string(),
  product: z.enum(['SUPPLY', 'PLEDGE']),
  /** 供应链融资 / 货押融资 */
  productLabel: z.string(),
  limit: z.number().int().meta({ description: '授信额度，单位：分' }),
  used: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  startDate: z.string(),
  expiryDate: z.string(),
  /** As of today: an ACTIVE line past its expiry reads EXPIRED. */
  status: z.enum(['ACTIVE', 'FROZEN', 'EXPIRED']),
  statusLabel: z.string(),
  /** Days until the expiry date (negative once expired). */
  daysLeft: z.number().int(),
});

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
  myLines: endpoint({
    method: 'GET',
    path: '/api/credit/lines',
    tag,
    access: 'merchant',
    summary: '本企业的全部授信（供应链与货押）',
    answer: z.array(myCreditLineSchema),
  }),
};
