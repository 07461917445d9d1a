import { contractsApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { PDF_POLICY } from '../../lib/content-policy.ts';
import { BusinessError, ClientError, NotFoundError, ok, page } from '../../lib/envelope.ts';
import { certifiedScope, scopeOf } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import { contractCounts, findContract, findContractFile, listContracts } from './queries.ts';
import { MESSAGES, signContract } from './sign-contract.ts';
import { configureContractStorage, readContractFile } from './storage.ts';
import { verifyContract } from './verify-contract.ts';
import { configureSigning, signingConfigOf } from '../signing/index.ts';

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
  // The signing authority is loaded (or made, on first start) before any contract can be signed.
  await configureSigning(signingConfigOf(ctx.config));

  // The kinds the app's areas registered (issue 35): the list's type filter, in registration order.
  serve(app, api.kinds, async () => ok(ctx.contractKinds.list.map(({ code, label }) => ({ code, label }))));

  // Operators see every enterprise's contracts; an enterprise user only their own enterprise's.
  serve(app, api.list, async (request) => {
    // The schema checks a code's shape; only the registry knows which kinds exist.
    if (request.query.type && !ctx.contractKinds.of(request.query.type)) throw new ClientError(400, '合同类型不正确');
    const { items, totalCount } = await listContracts(db, scopeOf(request), request.query);
    return page(items, totalCount);
  });
  serve(app, api.stats, async (request) => ok(await contractCounts(db, scopeOf(request))));
  serve(app, api.detail, async (request) => {
    const contract = await findContract(db, scopeOf(request), request.params.id);
    if (!contract) throw new NotFoundError(MESSAGES.notFound);
    return ok(contract);
  });

  serve(app, api.file, async (request, reply) => {
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
  });

  serve(app, api.verification, async (request) => {
    const result = await verifyContract(db, scopeOf(request), request.params.id);
    if (result.verdict !== 'MATCH')
      request.log.warn({ contractId: result.contractId, verdict: result.verdict }, 'contract verification failed');
    return ok(result);
  });

  serve(
    app,
    api.sign,
    async (request) => {
      const scope = certifiedScope(request);
      try {
        const contract = await signContract(
          { db, cipher: ctx.cipher, kinds: ctx.contractKinds },
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
    { config: { rateLimit: ctx.authRateLimit } },
  );
};
