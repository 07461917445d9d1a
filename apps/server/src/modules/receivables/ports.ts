// The outside parties of a receivable (issue 36, PRODUCT §13 "built here behind ports"), held per app:
// app.ts builds them once for each app (`buildApp`'s `receivables` option plugs a real service, a test its
// own) and passes them where they are used — the supply loans' task types and routes, the receivables
// routes, the close-of-business steps. Never a module-level variable: two apps may answer differently.
import { DEFAULT_FACTOR_USCC } from '../../config.ts';
import { FACTOR_NAME } from '../financing/index.ts';
import { builtInNoticeDelivery, type NoticeDelivery } from './notices/delivery.ts';
import { localRegistry } from './registry/local-registry.ts';
import type { RegistryAdapter, RegistryParty } from './registry/port.ts';
import { simulatedTaxBureau } from './tax-bureau.ts';
import type { InvoiceVerifier } from './verifier.ts';

export interface ReceivablePorts {
  /** The tax bureau's invoice check (发票查验). */
  verifier: InvoiceVerifier;
  /** The movable-property financing registry (中登网), as the factor's account at it. */
  registry: RegistryAdapter;
  /** Where notices of assignment and release go out (应收账款转让通知): the portal or mail, a courier, the 中征 platform. */
  noticeDelivery: NoticeDelivery;
}

/** The built-in ones: the simulated tax bureau, the local registry registering as `factor`, delivery in the portal or by mail. */
export const builtInReceivablePorts = (factor: RegistryParty): ReceivablePorts => ({
  verifier: simulatedTaxBureau,
  registry: localRegistry(factor),
  noticeDelivery: builtInNoticeDelivery,
});

/** The factor as the built-in registry knows it by default: its name and the default credit code (config FACTOR_USCC). */
export const BUILT_IN_FACTOR: RegistryParty = { name: FACTOR_NAME, creditCode: DEFAULT_FACTOR_USCC };

/** The built-in ones with the factor's default identity: what the demo seed registers and checks with. */
export const BUILT_IN_RECEIVABLES: ReceivablePorts = builtInReceivablePorts(BUILT_IN_FACTOR);
