// Uploads (SPEC §6): one file per call, served only to its enterprise and operators.
import { z } from 'zod';
import { idSchema } from './common.ts';
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
