import { addDays, chinaDate, orderTotals, type Cents, type IsoDate } from '@factoring/domain';
import { orderInputSchema, type OrderInputBody } from '@factoring/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bpmTasks, enterprises, platforms, psOrders, users } from '../db/schema/index.ts';
import { atTime } from '../lib/clock.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import { taskRegistry, decideTask } from '../modules/bpm/index.ts';
import { FUNDS_TASK_TYPES, openPayee } from '../modules/funds/index.ts';
import {
  addGoods,
  answerOrder,
  confirmOrder,
  closeOrder,
  cancelOrder,
  fulfilOrder,
  payOrder,
  recordOfflineCollection,
  createOrder,
} from '../modules/purchase-sales/index.ts';
import { applyToJoin, orderLoans, SUPPLY_LOAN_TASK_TYPES } from '../modules/supplyloan/index.ts';
import { DEMO_PLATFORM_CODES } from './supplyloan.ts';
import { chinaInstant } from './timeline.ts';

/** The off-portal supplier of the demo purchase orders and the journeys (its payee is whitelisted below). */
export const DEMO_SUPPLIER = { name: '江苏恒通钢材有限公司', bankName: '中国工商银行无锡分行营业部', accountNo: '1103020109000456789' };
/** The core enterprise of the 中建材 platform: the buyer of the sales orders financed by order loans. */
export const DEMO_CORE_BUYER = '中建材华东建设集团有限公司';

const yuan = (n: number) => Math.round(n * 100) as Cents;
const FEE = 2000 as Cents;

type Line = { goodsName: string; spec?: string; unit: string; quantity: string; unitPrice: number; taxRatePpm: number };

/** A parsed order body whose total is the exact total of its lines, as the page computes it. */
function body(
  kind: 'PURCHASE' | 'SALES',
  counterparty: { name: string; bankName?: string; accountNo?: string; enterpriseId?: number },
  deliveryDate: IsoDate,
  lines: Line[],
  remark?: string,
) {
  const totalAmount = orderTotals(lines).total;
  const input: OrderInputBody = {
    kind,
    counterpartyEnterpriseId: counterparty.enterpriseId,
    counterpartyName: counterparty.name,
    counterpartyBankName: counterparty.bankName,
    counterpartyAccountNo: counterparty.accountNo,
    deliveryDate,
    remark,
    lines,
    totalAmount,
  };
  return orderInputSchema.parse(input);
}

/**
 * The purchase/sales part of the demo world (issue 16), for `gouxiao` (浙江远航供应链管理有限公司),
 * built through the module's own operations so every payment is a real, balanced ledger posting:
 * a goods catalogue; whitelisted payees for its suppliers (opened and approved through the inbox);
 * a credit line on the 中建材 supply platform (joined and granted through the inbox) so its sales
 * orders to 中建材 can back order loans; and orders in every state — paid and closed, received and
 * part-paid, a two-sided order confirmed by 上海鑫源 (`demo`), sales delivered and part-collected,
 * a sales order to the core enterprise ready to finance, a draft and a cancelled order. Idempotent.
 */
export async function seedPurchaseSales(db: Db, today: IsoDate = chinaDate()) {
  const byLogin = async (login: string) =>
    (
      await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.loginName})`, login))
    )[0];
  const [gx, demo, op] = [await byLogin('gouxiao'), await byLogin('demo'), await byLogin('operator')];
  if (!gx?.enterpriseId || !demo?.enterpriseId || !op) return;
  const [done] = await db.select({ id: psOrders.id }).from(psOrders).where(eq(psOrders.ownerEnterpriseId, gx.enterpriseId)).limit(1);
  if (done) return;

  const scope: EnterpriseScope = { kind: 'enterprise', enterpriseId: gx.enterpriseId, userId: gx.id, certified: true, warehouse: false };
  const demoScope: EnterpriseScope = {
    kind: 'enterprise',
    enterpriseId: demo.enterpriseId,
    userId: demo.id,
    certified: true,
    warehouse: false,
  };
  const actor = { id: gx.id, name: gx.displayName, enterpriseId: gx.enterpriseId };
  const demoActor = { id: demo.id, name: demo.displayName, enterpriseId: demo.enterpriseId };
  const operator = { id: op.id, name: op.displayName };
  const tasks = taskRegistry([...FUNDS_TASK_TYPES, ...SUPPLY_LOAN_TASK_TYPES]);
  const approve = async (type: string, refId: number, text: string) => {
    const [task] = await db
      .select({ id: bpmTasks.id })
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, type), eq(bpmTasks.refId, String(refId)), eq(bpmTasks.state, 'PENDING')));
    await decideTask(db, tasks, task.id, operator, 'APPROVE', text);
  };
  const [trading] = await db.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, demo.enterpriseId));

  // Set up a hundred days ago: the catalogue and the suppliers' payees (the history below pays them).
  const daysAgo = (n: number, time: string) => chinaInstant(addDays(today, -n), time);
  const steel = await atTime(daysAgo(100, '10:00'), async () => {
    const first = await addGoods(db, scope, {
      name: '热轧卷板',
      spec: 'Q235B 4.75×1500',
      unit: '吨',
      taxRatePpm: 130_000,
      unitPrice: yuan(3_860),
    });
    await addGoods(db, scope, { name: '冷轧薄板', spec: 'SPCC 1.0×1250', unit: '吨', taxRatePpm: 130_000, unitPrice: yuan(4_520) });
    await addGoods(db, scope, { name: '螺纹钢', spec: 'HRB400E Φ20', unit: '吨', taxRatePpm: 130_000, unitPrice: yuan(3_650) });
    await addGoods(db, scope, { name: '仓储服务', spec: '', unit: '月', taxRatePpm: 60_000, unitPrice: yuan(12_000) });
    return first;
  });

  // Whitelisted payees of its suppliers, reviewed by the operator.
  const by = { id: gx.id, name: gx.displayName };
  const supplierPayee = await atTime(daysAgo(100, '10:30'), () =>
    db.transaction((tx) =>
      openPayee(tx, scope, by, {
        name: DEMO_SUPPLIER.name,
        bankName: DEMO_SUPPLIER.bankName,
        accountNo: DEMO_SUPPLIER.accountNo,
        relation: 'UPSTREAM',
      }),
    ),
  );
  await atTime(daysAgo(100, '15:00'), () => approve('FUNDS_PAYEE', supplierPayee.id, '供应商账户信息与合同一致'));
  const tradingPayee = await atTime(daysAgo(100, '10:40'), () =>
    db.transaction((tx) =>
      openPayee(tx, scope, by, {
        name: trading.name,
        bankName: '招商银行上海分行营业部',
        accountNo: '121908765410601',
        relation: 'UPSTREAM',
      }),
    ),
  );
  await atTime(daysAgo(100, '15:10'), () => approve('FUNDS_PAYEE', tradingPayee.id, '同意'));

  // A credit line on the 中建材 platform, whose core enterprise buys from 浙江远航.
  const [zj] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.open));
  if (zj) {
    const joined = await applyToJoin(
      db,
      scope,
      { id: gx.id, name: gx.displayName },
      { platformId: zj.id, requestedLimit: yuan(3_000_000) },
      today,
    );
    await approve('PLATFORM_JOIN', joined.id, '核心企业确认贸易关系，同意授信 300 万元');
  }

  const supplier = { name: DEMO_SUPPLIER.name, bankName: DEMO_SUPPLIER.bankName, accountNo: DEMO_SUPPLIER.accountNo };
  const steelLine = (quantity: string, unitPrice = steel.unitPrice!): Line => ({
    goodsName: steel.name,
    spec: steel.spec ?? undefined,
    unit: steel.unit,
    quantity,
    unitPrice,
    taxRatePpm: 130_000,
  });
  const lineIds = async (orderId: number) =>
    (await db.execute(sql`select id, quantity from ps_order_lines where order_id = ${orderId} order by seq`)) as unknown as {
      rows: { id: number; quantity: string }[];
    };
  const receiveAll = async (orderId: number, who = scope, whoActor = actor) => {
    const { rows } = await lineIds(orderId);
    await fulfilOrder(db, who, whoActor, orderId, { lines: rows.map((r) => ({ lineId: Number(r.id), quantity: String(r.quantity) })) });
  };
  const pay = (orderId: number, payeeId: number, amount: number) =>
    db.transaction((tx) => payOrder(tx, orderLoans, scope, actor, orderId, { payeeId, amount: amount as Cents, fee: FEE }));

  // 1. Paid and closed, two months ago: received in full, paid by targeted payment, closed.
  const closed = await atTime(daysAgo(61, '09:30'), async () => {
    const order = await createOrder(
      db,
      scope,
      actor,
      body(
        'PURCHASE',
        supplier,
        addDays(today, -40),
        [
          steelLine('12.5'),
          { goodsName: '冷轧薄板', spec: 'SPCC 1.0×1250', unit: '吨', quantity: '3.2', unitPrice: yuan(4_520), taxRatePpm: 130_000 },
        ],
        '一季度备货',
      ),
    );
    await confirmOrder(db, scope, actor, order.id);
    return order;
  });
  await atTime(daysAgo(45, '14:00'), () => receiveAll(closed.id));
  const closedTotal = orderTotals([
    steelLine('12.5'),
    { goodsName: '', unit: '吨', quantity: '3.2', unitPrice: yuan(4_520), taxRatePpm: 130_000 },
  ]).total;
  await atTime(daysAgo(44, '10:00'), () => pay(closed.id, supplierPayee.id, closedTotal));
  await atTime(daysAgo(40, '16:00'), () => closeOrder(db, scope, actor, closed.id));

  // 2. Confirmed last month, received, part-paid: an outstanding amount to pay on the targeted-payment page.
  const partPaid = await atTime(daysAgo(31, '10:00'), async () => {
    const order = await createOrder(db, scope, actor, body('PURCHASE', supplier, addDays(today, -5), [steelLine('20')], '月度采购'));
    await confirmOrder(db, scope, actor, order.id);
    return order;
  });
  await atTime(daysAgo(6, '15:00'), () => receiveAll(partPaid.id));
  await atTime(daysAgo(5, '11:00'), () => pay(partPaid.id, supplierPayee.id, yuan(30_000)));

  // 3. Two-sided: 浙江远航 buys from 上海鑫源 (`demo`), which confirms the same order; partly received.
  const twoSided = await createOrder(
    db,
    scope,
    actor,
    body('PURCHASE', { name: trading.name, enterpriseId: demo.enterpriseId }, addDays(today, 12), [
      { goodsName: '螺纹钢', spec: 'HRB400E Φ20', unit: '吨', quantity: '30', unitPrice: yuan(3_650), taxRatePpm: 130_000 },
      { goodsName: '仓储服务', unit: '月', quantity: '1', unitPrice: yuan(12_000), taxRatePpm: 60_000 },
    ]),
  );
  await confirmOrder(db, scope, actor, twoSided.id);
  await answerOrder(db, demoScope, demoActor, twoSided.id, true, null);
  const { rows: twoLines } = await lineIds(twoSided.id);
  await fulfilOrder(db, scope, actor, twoSided.id, { lines: [{ lineId: Number(twoLines[0].id), quantity: '18.5' }], note: '首批到货' });

  // 4. A two-sided order waiting for 上海鑫源's confirmation.
  const waiting = await createOrder(
    db,
    scope,
    actor,
    body('PURCHASE', { name: trading.name, enterpriseId: demo.enterpriseId }, addDays(today, 30), [
      { goodsName: '冷轧薄板', spec: 'SPCC 1.0×1250', unit: '吨', quantity: '8', unitPrice: yuan(4_480), taxRatePpm: 130_000 },
    ]),
  );
  await confirmOrder(db, scope, actor, waiting.id);

  // 5. Sales, delivered and part-collected outside the platform.
  const sold = await createOrder(
    db,
    scope,
    actor,
    body(
      'SALES',
      { name: '杭州临平建工集团有限公司', bankName: '杭州银行临平支行', accountNo: '3301040160012345678' },
      addDays(today, -10),
      [steelLine('15', yuan(4_050))],
      '临平项目二标段',
    ),
  );
  await confirmOrder(db, scope, actor, sold.id);
  await receiveAll(sold.id);
  await db.transaction((tx) =>
    recordOfflineCollection(tx, orderLoans, scope, actor, sold.id, { amount: yuan(40_000), note: '银行承兑汇票贴现到账' }),
  );

  // 6. Sales to the core enterprise of the 中建材 platform: confirmed, ready to back an order loan.
  const toCore = await createOrder(
    db,
    scope,
    actor,
    body(
      'SALES',
      { name: DEMO_CORE_BUYER, bankName: '中国建设银行南京城南支行', accountNo: '32001881236052512345' },
      addDays(today, 45),
      [{ goodsName: '螺纹钢', spec: 'HRB400E Φ20', unit: '吨', quantity: '120', unitPrice: yuan(3_700), taxRatePpm: 130_000 }],
      '南京江北新区项目钢材供应',
    ),
  );
  await confirmOrder(db, scope, actor, toCore.id);

  // 7. A draft and a cancelled order.
  await createOrder(db, scope, actor, body('PURCHASE', supplier, addDays(today, 20), [steelLine('6.75')], '待与供应商确认价格'));
  const dropped = await createOrder(
    db,
    scope,
    actor,
    body('SALES', { name: '宁波北仑港务物资有限公司', bankName: '宁波银行北仑支行', accountNo: '51010122000456789' }, addDays(today, 15), [
      steelLine('5', yuan(4_100)),
    ]),
  );
  await confirmOrder(db, scope, actor, dropped.id);
  await cancelOrder(db, scope, actor, dropped.id, '客户项目延期，双方协商取消');
}
