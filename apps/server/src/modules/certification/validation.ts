import type { SettlementAccount } from '@factoring/domain';
import { AUTHENTICATION_FIELD_LABELS, type AuthenticationInput } from '@factoring/domain/contract';
import { idCard15to18, validateIdCard, validateUscc } from '@factoring/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { chinaToday } from '../../lib/clock.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { cityByCode, listCities, provinceByCode, findBank, findBranch } from '../reference/index.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { ownUploads } from '../uploads/index.ts';

/** Labels of the authentication form, for `请输入{label}` and the operator's view. */
export const FIELD_LABELS = AUTHENTICATION_FIELD_LABELS;

type AccountInput = Pick<AuthenticationInput, 'accountName' | 'accountNo' | 'bankCode' | 'provinceCode' | 'cityCode' | 'unionBankNo'>;

export type AccountFields = SettlementAccount;

const MOBILE = /^1[3-9]\d{9}$/;
const PERSON_NAME = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·•. ]*[\u4e00-\u9fa5A-Za-z]$/;
const ACCOUNT_NO = /^\d{8,30}$/;

const refuse = (message: string): never => {
  throw new BusinessError(message);
};
const required = <T>(value: T | null | undefined, label: string): T =>
  value === null || value === undefined || value === '' ? refuse(`请输入${label}`) : value;
const chosen = <T>(value: T | null | undefined, label: string): T =>
  value === null || value === undefined || value === '' ? refuse(`请选择${label}`) : value;

/** Names compared as a bank would: full-width and half-width forms alike, spaces ignored. */
export const sameName = (a: string, b: string) => a.normalize('NFKC').replace(/\s/g, '') === b.normalize('NFKC').replace(/\s/g, '');

/** Checks the settlement account against the bank list, the divisions and the branch table. */
export async function validateAccount(db: Db, input: AccountInput, enterpriseName: string): Promise<AccountFields> {
  const accountName = required(input.accountName, FIELD_LABELS.accountName);
  if (!sameName(accountName, enterpriseName)) refuse(`结算账户名称须与企业名称“${enterpriseName}”一致`);
  const accountNo = required(input.accountNo, FIELD_LABELS.accountNo);
  if (!ACCOUNT_NO.test(accountNo)) refuse('结算账号应为8至30位数字');
  const bank = await findBank(db, chosen(input.bankCode, FIELD_LABELS.bankCode));
  if (!bank) refuse('开户银行不在银行列表中，请重新选择');
  const province = provinceByCode(chosen(input.provinceCode, FIELD_LABELS.provinceCode));
  if (!province) refuse('开户省份无效，请重新选择');
  const cityCode = chosen(input.cityCode, FIELD_LABELS.cityCode);
  if (!listCities(province!.code).some((c) => c.code === cityCode)) refuse('开户城市不属于所选省份，请重新选择');
  const city = cityByCode(cityCode)!;
  const branch = await findBranch(db, chosen(input.unionBankNo, FIELD_LABELS.unionBankNo));
  if (!branch) refuse('开户网点（联行号）不存在，请重新选择');
  if (branch!.bankCode !== bank!.code) refuse(`开户网点“${branch!.name}”不属于${bank!.shortName}，请重新选择`);
  if (branch!.cityCode !== city.code) refuse(`开户网点“${branch!.name}”不在${city.name}，请重新选择`);
  return {
    accountName: accountName.trim(),
    accountNo,
    bankCode: bank!.code,
    bankName: bank!.shortName,
    provinceCode: province!.code,
    provinceName: province!.name,
    cityCode: city.code,
    cityName: city.name,
    unionBankNo: branch!.unionBankNo,
    branchName: branch!.name,
  };
}

export interface ValidatedAuthentication extends AccountFields {
  enterpriseName: string;
  uscc: string;
  registeredAddress: string;
  legalName: string;
  legalIdCard: string;
  legalBirthDate: string;
  legalGender: 'M' | 'F';
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  licenceFileId: number;
  idFrontFileId: number;
  idBackFileId: number;
}

const ADULT_YEARS = 18;

/** Every rule of the authentication form (PRODUCT §4, SPEC §5); the first failure is refused with its message. */
export async function validateForSubmit(
  db: Db,
  scope: EnterpriseScope,
  input: AuthenticationInput,
  today = chinaToday(),
): Promise<ValidatedAuthentication> {
  const enterpriseName = required(input.enterpriseName, FIELD_LABELS.enterpriseName);
  if (enterpriseName.length < 4) refuse('企业名称至少4个字');
  const uscc = validateUscc(required(input.uscc, FIELD_LABELS.uscc));
  if (!uscc.ok) refuse(uscc.message);
  const registeredAddress = required(input.registeredAddress, FIELD_LABELS.registeredAddress);
  if (registeredAddress.length < 6) refuse('注册地址至少6个字，请填写到门牌号');
  const legalName = required(input.legalName, FIELD_LABELS.legalName);
  if (!PERSON_NAME.test(legalName)) refuse('法定代表人姓名只能包含中文、字母或间隔号，至少2个字');
  const id = validateIdCard(required(input.legalIdCard, FIELD_LABELS.legalIdCard), today);
  if (!id.ok) refuse(`法定代表人${id.message}`);
  const idCard = id as Extract<typeof id, { ok: true }>;
  const [by, bm, bd] = idCard.birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  if (age < ADULT_YEARS) refuse('法定代表人须年满18周岁');
  const contactName = required(input.contactName, FIELD_LABELS.contactName);
  if (!PERSON_NAME.test(contactName)) refuse('联系人姓名只能包含中文、字母或间隔号，至少2个字');
  const contactMobile = required(input.contactMobile, FIELD_LABELS.contactMobile);
  if (!MOBILE.test(contactMobile)) refuse('请输入正确的11位手机号码');
  const contactEmail = required(input.contactEmail, FIELD_LABELS.contactEmail);
  if (!z.email().safeParse(contactEmail).success) refuse('联系人邮箱格式不正确');

  const licenceFileId = input.licenceFileId ?? refuse(`请上传${FIELD_LABELS.licenceFileId}`);
  const idFrontFileId = input.idFrontFileId ?? refuse(`请上传${FIELD_LABELS.idFrontFileId}`);
  const idBackFileId = input.idBackFileId ?? refuse(`请上传${FIELD_LABELS.idBackFileId}`);
  await assertOwnFiles(db, scope, { licenceFileId, idFrontFileId, idBackFileId });

  const account = await validateAccount(db, input, enterpriseName);
  const normalizedId = idCard.normalized.length === 15 ? idCard15to18(idCard.normalized) : idCard.normalized;
  return {
    enterpriseName,
    uscc: (uscc as Extract<typeof uscc, { ok: true }>).normalized,
    registeredAddress,
    legalName,
    legalIdCard: normalizedId,
    legalBirthDate: idCard.birthDate,
    legalGender: idCard.gender,
    contactName,
    contactMobile,
    contactEmail: contactEmail.toLowerCase(),
    licenceFileId,
    idFrontFileId,
    idBackFileId,
    ...account,
  };
}

/** Files referenced by a submission must be the enterprise's own uploads (a foreign or unknown id reads the same). */
export async function assertOwnFiles(
  db: Db,
  scope: EnterpriseScope,
  files: Partial<Record<'licenceFileId' | 'idFrontFileId' | 'idBackFileId' | 'proofFileId', number | null>>,
) {
  const entries = Object.entries(files).filter((e): e is [string, number] => typeof e[1] === 'number');
  const own = await ownUploads(
    db,
    scope,
    entries.map(([, id]) => id),
  );
  for (const [key, id] of entries) {
    if (!own.some((f) => f.id === id)) {
      const label = key === 'proofFileId' ? '证明材料' : FIELD_LABELS[key as keyof typeof FIELD_LABELS];
      refuse(`${label}附件不存在，请重新上传`);
    }
  }
}
