import { request, unwrap } from './request.ts';

/** A stored upload as `POST /api/uploads` answers it. */
export interface UploadedFile {
  id: number;
  originalName: string;
  mimeType: string;
  size: number;
  url: string;
}

/** The server's limit (apps/server/src/modules/uploads/store.ts); the browser only pre-checks it. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** `POST /api/uploads` (multipart): the one upload call of the web app. */
export async function uploadFile(file: File, purpose: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('purpose', purpose); // before the file: the server reads fields that precede it
  form.append('file', file, file.name);
  return unwrap(await request<UploadedFile>('/uploads', { method: 'POST', data: form }));
}
