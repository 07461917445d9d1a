import { addDays, chinaDate, type Cents, type IsoDate } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { bpmTasks, contracts, creditLines, goods, platforms, pledgeTerms, stockPositions, users } from '../db/schema/index.ts';
import { taskRegistry, decideTask } from '../modules/bpm/index.ts';
import { recordSignature } from '../modules/contracts/index.ts';
import {
  applyPledge,
  PLEDGE_RELATED_TYPE,
  pledgeSignHook,
  payMargin,
  recordGoodsPrice,
  PLEDGE_TASK_TYPES,
  setPledgeTerms,
} from '../modules/pledge/index.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import { DEMO_PLATFORM_CODES } from './supplyloan.ts';

/**
 * Goods-pledge demo (issue 14): the demo pledge platform accepts the warehouse demo's hot-rolled
 * coil and cathode copper (pledge rate 70 %, warning 80 %, liquidation 90 %, margin 10 %), and the
 * operator's price list has a short history for both — recorded through the real price service.
 */
export async function seedPledge(db: Db) {
  const [platform] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.pledge));
  const [operator] = await db.select().from(users).where(eq(users.loginName, 'operator'));
  const items = await db
    .select()
    .from(goods)
    .where(inArray(goods.name, ['热轧卷板', '电解铜']));
  if (!platform || !operator || items.length < 2) return;
  const [already] = await db
    .select({ id: pledgeTerms.id })
    .from(pledgeTerms)
    .where(and(eq(pledgeTerms.platformId, platform.id)));
  if (already) return;
  const coil = items.find((g) => g.name === '热轧卷板')!;
  const copper = items.find((g) => g.name === '电解铜')!;
  const lines = { pledgeRatePpm: 700_000, warningLinePpm: 800_000, liquidationLinePpm: 900_000, marginRatePpm: 100_000 };
  await setPledgeTerms(db, { platformId: platform.id, goodsId: coil.id, ...lines });
  await setPledgeTerms(db, { platformId: platform.id, goodsId: copper.id, ...lines });
  const today = chinaDate();
  const actor = { id: operator.id, name: operator.displayName };
  const history: [number, number, number, string][] = [
    [coil.id, -30, 392_000, '上海钢联 Mysteel 热卷价格指数'],
    [coil.id, -10, 386_500, '上海钢联 Mysteel 热卷价格指数'],
    [coil.id, 0, 385_000, '上海钢联 Mysteel 热卷价格指数'],
    [copper.id, -30, 6_920_000, '上海有色网 SMM 1#电解铜均价'],
    [copper.id, -10, 6_870_000, '上海有色网 SMM 1#电解铜均价'],
    [copper.id, 0, 6_850_000, '上海有色网 SMM 1#电解铜均价'],
  ];
  for (const [goodsId, days, unitPrice, source] of history)
    await recordGoodsPrice(db, actor, { goodsId, unitPrice: unitPrice as Cents, priceDate: addDays(today, days), source }, today);
  await seedDisbursedPledge(db, platform.id, copper.id, today);
}

/**
 * One live pledge financing of the demo enterprise, so /pledge/pledgeFinacy has history, made through
 * the real operations: 20.000 t of cathode copper (CU2610-A) at 68,500.00 = 1,370,000.00, 70 % →
 * at most 959,000.00; 800,000.00 for 90 days, margin 10 % = 80,000.00 from the account; the pledge
 * contract and margin agreement signed as the demo user would (the same signature record as the
 * contract list); approved by 赵审 (operator) and disbursed by 钱核 (fuhe). LTV 58.39 %. Copper, not
 * coil: the coil journeys and tests keep their own figures.
 */
async function seedDisbursedPledge(db: Db, platformId: number, copperId: number, today: IsoDate) {
  const byLogin = async (login: string) => (await db.select().from(users).where(eq(users.loginName, login)))[0];
  const demo = await byLogin('demo');
  const operatorUser = await byLogin('operator');
  const checkerUser = (await byLogin('fuhe')) ?? operatorUser;
  if (!demo?.enterpriseId || !operatorUser || !checkerUser) return;
  const [line] = await db
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.platformId, platformId), eq(creditLines.enterpriseId, demo.enterpriseId)));
  const [position] = await db
    .select()
    .from(stockPositions)
    .where(and(eq(stockPositions.goodsId, copperId), eq(stockPositions.batchNo, 'CU2610-A')));
  if (!line || !position) return;
  const scope: EnterpriseScope = {
    kind: 'enterprise',
    enterpriseId: demo.enterpriseId,
    userId: demo.id,
    certified: true,
    warehouse: false,
  };
  const me = { id: demo.id, name: demo.displayName, ip: '127.0.0.1' };
  const { id } = await applyPledge(
    db,
    scope,
    me,
    { creditLineId: line.id, lines: [{ positionId: position.id, quantity: '20.000' }], amount: 80_000_000 as Cents, termDays: 90 },
    today,
  );
  await inTransaction(db, (tx) => payMargin(tx, scope, id, me));
  const toSign = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.relatedType, PLEDGE_RELATED_TYPE), eq(contracts.relatedId, String(id))));
  for (const c of toSign)
    await inTransaction(db, async (tx) => {
      const signed = await recordSignature(tx, { contractId: c.id, scope, signerName: demo.displayName, ip: me.ip, effectiveDate: today });
      await pledgeSignHook(tx, String(id), signed);
    });
  const tasks = taskRegistry(PLEDGE_TASK_TYPES);
  const decide = async (type: string, by: { id: number; displayName: string }, text: string) => {
    const [task] = await db
      .select({ id: bpmTasks.id })
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, type), eq(bpmTasks.refId, String(id)), eq(bpmTasks.state, 'PENDING')));
    await decideTask(db, tasks, task!.id, { id: by.id, name: by.displayName }, 'APPROVE', text);
  };
  await decide('PLEDGE_APPROVAL', operatorUser, '货物在库、合同已签，同意融资');
  await decide('PLEDGE_DISBURSE', checkerUser, '放款');
}

/** The current price rows count (for tests that check the seed). */
