import { asc, eq } from 'drizzle-orm';
import { referenceApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictionaryEntries } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';

export const dictRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, api.dictionary, async (request) => {
    const rows = await ctx.database.db
      .select({ value: dictionaryEntries.value, label: dictionaryEntries.label })
      .from(dictionaryEntries)
      .where(eq(dictionaryEntries.type, request.query.type))
      .orderBy(asc(dictionaryEntries.sortOrder));
    return ok(rows);
  });
};
