// The one loan history (issue 35): every lending product's loan detail shows its history rows from the
// lending core's store (`loan_events`) in this shape.
import { z } from 'zod';
import { timestampSchema } from './time.ts';

const rowId = z.number().int();

/** One step of a loan's history: who did what, when, and the status it moved from and to. */
export const loanHistoryEventSchema = z.object({
  id: rowId,
  /** The loan's id (named for the supply loan, the first product on the core). */
  financingId: rowId,
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  note: z.string().nullable(),
  actorId: rowId.nullable(),
  actorName: z.string(),
  createdAt: timestampSchema,
});
/** A history step as the web receives it (its time as ISO text). */
export type LoanHistoryEvent = z.input<typeof loanHistoryEventSchema>;
