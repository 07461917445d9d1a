// The caller's extension requests.
import { pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { extensionSchema, tag } from './shared.ts';

export const extensionPageSchema = pageOf(extensionSchema);

export default {
  extensions: endpoint({
    method: 'GET',
    path: '/api/supplyloan/extensions',
    tag,
    access: 'merchant',
    summary: '展期申请记录',
    query: pageQuerySchema,
    answer: extensionPageSchema,
  }),
};
