import type { z } from 'zod';
import type { fundFlowSchema } from './funds.ts';

/** One line of the fund-flow list (`/api/funds/flows`): a movement of the enterprise's virtual account. */
export type FundFlow = z.output<typeof fundFlowSchema>;
