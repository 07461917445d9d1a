import { enterprises, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { sampleBranches } from '../reference/index.ts';
import { uploadPng } from '../uploads/testing.ts';

/** Test helpers: a valid authentication for the seeded uncertified enterprise (深圳前海新启科技有限公司). */

export const FRESH_ENTERPRISE = '深圳前海新启科技有限公司';
export const FRESH_USCC = '91440300MA5FPK8R20';
export const FRESH_ID_CARD = '440305198808081234';

export function shenzhenBranch(bankCode = '102') {
  const branch = sampleBranches().find((b) => b.bankCode === bankCode && b.cityCode === '440300' && b.name.endsWith('营业部'));
  if (!branch) throw new Error(`no Shenzhen sample branch for ${bankCode}`);
  return branch;
}

const filesOf = new WeakMap<TestClient, [number, number, number]>();

/** A complete, valid form; the three files are uploaded once per client and reused. */
export async function validAuthentication(t: TestApp, client: TestClient, overrides: Record<string, unknown> = {}) {
  let files = filesOf.get(client);
  if (!files) {
    files = [await uploadPng(t, client, 'LICENCE'), await uploadPng(t, client, 'ID_FRONT'), await uploadPng(t, client, 'ID_BACK')];
    filesOf.set(client, files);
  }
  const [licenceFileId, idFrontFileId, idBackFileId] = files;
  return {
    enterpriseName: FRESH_ENTERPRISE,
    uscc: FRESH_USCC,
    registeredAddress: '深圳市前海深港合作区南山街道桂湾五路128号前海深港基金小镇B7栋',
    legalName: '陈新启',
    legalIdCard: FRESH_ID_CARD,
    contactName: '陈启',
    contactMobile: '13500135000',
    contactEmail: 'chenqi@xinqi.example.cn',
    licenceFileId,
    idFrontFileId,
    idBackFileId,
    accountName: FRESH_ENTERPRISE,
    accountNo: '4000023409200123456',
    bankCode: '102',
    provinceCode: '440000',
    cityCode: '440300',
    unionBankNo: shenzhenBranch('102').unionBankNo,
    ...overrides,
  };
}

/** Another uncertified enterprise with a merchant login (for conflicts between enterprises). */
export async function createUncertifiedEnterprise(t: TestApp, loginName: string, name: string) {
  const [enterprise] = await t.database.db.insert(enterprises).values({ name }).returning({ id: enterprises.id });
  await t.database.db.insert(users).values({
    loginName,
    displayName: '测试用户',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    enterpriseId: enterprise.id,
    authority: 'merchant',
  });
  return enterprise.id;
}

export const submit = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/authentication/submit', body, { json: true });
export const saveDraft = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/authentication/draft', body, { json: true });
