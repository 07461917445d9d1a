import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificationApi as api } from '@factoring/domain/contract';
import { actorOf } from '../../lib/actor.ts';
import { ok, page } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope, scopeOf } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import { authenticationView, currentAuthentication, listAuthentications, visibleAuthentication } from './authentications.ts';
import { accountChangeInfo, submitAccountChange } from './settlement-account.ts';
import { saveDraft, submitAuthentication } from './submit-authentication.ts';

/** Enterprise real-name authentication (PRODUCT §4) and the bound settlement account. */
export const certificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  serve(app, api.current, async (request) => ok(await currentAuthentication(db, enterpriseScope(request))));
  serve(app, api.list, async (request) => {
    const result = await listAuthentications(db, enterpriseScope(request), request.query);
    return page(result.items, result.totalCount);
  });
  serve(app, api.detail, async (request) =>
    ok(await authenticationView(db, await visibleAuthentication(db, scopeOf(request), request.params.id))),
  );
  serve(app, api.saveDraft, async (request) => ok(await saveDraft(db, enterpriseScope(request), request.body)));
  serve(app, api.submit, async (request) => ok(await submitAuthentication(db, enterpriseScope(request), actorOf(request), request.body)));

  serve(app, api.accountChangeInfo, async (request) => ok(await accountChangeInfo(db, enterpriseScope(request))));
  serve(app, api.submitAccountChange, async (request) =>
    ok(await submitAccountChange(db, certifiedScope(request), actorOf(request), request.body)),
  );
};
