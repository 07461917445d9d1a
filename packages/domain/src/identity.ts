// Chinese resident identity card numbers (GB 11643-1999), SPEC §5 and PRODUCT §4.
import { compareIsoDates, isRealDate, todayIso, toIsoDate, type IsoDate } from './dates.ts';

export type Gender = 'M' | 'F';

export type IdCardValidation = { ok: true; normalized: string; birthDate: IsoDate; gender: Gender } | { ok: false; message: string };

// Only the province prefix is checked: numbers issued under since-abolished county codes stay valid.
export const ID_CARD_PROVINCE_CODES: readonly string[] = [
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '91',
];

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';
const EARLIEST_BIRTH_YEAR = 1800;

export function isIdCardProvinceCode(code: string): boolean {
  return ID_CARD_PROVINCE_CODES.includes(code);
}

/** The 18th character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('身份证号码前17位必须是数字');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

function normalize(text: string): string {
  return String(text ?? '')
    .trim()
    .toUpperCase();
}

// Structure only (digits, length); says nothing about the province, date or check character.
function birthParts(id: string): { year: number; month: number; day: number } | null {
  if (/^\d{15}$/.test(id)) {
    return { year: 1900 + Number(id.slice(6, 8)), month: Number(id.slice(8, 10)), day: Number(id.slice(10, 12)) };
  }
  if (/^\d{17}[\dX]$/.test(id)) {
    return { year: Number(id.slice(6, 10)), month: Number(id.slice(10, 12)), day: Number(id.slice(12, 14)) };
  }
  return null;
}

/**
 * Validates a 15- or 18-character ID card number. `today` ('YYYY-MM-DD' or a Date) bounds the
 * birth date; it defaults to the local calendar date.
 */
export function validateIdCard(text: string, today: IsoDate | Date = new Date()): IdCardValidation {
  const id = normalize(text);
  if (id === '') return { ok: false, message: '请输入身份证号码' };
  if (id.length !== 15 && id.length !== 18) {
    return { ok: false, message: `身份证号码应为15位或18位，当前为${id.length}位` };
  }
  if (id.length === 15 && !/^\d{15}$/.test(id)) {
    return { ok: false, message: '15位身份证号码只能由数字组成' };
  }
  if (id.length === 18 && !/^\d{17}[\dX]$/.test(id)) {
    return { ok: false, message: '18位身份证号码前17位应为数字，最后一位应为数字或X' };
  }
  if (!isIdCardProvinceCode(id.slice(0, 2))) {
    return { ok: false, message: '身份证号码前两位不是有效的省份代码' };
  }
  const birth = birthParts(id);
  if (!birth || birth.year < EARLIEST_BIRTH_YEAR || !isRealDate(birth.year, birth.month, birth.day)) {
    return { ok: false, message: '身份证号码中的出生日期无效' };
  }
  const birthDate = toIsoDate(birth);
  const todayText = typeof today === 'string' ? today : todayIso(today);
  if (compareIsoDates(birthDate, todayText) > 0) {
    return { ok: false, message: '身份证号码中的出生日期晚于今天' };
  }
  if (id.length === 18 && idCardCheckChar(id.slice(0, 17)) !== id[17]) {
    return { ok: false, message: '身份证号码校验位不正确' };
  }
  return { ok: true, normalized: id, birthDate, gender: genderDigit(id) % 2 === 1 ? 'M' : 'F' };
}

export function isValidIdCard(text: string, today?: IsoDate | Date): boolean {
  return validateIdCard(text, today).ok;
}

function genderDigit(id: string): number {
  return Number(id.length === 15 ? id[14] : id[16]);
}

/** Converts a 15-digit number to 18 digits (century 19, check character appended). */
export function idCard15to18(text: string): string {
  const id = normalize(text);
  if (!/^\d{15}$/.test(id)) throw new Error('15位身份证号码只能由15位数字组成');
  const first17 = `${id.slice(0, 6)}19${id.slice(6)}`;
  return first17 + idCardCheckChar(first17);
}

/** 'YYYY-MM-DD' from a well-formed number, or null when it holds no real date (check char not verified). */
export function birthDateOfIdCard(text: string): IsoDate | null {
  const birth = birthParts(normalize(text));
  return birth && isRealDate(birth.year, birth.month, birth.day) ? toIsoDate(birth) : null;
}

/** Odd 17th digit (15th for 15-digit numbers) = male; null when the number is malformed. */
export function genderOfIdCard(text: string): Gender | null {
  const id = normalize(text);
  if (!birthParts(id)) return null;
  return genderDigit(id) % 2 === 1 ? 'M' : 'F';
}
