// An invoice's checks with the tax bureau.
import { z } from 'zod';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { invoiceCheckSchema } from '../receivables.ts';
import { tag } from './shared.ts';

export default {
  invoiceChecks: endpoint({
    method: 'GET',
    path: '/api/supplyloan/invoices/:id/checks',
    tag,
    access: 'merchant',
    summary: '发票的税务查验记录',
    params: idParams,
    answer: z.array(invoiceCheckSchema),
  }),
};
