// Unified social credit code (统一社会信用代码), GB 32100-2015; format per SPEC §5.

export type UsccValidation = { ok: true; normalized: string } | { ok: false; message: string };

// The code alphabet: digits and capitals without I, O, Z, S, V; a character's index is its value.
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const C = '[0-9A-HJ-NPQRTUWXY]';
const FORMAT = new RegExp(`^${C}{2}\\d{6}${C}{10}$`);

/** The 18th character for the first 17 characters. */
export function usccCheckChar(first17: string): string {
  const code = String(first17 ?? '').toUpperCase();
  if (code.length !== 17) throw new Error('统一社会信用代码前17位长度不正确');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = ALPHABET.indexOf(code[i]);
    if (value < 0) throw new Error('统一社会信用代码包含无效字符');
    sum += value * WEIGHTS[i];
  }
  return ALPHABET[(31 - (sum % 31)) % 31];
}

/** Validates and upper-cases a code; a wrong check character gets its own message. */
export function validateUscc(text: string): UsccValidation {
  const code = String(text ?? '')
    .trim()
    .toUpperCase();
  if (code === '') return { ok: false, message: '请输入统一社会信用代码' };
  if (code.length !== 18) {
    return { ok: false, message: `统一社会信用代码应为18位，当前为${code.length}位` };
  }
  if (/[IOZSV]/.test(code)) {
    return { ok: false, message: '统一社会信用代码不能包含字母I、O、Z、S、V' };
  }
  if (!FORMAT.test(code)) {
    return { ok: false, message: '统一社会信用代码格式不正确：前2位为数字或字母，第3至8位为数字，后10位为数字或字母' };
  }
  if (usccCheckChar(code.slice(0, 17)) !== code[17]) {
    return { ok: false, message: '统一社会信用代码校验位不正确' };
  }
  return { ok: true, normalized: code };
}

export function isValidUscc(text: string): boolean {
  return validateUscc(text).ok;
}
