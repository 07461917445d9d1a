// Uploads (SPEC §6): one file per call, served only to its enterprise and operators.
import { z } from 'zod';
import { idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

export const uploadParams = z.object({ id: idSchema('文件') });
export const uploadFileQuery = z.object({ download: z.enum(['0', '1']).optional() });
export const uploadedSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  purpose: z.string().nullable(),
  createdAt: timestampSchema,
  url: z.string(),
});

const tag = 'uploads';

/** One file per call (multipart, the web builds the FormData: `purpose` before `file`); served to its enterprise and operators. */
export const uploadsApi = {
  upload: endpoint({
    method: 'POST',
    path: '/api/uploads',
    tag,
    access: 'user',
    summary: '上传文件（JPG/PNG/PDF，≤ 5 MB，按内容识别类型）',
    bodyType: 'multipart',
    answer: uploadedSchema,
  }),
  // The stored file's own type: image/jpeg, image/png or application/pdf (one content type can be named here).
  file: endpoint({
    method: 'GET',
    path: '/api/uploads/:id',
    tag,
    access: 'user',
    summary: '查看或下载文件（仅本企业与运营人员）',
    params: uploadParams,
    query: uploadFileQuery,
    answer: { binary: ['image/jpeg', 'image/png', 'application/pdf'] },
  }),
};
