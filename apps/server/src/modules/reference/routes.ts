import { referenceApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessError, ok, page } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { listCities, listProvinces } from './areas.ts';
import { findBranch, listBanks, searchBranches } from './branches.ts';

/** Reference lists change with a release or an import, not per request: browsers may keep them an hour. */
const CACHEABLE = 'private, max-age=3600';

export const referenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  serve(app, api.provinces, async (_request, reply) => {
    reply.header('cache-control', CACHEABLE);
    return ok([...listProvinces()]);
  });

  serve(app, api.cities, async (request, reply) => {
    reply.header('cache-control', CACHEABLE);
    return ok([...listCities(request.query.provinceCode)]);
  });

  serve(app, api.banks, async (_request, reply) => {
    reply.header('cache-control', CACHEABLE);
    return ok(await listBanks(db));
  });

  serve(app, api.branches, async (request) => {
    const { bankCode, area_id: cityCode, name: keyword, ...paging } = request.query;
    const result = await searchBranches(db, { ...paging, bankCode, cityCode, keyword });
    return page(result.items, result.totalCount);
  });

  serve(app, api.branchName, async (request) => {
    const branch = await findBranch(db, request.query.unionBanckNo);
    if (!branch) throw new BusinessError(`未找到联行号 ${request.query.unionBanckNo} 对应的开户网点`);
    return ok(branch.name);
  });
};
