import type { MultipartFields } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ClientError } from '../../lib/envelope.ts';
import { MAX_UPLOAD_BYTES } from './store.ts';

export const TOO_LARGE = '文件大小不能超过 5 MB，请压缩后重新上传';
export const MALFORMED_UPLOAD = '上传数据格式不正确（缺少或不合规的分隔符、内容不完整），请重新选择文件上传';

export interface ReceivedFile {
  bytes: Buffer;
  filename: string;
  fields: MultipartFields;
}

/**
 * Reads the one file of a multipart upload into memory — the only way uploads are read. Whatever the
 * parser cannot read (no boundary, one longer than the parser allows, a part cut short before its
 * closing boundary, a forbidden field name) is the client's fault: 400 with one Chinese message, never
 * a 500, and nothing is stored. A file over 5 MB is 413. Answers null when the body holds no file.
 */
export async function receiveFile(request: FastifyRequest): Promise<ReceivedFile | null> {
  try {
    const file = await request.file();
    if (!file) return null;
    const bytes = await file.toBuffer();
    // toBuffer() misses the limit when it falls exactly on a chunk boundary: the parser then marks
    // the stream truncated without handing over another chunk, and 5 MB of a larger file arrive as
    // if complete. The stream's own flag (and the size) decide, never the buffer alone.
    if (file.file.truncated || bytes.length > MAX_UPLOAD_BYTES) throw new ClientError(413, TOO_LARGE);
    return { bytes, filename: file.filename, fields: file.fields };
  } catch (err) {
    if (err instanceof ClientError) throw err;
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError) throw new ClientError(413, TOO_LARGE);
    // The parser's part, file and field count limits: 413 (the errors plugin answers it).
    if ((err as { statusCode?: number }).statusCode === 413) throw err;
    request.log.info({ err: (err as Error).message }, 'unreadable multipart body');
    throw new ClientError(400, MALFORMED_UPLOAD);
  }
}
