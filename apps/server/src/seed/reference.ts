import { validateIdCard } from '@factoring/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  accountChangeRequests,
  bankBranches,
  banks,
  dictionaryEntries,
  enterpriseAuthentications,
  enterprises,
  users,
} from '../db/schema/index.ts';
import {
  bindSettlementAccount,
  boundSettlementAccount,
  openAccountChangeTask,
  type AccountFields,
} from '../modules/certification/index.ts';
import type { EnterpriseScope } from '../lib/scope.ts';
import { cityByCode, provinceOfCity, BANKS, sampleBranches, CERTIFICATION_DICTIONARIES } from '../modules/reference/index.ts';

/**
 * Reference data of issue 4: the bank list (kept current), the branch sample (added once, never
 * overwriting imported branches) and the certification dictionaries. Idempotent.
 */
export async function seedCertificationReference(db: Db) {
  await db
    .insert(banks)
    .values(BANKS.map((b, i) => ({ ...b, sortOrder: i })))
    .onConflictDoUpdate({
      target: banks.code,
      set: { name: sql`excluded.name`, shortName: sql`excluded.short_name`, sortOrder: sql`excluded.sort_order` },
    });
  const branches = sampleBranches();
  for (let i = 0; i < branches.length; i += 500) {
    await db
      .insert(bankBranches)
      .values(branches.slice(i, i + 500))
      .onConflictDoNothing();
  }
  await db
    .insert(dictionaryEntries)
    .values(CERTIFICATION_DICTIONARIES.flatMap((d) => d.entries.map(([value, label], i) => ({ type: d.type, value, label, sortOrder: i }))))
    .onConflictDoUpdate({
      target: [dictionaryEntries.type, dictionaryEntries.value],
      set: { label: sql`excluded.label`, sortOrder: sql`excluded.sort_order` },
    });
}

interface DemoCertification {
  loginName: string;
  legalName: string;
  legalIdCard: string;
  registeredAddress: string;
  bankCode: string;
  cityCode: string;
  accountNo: string;
}

/** Approved authentications of the demo world's certified enterprises, with their bound settlement accounts. */
const DEMO_CERTIFICATIONS: DemoCertification[] = [
  {
    loginName: 'demo',
    legalName: '张建国',
    legalIdCard: '310115197805123417',
    registeredAddress: '上海市浦东新区张杨路500号12楼1203室',
    bankCode: '102',
    cityCode: '310000',
    accountNo: '1001244309300123456',
  },
  {
    loginName: 'cangchu',
    legalName: '李安琪',
    legalIdCard: '320583198209231520',
    registeredAddress: '江苏省昆山市玉山镇前进西路188号',
    bankCode: '105',
    cityCode: '320500',
    accountNo: '32250198863600001234',
  },
  {
    loginName: 'gouxiao',
    legalName: '王远航',
    legalIdCard: '330106197503171816',
    registeredAddress: '浙江省杭州市西湖区文三路90号8楼',
    bankCode: '104',
    cityCode: '330100',
    accountNo: '367258391024',
  },
];

/** The demo enterprise's pending settlement-account change: a task waiting in the operator's inbox. */
const DEMO_ACCOUNT_CHANGE = {
  loginName: 'demo',
  bankCode: '308',
  cityCode: '310000',
  accountNo: '121909876510601',
  changeReason: '原结算账户所在网点撤并，改用招商银行账户收款',
};

function salesOffice(bankCode: string, cityCode: string) {
  const branch = sampleBranches().find((b) => b.bankCode === bankCode && b.cityCode === cityCode && b.name.endsWith('营业部'));
  if (!branch) throw new Error(`no sample branch for bank ${bankCode} in ${cityCode}`);
  return branch;
}

function demoAccount(enterpriseName: string, bankCode: string, cityCode: string, accountNo: string): AccountFields {
  const branch = salesOffice(bankCode, cityCode);
  const city = cityByCode(cityCode)!;
  const province = provinceOfCity(cityCode)!;
  return {
    accountName: enterpriseName,
    accountNo,
    bankCode,
    bankName: BANKS.find((b) => b.code === bankCode)!.shortName,
    provinceCode: province.code,
    provinceName: province.name,
    cityCode: city.code,
    cityName: city.name,
    unionBankNo: branch.unionBankNo,
    branchName: branch.name,
  };
}

/**
 * The certification part of the demo world (called by seedDemoWorld once the demo users exist):
 * approved authentications and settlement accounts for the certified enterprises, and one pending
 * account change so the operator has a task waiting. Skips what already exists.
 */
export async function seedCertificationDemo(db: Db) {
  const ownerScope = (o: { enterpriseId: number; userId: number; certified: boolean }): EnterpriseScope => ({
    kind: 'enterprise',
    enterpriseId: o.enterpriseId,
    userId: o.userId,
    certified: o.certified,
    warehouse: false,
  });
  await db.transaction(async (tx) => {
    const owners = await tx
      .select({
        loginName: users.loginName,
        userId: users.id,
        displayName: users.displayName,
        email: users.email,
        mobile: users.mobile,
        enterpriseId: enterprises.id,
        enterpriseName: enterprises.name,
        uscc: enterprises.uscc,
        certified: enterprises.certified,
        certifiedAt: enterprises.certifiedAt,
      })
      .from(users)
      .innerJoin(enterprises, eq(enterprises.id, users.enterpriseId))
      .where(
        inArray(
          users.loginName,
          DEMO_CERTIFICATIONS.map((d) => d.loginName),
        ),
      );
    for (const demo of DEMO_CERTIFICATIONS) {
      const owner = owners.find((o) => o.loginName === demo.loginName);
      if (!owner?.certified || !owner.uscc) continue;
      if (await boundSettlementAccount(tx, ownerScope(owner))) continue;
      const id = validateIdCard(demo.legalIdCard);
      if (!id.ok) throw new Error(`demo ID card ${demo.legalIdCard}: ${id.message}`);
      const account = demoAccount(owner.enterpriseName, demo.bankCode, demo.cityCode, demo.accountNo);
      const decidedAt = owner.certifiedAt ?? new Date();
      const [row] = await tx
        .insert(enterpriseAuthentications)
        .values({
          enterpriseId: owner.enterpriseId,
          status: 'APPROVED',
          enterpriseName: owner.enterpriseName,
          uscc: owner.uscc,
          registeredAddress: demo.registeredAddress,
          legalName: demo.legalName,
          legalIdCard: id.normalized,
          legalBirthDate: id.birthDate,
          legalGender: id.gender,
          contactName: owner.displayName,
          contactMobile: owner.mobile,
          contactEmail: owner.email,
          ...account,
          createdBy: owner.userId,
          submittedBy: owner.userId,
          submittedAt: decidedAt,
          decidedAt,
        })
        .returning({ id: enterpriseAuthentications.id });
      await bindSettlementAccount(tx, owner.enterpriseId, account, { type: 'SEED', id: row.id });
    }

    const owner = owners.find((o) => o.loginName === DEMO_ACCOUNT_CHANGE.loginName);
    if (!owner?.certified) return;
    const [existing] = await tx
      .select({ id: accountChangeRequests.id })
      .from(accountChangeRequests)
      .where(eq(accountChangeRequests.enterpriseId, owner.enterpriseId))
      .limit(1);
    if (existing) return;
    const current = await boundSettlementAccount(tx, ownerScope(owner));
    const requested = demoAccount(
      owner.enterpriseName,
      DEMO_ACCOUNT_CHANGE.bankCode,
      DEMO_ACCOUNT_CHANGE.cityCode,
      DEMO_ACCOUNT_CHANGE.accountNo,
    );
    const [request] = await tx
      .insert(accountChangeRequests)
      .values({
        enterpriseId: owner.enterpriseId,
        status: 'PENDING',
        ...requested,
        changeReason: DEMO_ACCOUNT_CHANGE.changeReason,
        submittedBy: owner.userId,
      })
      .returning({ id: accountChangeRequests.id });
    await openAccountChangeTask(tx, {
      enterpriseId: owner.enterpriseId,
      enterpriseName: owner.enterpriseName,
      requestId: request.id,
      current,
      requested,
      changeReason: DEMO_ACCOUNT_CHANGE.changeReason,
      proofFileId: null,
      submittedBy: { id: owner.userId, name: owner.displayName },
    });
  });
}
