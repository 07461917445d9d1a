// Credit lines expiring soon (SPEC §7: the reminders after login).
import { z } from 'zod';
import { pageOf } from './common.ts';

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
