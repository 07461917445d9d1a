import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { PasswordCipher, SessionStore } from './modules/auth/index.ts';
import type { TaskRegistry } from './modules/bpm/index.ts';
import type { BankAdapters } from './modules/cloudloan/index.ts';
import type { ContractKinds } from './modules/contracts/index.ts';
import type { Ports } from './modules/financing/index.ts';
import type { ReceivablePorts } from './modules/receivables/index.ts';

/**
 * What route modules share, built once per app by `buildApp` (app.ts) and passed to each area's
 * route plugin explicitly. In a file of its own so that routes depend on this shape, not on app.ts.
 */
export interface AppContext {
  config: Config;
  database: Database;
  cipher: PasswordCipher;
  sessions: SessionStore;
  version: { version: string; commit: string; buildTime: string };
  authRateLimit: { max: number; timeWindow: string };
  /** The operator task types of this app (the /bpm/tasks inbox), built from `TASK_TYPES`. */
  tasks: TaskRegistry;
  /** The kinds of contract every area registered (issue 35), with their sign hooks, built from `CONTRACT_KINDS`. */
  contractKinds: ContractKinds;
  /** The cloud loan's banks, built from `BANK_ADAPTERS`. */
  bankAdapters: BankAdapters;
  /** What areas offer each other through ports, `PORTS`. */
  ports: Ports;
  /** The outside parties of a receivable (issue 36): this app's tax bureau and registry. */
  receivables: ReceivablePorts;
}
