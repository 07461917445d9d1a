import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { staticAssetsPlugin } from './plugins/static-assets.ts';
import { AnswerLog, requestPathPlugin } from './plugins/request-path.ts';
import { requestGuardPlugin } from './plugins/request-guard.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
// Each area's face (modules/<area>/index.ts) and its route plugin (routes.ts): app.ts is the one place
// that registers route files; no face re-exports one.
import { loadPasswordCipher, refusesDemoUsers, SESSION_CACHE_MS, sessionStore } from './modules/auth/index.ts';
import { taskRegistry, type DecisionHook, type TaskRegistry, type TaskType } from './modules/bpm/index.ts';
import { contractKinds, type ContractKind, type ContractKinds } from './modules/contracts/index.ts';
import { creditLineExpiryStep } from './modules/credit/index.ts';
import { CERTIFICATION_TASK_TYPES } from './modules/certification/index.ts';
import { FUNDS_TASK_TYPES } from './modules/funds/index.ts';
import { WAREHOUSE_TASK_TYPES } from './modules/warehouse/index.ts';
import {
  loanBook,
  transferVoucherBook,
  transferVoucherTaskType,
  type LendingProduct,
  type LoanBook,
  type Ports,
} from './modules/financing/index.ts';
import { orderLoanCollection, orderLoans, supplyLoanProduct } from './modules/supplyloan/index.ts';
import { bankAdapters, BUILT_IN_BANK_ADAPTERS, cloudLoanProduct, type BankAdapter, type BankAdapters } from './modules/cloudloan/index.ts';
import { PURCHASE_SALES_AREA, purchaseSalesTaskTypes, salesOrderBacking } from './modules/purchase-sales/index.ts';
import { pledgeProduct } from './modules/pledge/index.ts';
import { backupJob } from './modules/backup/index.ts';
import { BANK_STATEMENT_TASK_TYPES, bankReconciliationStep, statementLinks } from './modules/bank-statement/index.ts';
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
import { warehouseRoutes } from './modules/warehouse/routes.ts';
import { purchaseSalesRoutes } from './modules/purchase-sales/routes.ts';
import { pledgeRoutes } from './modules/pledge/routes.ts';
import { backupRoutes } from './modules/backup/routes.ts';
import { bankStatementRoutes } from './modules/bank-statement/routes.ts';
import { riskRoutes } from './modules/risk/routes.ts';
import { receivablesRoutes } from './modules/receivables/routes.ts';
import {
  BUILT_IN_FACTOR,
  BUILT_IN_RECEIVABLES,
  builtInReceivablePorts,
  registryCancelStep,
  type ReceivablePorts,
} from './modules/receivables/index.ts';
import {
  debtorMenuGate,
  invoiceRecheckStep,
  noticeDispatchStep,
  noticeTaskTypes,
  RECEIVABLES_CONTRACT_KINDS,
} from './modules/receivables/index.ts';
import { limitGate, RISK_TASK_TYPES, riskSnapshotStep } from './modules/risk/index.ts';
import { SYSTEM_TASK_TYPES } from './modules/system/index.ts';
import { closeOfBusinessJob, type CloseOfBusinessStep } from './jobs/close-of-business.ts';
import { jobRoutes } from './jobs/routes.ts';
import { createScheduler, parseJobHours, type Scheduler, type ScheduledJob } from './jobs/scheduler.ts';
import { LOCAL_CONTROL_HEADER, localControlRoutes } from './control/local-control.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';

/**
 * The banks behind the cloud loan (modules/cloudloan/bank-adapter.ts): the site configuration names the
 * one new applications go to (`cloudLoan.bankAdapter`). A real bank's adapter is added to this list.
 */
export const BANK_ADAPTERS: readonly BankAdapter[] = [...BUILT_IN_BANK_ADAPTERS];
const BANKS = bankAdapters(BANK_ADAPTERS);

/**
 * The lending products (issue 35), each registered once, here: a product module exports its
 * `LendingProduct` (financing/lending-product.ts) and is added to this list — nothing else changes. The
 * loan book every reader of loans reads, the operator task types, the kinds of contract and the close-of-business
 * steps are all built from it (`wiringOf`).
 */
export const lendingProductsWith = (receivables: ReceivablePorts): readonly LendingProduct[] => [
  supplyLoanProduct(receivables),
  pledgeProduct,
  cloudLoanProduct(BANKS),
];
/** With the built-in tax bureau and registry (issue 36); an app builds its list with its own (`buildApp`). */
export const LENDING_PRODUCTS: readonly LendingProduct[] = lendingProductsWith(BUILT_IN_RECEIVABLES);

/** What `buildApp` wires from a list of lending products. */
export interface Wiring {
  loans: LoanBook;
  ports: Ports;
  taskTypes: readonly TaskType[];
  decisionHooks: readonly DecisionHook[];
  /** Every kind of contract the areas declare (issue 35): the products' and the receivables' documents. */
  contractKinds: readonly ContractKind[];
  closeOfBusinessSteps: readonly CloseOfBusinessStep[];
  jobs: readonly ScheduledJob[];
  /** The tax bureau and the registry the steps and routes reach (issue 36). */
  receivables: ReceivablePorts;
  /** The words of the product areas (endpoint tags) for the audit log: each product's own, and purchase/sales'. */
  areaLabels: Readonly<Record<string, string>>;
}

export function wiringOf(products: readonly LendingProduct[], adapters: { receivables?: ReceivablePorts } = {}): Wiring {
  const receivables = adapters.receivables ?? BUILT_IN_RECEIVABLES;
  const loans = loanBook(products);
  const voucherPurposes = products.flatMap((p) => p.transferVoucherPurposes ?? []);
  /**
   * How areas serve each other without importing each other (modules/financing/ports.ts): purchase/sales
   * offers a sales order as an order loan's backing; supply loans repay that loan from the order's
   * collection and say which loan each order backs; every reader of loans reads the one loan book.
   */
  const ports: Ports = {
    orderBacking: salesOrderBacking,
    loanCollection: orderLoanCollection,
    orderLoans,
    loanBook: loans,
    // The debtor's confirmation inbox (issue 36) shows to the debtor of an assigned receivable.
    menuGates: Object.assign({ DEBTOR: debtorMenuGate }, ...products.map((p) => p.menuGates ?? {})) as Ports['menuGates'],
    transferVouchers: transferVoucherBook(voucherPurposes),
    debtorCollections: products.flatMap((p) => (p.debtorCollections ? [p.debtorCollections] : [])),
  };
  /**
   * The operator task types of every area (the /bpm/tasks inbox), listed here rather than registered as a
   * side effect of importing a module. The deposit and transfer-voucher types are linked to the bank
   * statement's lines (issue 26): their drawer shows the line, their decision books it. The types that add
   * to the factor's book are gated by the risk limits (issue 27) against the loan book.
   */
  const taskTypes: TaskType[] = [
    ...CERTIFICATION_TASK_TYPES,
    ...FUNDS_TASK_TYPES,
    ...WAREHOUSE_TASK_TYPES,
    ...products.flatMap((p) => p.taskTypes),
    // Each purpose a product takes transfer vouchers for is a four-eyed confirmation in the inbox (issue 35).
    ...voucherPurposes.map(transferVoucherTaskType),
    ...purchaseSalesTaskTypes(ports),
    // The factor countersigns (and sends or holds) a notice of assignment the supplier signed (issue 36).
    ...noticeTaskTypes(receivables),
    // A statement's void (作废) waits for a second operator (issue 33).
    ...BANK_STATEMENT_TASK_TYPES,
    // Four eyes on settings (issue 33): a change of the site configuration or the risk limits is a proposal.
    ...SYSTEM_TASK_TYPES,
    ...RISK_TASK_TYPES,
  ];
  /**
   * The inbox's hooks, around the decisions of the types each concerns: the types that add to the factor's
   * book pass the risk limits (issue 27) against the loan book; the types that receive a payment move the bank
   * statement's line they book (issue 26) to the receipt their approval names.
   */
  const decisionHooks: DecisionHook[] = [limitGate(loans), statementLinks];
  /**
   * The close of business (jobs/close-of-business.ts): one daily run of these steps, in this order, each
   * claimed once per business date. The risk snapshot comes last, so it records the book as the day's
   * other steps left it.
   */
  const closeOfBusinessSteps: CloseOfBusinessStep[] = [
    ...products.flatMap((p) => p.closeOfBusinessSteps),
    invoiceRecheckStep(receivables.verifier),
    // The registrations of financings that ended are cancelled at the registry (注销) the same day.
    registryCancelStep(receivables.registry),
    // Release notices, and held notices of financings now overdue, go out through the app's delivery (issue 36).
    noticeDispatchStep({ noticeDelivery: receivables.noticeDelivery, loanBook: loans }),
    creditLineExpiryStep,
    bankReconciliationStep,
    riskSnapshotStep(loans),
  ];
  return {
    loans,
    ports,
    taskTypes,
    decisionHooks,
    contractKinds: [...products.flatMap((p) => p.contractKinds), ...RECEIVABLES_CONTRACT_KINDS],
    closeOfBusinessSteps,
    /** Scheduled work, run once per day across all nodes at China-time hours (jobs/scheduler.ts). */
    jobs: [closeOfBusinessJob(closeOfBusinessSteps), backupJob],
    receivables,
    areaLabels: Object.fromEntries(
      [...products.flatMap((p) => (p.area ? [p.area] : [])), PURCHASE_SALES_AREA].map((a) => [a.tag, a.label]),
    ),
  };
}

const WIRING = wiringOf(LENDING_PRODUCTS);
export const PORTS: Ports = WIRING.ports;
export const TASK_TYPES: readonly TaskType[] = WIRING.taskTypes;
export const CONTRACT_KINDS: readonly ContractKind[] = WIRING.contractKinds;
export const CLOSE_OF_BUSINESS_STEPS: readonly CloseOfBusinessStep[] = WIRING.closeOfBusinessSteps;
export const SCHEDULED_JOBS: readonly ScheduledJob[] = WIRING.jobs;

export type { AppContext } from './context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tasks: TaskRegistry;
    contractKinds: ContractKinds;
    bankAdapters: BankAdapters;
    receivables: ReceivablePorts;
    scheduler: Scheduler;
  }
}

const SERVER_VERSION = '0.1.0';
const STARTED_AT = new Date().toISOString();

/** Builds the whole app from its config and an opened database (fastify/demo style); server and tests alike. */
export async function buildApp(
  config: Config,
  database: Database,
  // `lendingProducts`: another list than LENDING_PRODUCTS (a test's own product). `sessionCacheMs`: the
  // per-node session cache (modules/auth/sessions.ts), SESSION_CACHE_MS except in tests, which opt in.
  // `receivables`: this app's tax bureau or registry instead of the built-in ones (issue 36: a real service, a test's own).
  options: {
    jobs?: readonly ScheduledJob[];
    lendingProducts?: readonly LendingProduct[];
    sessionCacheMs?: number;
    receivables?: Partial<ReceivablePorts>;
  } = {},
): Promise<FastifyInstance> {
  // Issue 36: the outside parties of a receivable are the app's own — the registry registering as the configured factor.
  const receivables: ReceivablePorts = {
    ...builtInReceivablePorts({ ...BUILT_IN_FACTOR, creditCode: config.FACTOR_USCC }),
    ...options.receivables,
  };
  const wiring = wiringOf(options.lendingProducts ?? lendingProductsWith(receivables), { receivables });
  const app = Fastify({
    // Production logs through a 4 KB buffer written asynchronously: a log line must not cost a write()
    // per request (profiled: 15 % of the list's CPU). pino flushes the buffer when the process exits,
    // and at least every second, so a quiet server's lines do not wait for the next 4 KB.
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(config.NODE_ENV === 'production'
              ? { stream: pino.destination({ sync: false, minLength: 4096, periodicFlush: 1000 }) }
              : {}),
          },
    // One line per answer instead of Fastify's two (plugins/request-path.ts).
    logController: new AnswerLog(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their zod schema in development and tests; production serializes them with a compiled serializer.
  const responseValidation = config.RESPONSE_VALIDATION ?? (config.NODE_ENV === 'production' ? 'off' : 'on');
  app.setSerializerCompiler(responseSerializerCompiler(responseValidation === 'on' ? 'validate' : 'compiled'));

  const ctx: AppContext = {
    config,
    database,
    cipher: await loadPasswordCipher(database.db, config.SIGNING_KEY_SECRET),
    sessions: sessionStore(
      database.db,
      { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteMinutes: config.SESSION_ABSOLUTE_MINUTES },
      {
        refuseDemo: refusesDemoUsers(config),
        cacheMs: options.sessionCacheMs ?? (config.NODE_ENV === 'test' ? 0 : SESSION_CACHE_MS),
      },
    ),
    version: { version: SERVER_VERSION, commit: config.GIT_COMMIT, buildTime: STARTED_AT },
    authRateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
    tasks: taskRegistry(wiring.taskTypes, wiring.decisionHooks, wiring.areaLabels),
    contractKinds: contractKinds(wiring.contractKinds),
    bankAdapters: BANKS,
    ports: wiring.ports,
    receivables: wiring.receivables,
  };

  const webRoot = path.resolve(config.WEB_DIST);
  const hasWebApp = existsSync(path.join(webRoot, 'index.html'));
  await app.register(errorsPlugin);
  await app.register(requestPathPlugin);
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
  // Several nodes share one PostgreSQL: their counters must too, or N nodes allow N× the attempts.
  const sharedRateLimits = (config.RATE_LIMIT_STORE ?? (database.kind === 'postgres' ? 'database' : 'memory')) === 'database';
  await app.register(rateLimit, { global: false, ...(sharedRateLimits ? { store: databaseRateLimitStore(database.db) } : {}) });
  await app.register(swagger, {
    openapi: { info: { title: 'Factoring Portal API', version: SERVER_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(requestGuardPlugin, {
    allowedOrigins: config.publicOrigins,
    // The commands' local control route (npm run backup, jobs:daily, …): its token, not an origin, proves them.
    localControl: database.lock
      ? { routePrefix: '/api/local/', header: LOCAL_CONTROL_HEADER, token: database.lock.holder.token }
      : undefined,
  });
  await app.register(authPlugin, { sessions: ctx.sessions });

  // Tests reach the app's registries to probe the inbox and signing with their own types.
  app.decorate('tasks', ctx.tasks);
  app.decorate('contractKinds', ctx.contractKinds);
  app.decorate('bankAdapters', ctx.bankAdapters);
  app.decorate('receivables', ctx.receivables);

  const areas = [
    ...[systemRoutes, authRoutes, menuRoutes, dictRoutes, cloudLoanRoutes],
    ...[accountRoutes, mailRoutes, contentRoutes],
    ...[referenceRoutes, uploadRoutes, certificationRoutes, bpmRoutes],
    ...[fundsRoutes, contractRoutes, creditRoutes, supplyLoanRoutes],
    warehouseRoutes,
    purchaseSalesRoutes,
    pledgeRoutes,
    backupRoutes,
    bankStatementRoutes,
    riskRoutes,
    receivablesRoutes,
  ];
  for (const routes of areas) await app.register(routes, { ctx });

  const scheduler = createScheduler({
    db: database.db,
    jobs: options.jobs ?? wiring.jobs,
    log: app.log,
    hours: parseJobHours(config.JOB_HOURS),
  });
  const scheduling = (config.JOBS ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
  app.decorate('scheduler', scheduler);
  await app.register(jobRoutes, { db: database.db, scheduler, scheduling });
  if (database.lock) await app.register(localControlRoutes, { db: database.db, lock: database.lock, scheduler });
  if (scheduling) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  if (hasWebApp) await app.register(staticAssetsPlugin, { root: webRoot });
  return app;
}
