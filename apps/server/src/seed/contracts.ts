import { and, eq, sql } from 'drizzle-orm';
import { chinaDate, type Cents } from '@factoring/domain';
import type { Db } from '../db/client.ts';
import { contracts, users } from '../db/schema/index.ts';
import { countersign, generateContract, recordSignature } from '../modules/contracts/index.ts';
import { MARGIN_CONTRACT_KIND } from '../modules/pledge/index.ts';
import { FACTORING_AGREEMENT_KIND } from '../modules/supplyloan/index.ts';

const FACTOR = '鑫链商业保理有限公司';
const DAY_MS = 86_400_000;

/**
 * The demo enterprise's contracts (PRODUCT §12): a factoring agreement signed by both parties and a margin agreement
 * waiting for its signature, with real PDFs under DATA_DIR/contracts. Idempotent: an enterprise that
 * already has its factoring agreement gets none.
 */
export async function seedContracts(db: Db, now = new Date()) {
  const [demo] = await db
    .select({ id: users.id, displayName: users.displayName, enterpriseId: users.enterpriseId })
    .from(users)
    .where(eq(sql`lower(${users.loginName})`, 'demo'));
  if (!demo?.enterpriseId) return;
  const enterpriseId = demo.enterpriseId;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contracts)
    .where(and(eq(contracts.enterpriseId, enterpriseId), eq(contracts.type, FACTORING_AGREEMENT_KIND.code)));
  if (n > 0) return;

  const signedOn = new Date(now.getTime() - 30 * DAY_MS);
  await db.transaction(async (tx) => {
    const agreement = await generateContract(
      tx,
      {
        enterpriseId,
        kind: FACTORING_AGREEMENT_KIND,
        relatedType: 'ENTERPRISE',
        relatedId: enterpriseId,
        relatedNo: '保理业务合作',
        title: '应收账款保理业务合作协议',
        counterparty: FACTOR,
        amount: 500_000_000 as Cents, // ¥5,000,000.00 framework line
        effectiveDate: chinaDate(signedOn),
        expiryDate: chinaDate(new Date(signedOn.getTime() + 365 * DAY_MS)),
        data: { creditLimit: '5,000,000.00', interestMode: '预收息 / 利随本清（按平台约定）', repaymentMethod: '到期一次性还本付息' },
      },
      signedOn,
    );
    // Signed as the demo user would (the password confirmation is the route's; the seed has no browser):
    // the same signature record and signed version as through the contract list.
    await recordSignature(tx, {
      contractId: agreement.id,
      scope: { kind: 'enterprise', enterpriseId, userId: demo.id, certified: true, warehouse: false },
      signerName: demo.displayName,
      ip: '127.0.0.1',
      at: new Date(signedOn.getTime() + 2 * 3_600_000),
    });
    // The factor countersigns the next day, as an operator does when approving (issue 37): the same
    // countersignature the inbox makes, named for the operator.
    const [operator] = await tx
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(eq(sql`lower(${users.loginName})`, 'operator'));
    if (operator)
      await countersign(
        tx,
        { relatedType: 'ENTERPRISE', relatedId: String(enterpriseId) },
        { id: operator.id, name: operator.displayName },
        new Date(signedOn.getTime() + 26 * 3_600_000),
      );

    await generateContract(
      tx,
      {
        enterpriseId,
        kind: MARGIN_CONTRACT_KIND,
        relatedType: 'MARGIN',
        recordLabel: '保证金',
        relatedId: `${enterpriseId}-1`,
        relatedNo: `BZJ${chinaDate(now).replaceAll('-', '')}01`,
        title: '融资保证金协议',
        counterparty: FACTOR,
        amount: 10_000_000 as Cents, // ¥100,000.00
        expiryDate: chinaDate(new Date(now.getTime() + 365 * DAY_MS)),
        data: { marginRate: '10%', marginAccount: '本平台保证金专户', 退还安排: '主债务清偿后五个工作日内退还' },
      },
      now,
    );
  });
}
