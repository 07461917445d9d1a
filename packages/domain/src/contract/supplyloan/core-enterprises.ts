// The core enterprises: the buyers an invoice may name.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { rowId, tag } from './shared.ts';

export const coreEnterpriseSchema = z.object({ id: rowId, name: z.string() });

export default {
  coreEnterprises: endpoint({
    method: 'GET',
    path: '/api/supplyloan/coreEnterprises',
    tag,
    access: 'merchant',
    summary: '核心企业（发票购买方）',
    answer: z.array(coreEnterpriseSchema),
  }),
};
