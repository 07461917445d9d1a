import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { requestGuardPlugin } from './plugins/request-guard.ts';
import { loadPasswordCipher, type PasswordCipher } from './modules/auth/rsa-keys.ts';
import { sessionStore, type SessionStore } from './modules/auth/sessions.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { menuRoutes } from './modules/menus/routes.ts';
import { dictRoutes } from './modules/dict/routes.ts';
import { cloudLoanRoutes } from './modules/cloudloan/routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { certificationRoutes } from './modules/certification/routes.ts';
import { bpmRoutes } from './modules/bpm/routes.ts';
import { fundsRoutes } from './modules/funds/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { creditRoutes } from './modules/credit/routes.ts';
import { supplyLoanRoutes } from './modules/supplyloan/routes.ts';
import { taskRegistry, type TaskRegistry, type TaskType } from './modules/bpm/registry.ts';
import { signHooks, type SignHook, type SignHooks } from './modules/contracts/sign-hooks.ts';
import { CERTIFICATION_TASK_TYPES } from './modules/certification/task-types.ts';
import { FUNDS_TASK_TYPES } from './modules/funds/task-types.ts';
import { WAREHOUSE_TASK_TYPES } from './modules/warehouse/task-types.ts';
import { financingSignHook, SUPPLY_LOAN_TASK_TYPES } from './modules/supplyloan/task-types.ts';
import { warehouseRoutes } from './modules/warehouse/routes.ts';
import { purchaseSalesRoutes } from './modules/purchase-sales/routes.ts';

/**
 * The operator task types of every area (the /bpm/tasks inbox), listed here rather than registered
 * as a side effect of importing a module. An area exports its list; add it below.
 */
export const TASK_TYPES: readonly TaskType[] = [...CERTIFICATION_TASK_TYPES, ...FUNDS_TASK_TYPES, ...WAREHOUSE_TASK_TYPES, ...SUPPLY_LOAN_TASK_TYPES];

/** What happens when a contract of a kind of business record is signed: relatedType → hook. */
export const SIGN_HOOKS: Readonly<Record<string, SignHook>> = { FINANCING: financingSignHook };

/** What route modules share: built once per app, passed in explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  cipher: PasswordCipher;
  sessions: SessionStore;
  version: { version: string; commit: string; buildTime: string };
  authRateLimit: { max: number; timeWindow: string };
  /** The operator task types of this app (the /bpm/tasks inbox), built from `TASK_TYPES`. */
  tasks: TaskRegistry;
  /** What signing a contract does to its business record, built from `SIGN_HOOKS`. */
  signHooks: SignHooks;
}

declare module 'fastify' {
  interface FastifyInstance {
    tasks: TaskRegistry;
    signHooks: SignHooks;
  }
}

const SERVER_VERSION = '0.1.0';
const STARTED_AT = new Date().toISOString();

/** Builds the whole app from its config and an opened database (fastify/demo style); server and tests alike. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    cipher: await loadPasswordCipher(database.db),
    sessions: sessionStore(database.db, { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteMinutes: config.SESSION_ABSOLUTE_MINUTES }),
    version: { version: SERVER_VERSION, commit: config.GIT_COMMIT, buildTime: STARTED_AT },
    authRateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
    tasks: taskRegistry(TASK_TYPES),
    signHooks: signHooks(SIGN_HOOKS),
  };

  const webRoot = path.resolve(config.WEB_DIST);
  const hasWebApp = existsSync(path.join(webRoot, 'index.html'));
  await app.register(errorsPlugin, { spaFallback: hasWebApp });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Embedded pages (/sys/embed) are our own or configured https pages, shown in a sandboxed frame.
        frameSrc: ["'self'", 'https:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Factoring Portal API', version: SERVER_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(requestGuardPlugin, { allowedOrigins: config.publicOrigins });
  await app.register(authPlugin, { sessions: ctx.sessions });

  // Tests reach the app's registries to probe the inbox and signing with their own types.
  app.decorate('tasks', ctx.tasks);
  app.decorate('signHooks', ctx.signHooks);

  const areas = [
    ...[systemRoutes, authRoutes, menuRoutes, dictRoutes, cloudLoanRoutes],
    ...[accountRoutes, mailRoutes, contentRoutes],
    ...[referenceRoutes, uploadRoutes, certificationRoutes, bpmRoutes],
    ...[fundsRoutes, contractRoutes, creditRoutes, supplyLoanRoutes],
    warehouseRoutes,
    purchaseSalesRoutes,
  ];
  for (const routes of areas) await app.register(routes, { ctx });

  if (hasWebApp) await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false });
  return app;
}
