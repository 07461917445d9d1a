import { loadConfig, type Config } from '../../config.ts';
import { FACTOR_NAME } from '../financing/index.ts';
import { loadAuthority } from './authority.ts';
import type { SigningContext } from './certificates.ts';

// The signing context of this process: configured from the server's configuration at start-up, before
// the demo seed signs its contracts (main.ts), or on first use from the environment (the test
// harness's seeded template), as the contract storage finds DATA_DIR.

let configured: Promise<SigningContext> | null = null;

export interface SigningConfig {
  dataDir: string;
  secret: string;
  factorName: string;
  factorUscc: string;
  p12File?: string;
  p12Password?: string;
}

export const signingConfigOf = (config: Config): SigningConfig => ({
  dataDir: config.DATA_DIR,
  secret: config.SIGNING_KEY_SECRET,
  factorName: FACTOR_NAME,
  factorUscc: config.FACTOR_USCC,
  p12File: config.SIGNING_CA_P12,
  p12Password: config.SIGNING_CA_P12_PASSWORD,
});

/** Loads the authority (making the platform root on first start) and keeps the context. */
export function configureSigning(config: SigningConfig): Promise<SigningContext> {
  configured = loadAuthority(config).then((authority) => ({
    authority,
    secret: config.secret,
    factor: { name: config.factorName, uscc: config.factorUscc },
  }));
  return configured;
}

export function signingContext(): Promise<SigningContext> {
  configured ??= configureSigning(signingConfigOf(loadConfig()));
  return configured;
}
