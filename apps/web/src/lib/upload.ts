import { uploadsApi, type AnswerOf } from '@factoring/domain/contract';
import { call } from './api-client.ts';

/** A stored upload as `POST /api/uploads` answers it: what a form shows of its attached file. */
export type UploadedFile = Pick<AnswerOf<typeof uploadsApi.upload>, 'id' | 'originalName' | 'mimeType' | 'size' | 'url'>;

/** The server's limit (apps/server/src/modules/uploads/store.ts); the browser only pre-checks it. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** `POST /api/uploads` (multipart): the one upload call of the web app. */
export async function uploadFile(file: File, purpose: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('purpose', purpose); // before the file: the server reads fields that precede it
  form.append('file', file, file.name);
  return call(uploadsApi.upload, { body: form });
}
