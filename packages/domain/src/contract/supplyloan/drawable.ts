// The order loans that may be drawn down.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { cents, financingStatus, interestMode, nullable, ppm, rowId, tag } from './shared.ts';

/** An order loan that may be drawn: signed, not settled, with room left. */
export const drawableOrderLoanSchema = z.object({
  id: rowId,
  financingNo: z.string(),
  orderNo: nullable(z.string()),
  platformName: z.string(),
  amount: cents,
  drawn: cents,
  /** Requested drawdowns waiting for disbursement. */
  waiting: cents,
  room: cents,
  termDays: z.number().int(),
  annualRatePpm: ppm,
  serviceFeeRatePpm: ppm,
  interestMode,
  overdue: z.boolean(),
  status: financingStatus,
  statusLabel: z.string(),
});

export default {
  drawable: endpoint({
    method: 'GET',
    path: '/api/supplyloan/orderLoans/drawable',
    tag,
    access: 'merchant',
    summary: '可提款的订单融资',
    answer: z.array(drawableOrderLoanSchema),
  }),
};
