import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { uploadsApi as api } from '@factoring/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_POLICY, PDF_POLICY } from '../../lib/content-policy.ts';
import { BusinessError, NotFoundError, ok } from '../../lib/envelope.ts';
import { scopeOf } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { receiveFile } from './receive.ts';
import { sniffFile } from './sniff.ts';
import { cleanFileName, findVisibleUpload, MAX_UPLOAD_BYTES, storeUpload, uploadsRoot } from './store.ts';

/**
 * `POST /api/uploads` (multipart, one file, optional `purpose` field before it) and
 * `GET /api/uploads/:id`. Types are sniffed from the content; files are served only to the owner
 * enterprise and operators, 404 for anyone else.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

  serve(
    app,
    api.upload,
    async (request) => {
      const user = request.user!;
      const scope = scopeOf(request);
      const enterpriseId = scope.kind === 'operator' ? null : scope.enterpriseId;
      if (!request.isMultipart()) throw new BusinessError('请以 multipart/form-data 方式上传文件');
      const file = await receiveFile(request);
      if (!file) throw new BusinessError('请选择要上传的文件');
      const { bytes } = file;
      if (bytes.length === 0) throw new BusinessError('文件内容为空，请重新选择');
      const sniffed = sniffFile(bytes.subarray(0, 16));
      if (!sniffed.ok) throw new BusinessError(sniffed.message);
      const purposeField = file.fields.purpose;
      const purposeValue = purposeField && !Array.isArray(purposeField) && purposeField.type === 'field' ? String(purposeField.value) : '';
      const purpose = /^[A-Z][A-Z_]{1,29}$/.test(purposeValue) ? purposeValue : null;
      const stored = await storeUpload(db, ctx.config.DATA_DIR, {
        bytes,
        type: sniffed.type,
        originalName: cleanFileName(file.filename),
        purpose,
        enterpriseId,
        userId: user.id,
      });
      request.log.info({ uploadId: stored.id, size: stored.size, type: stored.mimeType }, 'upload stored');
      return ok({ ...stored, url: `/api/uploads/${stored.id}` });
    },
    {
      config: {
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : request.ip),
        },
      },
    },
  );

  serve(app, api.file, async (request, reply) => {
    const row = await findVisibleUpload(db, scopeOf(request), request.params.id);
    if (!row) throw new NotFoundError('文件不存在');
    const root = uploadsRoot(ctx.config.DATA_DIR);
    const absolute = path.resolve(root, row.storedName);
    if (!absolute.startsWith(root + path.sep)) throw new NotFoundError('文件不存在');
    try {
      await access(absolute);
    } catch {
      throw new NotFoundError('文件不存在');
    }
    const disposition = request.query.download === '1' ? 'attachment' : 'inline';
    reply
      .type(row.mimeType)
      .header('content-length', String(row.size))
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', row.mimeType === 'application/pdf' ? PDF_POLICY : IMAGE_POLICY);
    return reply.send(createReadStream(absolute));
  });
};
