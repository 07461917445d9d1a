// Cancelling an application before disbursement.
import { z } from 'zod';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { rowId, tag } from './shared.ts';

export const cancelFinancingResult = z.object({ id: rowId, status: z.literal('CANCELLED') });

export default {
  cancelFinancing: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/cancel',
    tag,
    access: 'merchant',
    summary: '取消融资申请（放款前）',
    params: idParams,
    answer: cancelFinancingResult,
  }),
};
