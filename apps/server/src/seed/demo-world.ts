import { addDays } from '@factoring/domain';
import { and, count, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dictionaryEntries, enterprises, menus, siteConfig, users } from '../db/schema/index.ts';
import { atTime, chinaToday } from '../lib/clock.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { DEFAULT_SITE_CONFIG } from '../modules/system/index.ts';
import { MENU_SEED } from './menus.ts';
import { seedContent } from './content.ts';
import { seedCertificationDemo, seedCertificationReference } from './reference.ts';
import { seedFunds } from './funds.ts';
import { seedContracts } from './contracts.ts';
import { seedSupplyLoan, seedSupplyPlatforms } from './supplyloan.ts';
import { PORTS } from '../app.ts';
import { seedHistory } from './history.ts';
import { seedReceivables } from './receivables.ts';
import { seedRegistry } from './registry.ts';
import { seedConfirmations } from './confirmations.ts';
import { seedFactoringMoney } from './factoring-money.ts';
import { chinaInstant } from './timeline.ts';
import { seedWarehouse } from './warehouse.ts';
import { seedPurchaseSales } from './purchase-sales.ts';
import { seedCloudLoan } from './cloudloan.ts';
import { seedPledge } from './pledge.ts';
import { seedPledgeDelivery } from './pledge-delivery.ts';
import { seedBankStatement } from './bank-statement.ts';

/** Demo logins listed in the README. One password for all keeps the demo easy to try. */
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_USERS = {
  merchant: 'demo',
  warehouse: 'cangchu',
  purchaseSales: 'gouxiao',
  operator: 'operator',
  /** The second operator: maker-checker needs two (the one who approves never disburses or pays out). */
  checker: 'fuhe',
  /** A newly registered enterprise that has not authenticated yet. */
  fresh: 'xinqiye',
} as const;

const DICTIONARIES: { type: string; entries: [string, string][] }[] = [
  {
    type: 'authStatus',
    entries: [
      ['DRAFT', '草稿'],
      ['PENDING', '待审核'],
      ['APPROVED', '已通过'],
      ['REJECTED', '已驳回'],
    ],
  },
  {
    type: 'userAuthority',
    entries: [
      ['merchant', '企业用户'],
      ['operator', '运营人员'],
    ],
  },
  {
    type: 'yesNo',
    entries: [
      ['Y', '是'],
      ['N', '否'],
    ],
  },
];

/** Reference rows every portal needs: menus, site configuration, dictionaries. Idempotent. */
export async function seedReferenceData(db: Db) {
  await db
    .insert(menus)
    .values(MENU_SEED)
    .onConflictDoUpdate({
      target: menus.id,
      set: {
        name: sql`excluded.name`,
        route: sql`excluded.route`,
        bpid: sql`excluded.bpid`,
        mpid: sql`excluded.mpid`,
        icon: sql`excluded.icon`,
        sortOrder: sql`excluded.sort_order`,
        audience: sql`excluded.audience`,
        gate: sql`excluded.gate`,
      },
    });
  await db
    .insert(siteConfig)
    .values(Object.entries(DEFAULT_SITE_CONFIG).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(dictionaryEntries)
    .values(DICTIONARIES.flatMap((d) => d.entries.map(([value, label], i) => ({ type: d.type, value, label, sortOrder: i }))))
    .onConflictDoNothing();
  await seedContent(db);
  await seedCertificationReference(db);
}

/** The demo world of PRODUCT §12, created only once (keyed by the demo login names). */
export async function seedDemoWorld(db: Db) {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.loginName}) = ${DEMO_USERS.merchant}`);
  if (existing.length) return seedCheckerOperator(db);
  const today = chinaToday();
  // The demo enterprises joined a year ago: certified, accounts opened with their deposits, platforms set up.
  const joined = chinaInstant(addDays(today, -365), '09:00');
  // One published password, but each user its own salt (and so its own hash).
  const [merchantHash, warehouseHash, purchaseSalesHash, operatorHash, freshHash, checkerHash] = await Promise.all(
    Array.from({ length: 6 }, () => hashPassword(DEMO_PASSWORD)),
  );
  await db.transaction(async (tx) => {
    const [trading, storage, buyer] = await tx
      .insert(enterprises)
      .values([
        { name: '上海鑫源贸易有限公司', uscc: '91310115MA1H7XQ301', certified: true, certifiedAt: joined },
        { name: '江苏安储仓储物流有限公司', uscc: '91320583MA1MXT9K40', certified: true, certifiedAt: joined },
        { name: '浙江远航供应链管理有限公司', uscc: '91330106MA2GL7QX1F', certified: true, certifiedAt: joined },
      ])
      .returning({ id: enterprises.id });
    await tx.insert(users).values([
      {
        loginName: DEMO_USERS.merchant,
        displayName: '张明',
        email: 'demo@xinyuan.example.cn',
        mobile: '13800138000',
        passwordHash: merchantHash,
        demo: true,
        enterpriseId: trading.id,
        authority: 'merchant',
      },
      {
        loginName: DEMO_USERS.warehouse,
        displayName: '李仓',
        email: 'ops@anchu.example.cn',
        mobile: '13900139000',
        passwordHash: warehouseHash,
        demo: true,
        enterpriseId: storage.id,
        authority: 'merchant',
        ckFlag: 'Y',
      },
      {
        loginName: DEMO_USERS.purchaseSales,
        displayName: '王航',
        email: 'trade@yuanhang.example.cn',
        mobile: '13700137000',
        passwordHash: purchaseSalesHash,
        demo: true,
        enterpriseId: buyer.id,
        authority: 'merchant',
        purchaseSalesEnabled: true,
      },
      {
        loginName: DEMO_USERS.operator,
        displayName: '赵审',
        email: 'ops@factor.example.cn',
        mobile: '13600136000',
        passwordHash: operatorHash,
        demo: true,
        authority: 'operator',
      },
      {
        loginName: DEMO_USERS.checker,
        displayName: '钱核',
        email: 'check@factor.example.cn',
        mobile: '13600136001',
        passwordHash: checkerHash,
        demo: true,
        authority: 'operator',
      },
    ]);
    // A newly registered enterprise that has not authenticated yet (issue 4): the way to try the authentication.
    const [fresh] = await tx.insert(enterprises).values({ name: '深圳前海新启科技有限公司' }).returning({ id: enterprises.id });
    await tx.insert(users).values({
      loginName: DEMO_USERS.fresh,
      displayName: '陈启',
      email: 'chenqi@xinqi.example.cn',
      mobile: '13500135000',
      passwordHash: freshHash,
      demo: true,
      enterpriseId: fresh.id,
      authority: 'merchant',
    });
  });
  await seedCertificationDemo(db);
  await atTime(joined, async () => {
    await seedFunds(db);
    await seedSupplyPlatforms(db);
  });
  await seedHistory(db, PORTS.loanBook, today);
  await seedContracts(db);
  await seedSupplyLoan(db, today);
  await seedWarehouse(db);
  await seedPurchaseSales(db);
  await seedReceivables(db, today);
  // Issue 36: factoring money two months ago — collected and rebated, short-paid with a 回购 task, bought back.
  await seedFactoringMoney(db, today);
  // Issue 36: the registrations (中登网) settled financings leave are cancelled; another factor's earlier one stops a payment.
  await seedRegistry(db, today);
  // Issue 36: a disputed receivable and an undisclosed notice held (the confirmed and acknowledged ones are above).
  await seedConfirmations(db, today);
  await seedCloudLoan(db, PORTS.loanBook);
  await seedPledge(db);
  await seedPledgeDelivery(db);
  // Last: last month's statement of the collection account, once every posting of that month is made.
  await seedBankStatement(db, today, DEMO_USERS.operator, PORTS.transferVouchers);
}

/** A demo world seeded before maker-checker gets its second operator too (once). */
async function seedCheckerOperator(db: Db) {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.loginName}) = ${DEMO_USERS.checker}`);
  if (found) return;
  await db.insert(users).values({
    loginName: DEMO_USERS.checker,
    displayName: '钱核',
    email: 'check@factor.example.cn',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    authority: 'operator',
    demo: true,
  });
}

/**
 * Marks the demo users of a database seeded before users had their `demo` flag: an account with a
 * demo login name whose password is still the published one. Idempotent; run at every start.
 */
export async function markDemoUsers(db: Db) {
  const unmarked = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(sql`lower(${users.loginName})`, Object.values(DEMO_USERS)), not(users.demo)));
  for (const user of unmarked) {
    if (await verifyPassword(DEMO_PASSWORD, user.passwordHash)) await db.update(users).set({ demo: true }).where(eq(users.id, user.id));
  }
}

/** How many demo users (published password) the database holds. */
export async function countDemoUsers(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.demo, true));
  return n;
}
