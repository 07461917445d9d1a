import type { z } from 'zod';
import type { settlementAccountSchema } from './certification.ts';

/** An enterprise's bound settlement account (PRODUCT §4): where withdrawals go, with its bank branch. */
export type SettlementAccount = z.output<typeof settlementAccountSchema>;
