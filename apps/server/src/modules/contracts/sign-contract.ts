import type { signContractBody } from '@factoring/domain/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { NotFoundError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { confirmPassword, type PasswordCipher } from '../auth/index.ts';
import { findContract, type ContractView } from './queries.ts';
import { recordSignature, SIGNING_MESSAGES } from './record-signature.ts';
import type { ContractKinds } from './contract-kinds.ts';
import * as clock from '../../lib/clock.ts';

export { SIGNING_MESSAGES as MESSAGES } from './record-signature.ts';

/**
 * Signs a contract of the caller's enterprise after checking the login password: the signature
 * (signed version, signer, time, IP, hashes) is recorded by `recordSignature` and the owning
 * kind's sign hook for the record runs in the same transaction.
 */
export async function signContract(
  deps: { db: Db; cipher: PasswordCipher; kinds: ContractKinds },
  scope: EnterpriseScope,
  ip: string,
  contractId: number,
  body: z.output<typeof signContractBody>,
  now = clock.now(),
): Promise<ContractView> {
  const { db, cipher, kinds } = deps;
  // 404 before anything else: another enterprise's contract is not told apart from none.
  if (!(await findContract(db, scope, contractId))) throw new NotFoundError(SIGNING_MESSAGES.notFound);

  const user = await confirmPassword({ db, cipher }, scope.userId, body.password, '合同未签署');

  return inTransaction(db, async (tx) => {
    const signed = await recordSignature(tx, { contractId, scope, signerName: user.displayName, ip, at: now });
    await kinds.runSignHook(tx, signed);
    const view = await findContract(tx, scope, signed.id);
    return view!;
  });
}
