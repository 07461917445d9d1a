import {
  answers,
  areaListSchema,
  bankListSchema,
  branchNameQuery,
  branchPageSchema,
  branchSearchQuery,
  citiesQuery,
} from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessError, ok, page } from '../../lib/envelope.ts';
import type { AppContext } from '../../app.ts';
import { listCities, listProvinces } from './areas.ts';
import { findBranch, listBanks, searchBranches } from './branches.ts';

/** Reference lists change with a release or an import, not per request: browsers may keep them an hour. */
const CACHEABLE = 'private, max-age=3600';

export const referenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.get(
    '/api/area/queryArea',
    { schema: { tags: ['reference'], summary: '省份列表（GB/T 2260）', response: answers(areaListSchema) } },
    async (_request, reply) => {
      reply.header('cache-control', CACHEABLE);
      return ok([...listProvinces()]);
    },
  );

  app.get(
    '/api/area/queryCity',
    {
      schema: {
        tags: ['reference'],
        summary: '省份下的城市',
        querystring: citiesQuery,
        response: answers(areaListSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHEABLE);
      return ok([...listCities(request.query.provinceCode)]);
    },
  );

  app.get(
    '/api/bank/queryBank',
    { schema: { tags: ['reference'], summary: '银行列表（含银行代码）', response: answers(bankListSchema) } },
    async (_request, reply) => {
      reply.header('cache-control', CACHEABLE);
      return ok(await listBanks(db));
    },
  );

  app.get(
    '/api/bank/queryBankBranch',
    {
      schema: {
        tags: ['reference'],
        summary: '开户网点检索（name 经两次 URL 编码）',
        querystring: branchSearchQuery,
        response: answers(branchPageSchema),
      },
    },
    async (request) => {
      const { bankCode, area_id: cityCode, name: keyword, ...paging } = request.query;
      const result = await searchBranches(db, { ...paging, bankCode, cityCode, keyword });
      return page(result.items, result.totalCount);
    },
  );

  app.get(
    '/api/bank/branchName',
    {
      schema: {
        tags: ['reference'],
        summary: '联行号对应的网点名称',
        querystring: branchNameQuery,
        response: answers(z.string()),
      },
    },
    async (request) => {
      const branch = await findBranch(db, request.query.unionBanckNo);
      if (!branch) throw new BusinessError(`未找到联行号 ${request.query.unionBanckNo} 对应的开户网点`);
      return ok(branch.name);
    },
  );
};
