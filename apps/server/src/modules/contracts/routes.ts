import {
  answers,
  errorAnswerSchema,
  contractCountsSchema,
  contractFileQuery,
  contractListQuery,
  contractPageSchema,
  contractSchema,
  contractVerificationSchema,
  idParams,
  signContractBody,
} from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import { PDF_POLICY } from '../../lib/content-policy.ts';
import { BusinessError, NotFoundError, ok, page } from '../../lib/envelope.ts';
import { certifiedScope, scopeOf } from '../../lib/scope.ts';
import { contractCounts, findContract, findContractFile, listContracts } from './queries.ts';
import { MESSAGES, signContract } from './sign-contract.ts';
import { configureContractStorage, readContractFile } from './storage.ts';
import { verifyContract } from './verify-contract.ts';

/** SPEC §8: the download frame shows this body's message as the "file cannot be found" warning. */
const FILE_MISSING = '文件不存在或已被删除';
const NO_SIGNED_VERSION = '该合同尚未签署，没有签署版文件';

/** `inline` or `attachment` with an ASCII fallback name and the RFC 5987 UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Contracts (PRODUCT §10): the enterprise's list, detail, the PDF, and signing with password confirmation. */
export const contractRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;
  configureContractStorage(ctx.config.DATA_DIR);

  app.get(
    '/api/contracts',
    // Operators see every enterprise's contracts; an enterprise user only their own enterprise's.
    {
      schema: {
        tags: ['contracts'],
        summary: '合同列表（分页，按状态、类型、关键字筛选）',
        querystring: contractListQuery,
        response: answers(contractPageSchema),
      },
      preHandler: app.requireUser(),
    },
    async (request) => {
      const { items, totalCount } = await listContracts(db, scopeOf(request), request.query);
      return page(items, totalCount);
    },
  );

  app.get(
    '/api/contracts/stats',
    {
      schema: { tags: ['contracts'], summary: '合同数量（待签署、已签署等）', response: answers(contractCountsSchema) },
      preHandler: app.requireUser(),
    },
    async (request) => ok(await contractCounts(db, scopeOf(request))),
  );

  app.get(
    '/api/contracts/:id',
    {
      schema: { tags: ['contracts'], summary: '合同详情', params: idParams, response: answers(contractSchema) },
      preHandler: app.requireUser(),
    },
    async (request) => {
      const contract = await findContract(db, scopeOf(request), request.params.id);
      if (!contract) throw new NotFoundError(MESSAGES.notFound);
      return ok(contract);
    },
  );

  app.get(
    '/api/contracts/:id/file',
    {
      schema: {
        tags: ['contracts'],
        summary: '合同 PDF（默认在线查看；download=1 下载；version=original 原文、signed 签署版，默认签署后为签署版）',
        params: idParams,
        querystring: contractFileQuery,
        response: { 200: z.unknown().meta({ description: '合同 PDF 文件（application/pdf）' }), 404: errorAnswerSchema },
      },
      preHandler: app.requireUser(),
    },
    async (request, reply) => {
      const file = await findContractFile(db, scopeOf(request), request.params.id, request.query.version);
      if (file && !file.storedName) throw new NotFoundError(NO_SIGNED_VERSION);
      const bytes = file?.storedName ? await readContractFile(file.storedName) : null;
      if (!file || !bytes) {
        if (file) request.log.warn({ contractId: request.params.id, storedName: file.storedName }, 'contract file missing on disk');
        throw new NotFoundError(FILE_MISSING);
      }
      const download = request.query.download === '1' || request.query.download === 'true';
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition(
            download ? 'attachment' : 'inline',
            file.fileName,
            file.version === 'signed' ? `${file.contractNo}-signed.pdf` : `${file.contractNo}.pdf`,
          ),
        )
        .header('Content-Length', String(bytes.length))
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', PDF_POLICY)
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    },
  );

  app.get(
    '/api/contracts/:id/verification',
    {
      schema: {
        tags: ['contracts'],
        summary: '合同文件核验（重新计算原文与签署版的 SHA-256 并与记录比对）',
        params: idParams,
        response: answers(contractVerificationSchema),
      },
      preHandler: app.requireUser(),
    },
    async (request) => {
      const result = await verifyContract(db, scopeOf(request), request.params.id);
      if (result.verdict !== 'MATCH')
        request.log.warn({ contractId: result.contractId, verdict: result.verdict }, 'contract verification failed');
      return ok(result);
    },
  );

  app.post(
    '/api/contracts/:id/sign',
    {
      schema: {
        tags: ['contracts'],
        summary: '签署合同（登录密码 RSA-OAEP 加密确认）',
        params: idParams,
        body: signContractBody,
        response: answers(contractSchema),
      },
      preHandler: app.requireUser('merchant'),
      config: { rateLimit: ctx.authRateLimit },
    },
    async (request) => {
      const scope = certifiedScope(request);
      try {
        const contract = await signContract(
          { db, cipher: ctx.cipher, hooks: ctx.signHooks },
          scope,
          request.ip,
          request.params.id,
          request.body,
        );
        request.log.info({ contractId: contract.id, contractNo: contract.contractNo, sha256: contract.signedSha256 }, 'contract signed');
        return ok(contract);
      } catch (err) {
        if (err instanceof BusinessError && err.message === MESSAGES.fileChanged) {
          request.log.warn({ contractId: request.params.id }, 'contract file changed on disk since generation: signing refused');
        }
        throw err;
      }
    },
  );
};
