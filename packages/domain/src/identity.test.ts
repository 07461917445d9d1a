import { describe, it, expect } from 'vitest';
import {
  birthDateOfIdCard,
  genderOfIdCard,
  idCard15to18,
  idCardCheckChar,
  isIdCardProvinceCode,
  isValidIdCard,
  validateIdCard,
} from './identity.ts';

const TODAY = '2025-06-30';

function message(text: string, today = TODAY): string {
  const result = validateIdCard(text, today);
  if (result.ok) throw new Error(`expected ${text} to be invalid`);
  return result.message;
}

// Build an 18-digit number with the right check character.
function make(first17: string): string {
  return first17 + idCardCheckChar(first17);
}

describe('idCardCheckChar', () => {
  it('matches published examples', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X'); // GB 11643 sample
    expect(idCardCheckChar('44052418800101001')).toBe('4'); // GB 11643 sample
    expect(idCardCheckChar('11010119900307001')).toBe('1');
  });

  it('rejects non-digits', () => {
    expect(() => idCardCheckChar('1101051949123100')).toThrow();
    expect(() => idCardCheckChar('1101051949123100X')).toThrow();
  });
});

describe('validateIdCard: valid numbers', () => {
  it('accepts an 18-digit number with X and derives birth date and gender', () => {
    expect(validateIdCard('11010519491231002X', TODAY)).toEqual({
      ok: true,
      normalized: '11010519491231002X',
      birthDate: '1949-12-31',
      gender: 'F',
    });
  });

  it('accepts lower-case x and surrounding spaces, normalising', () => {
    expect(validateIdCard(' 11010519491231002x ', TODAY)).toMatchObject({ ok: true, normalized: '11010519491231002X' });
  });

  it('accepts the 1880 GB 11643 example (male)', () => {
    expect(validateIdCard('440524188001010014', TODAY)).toEqual({
      ok: true,
      normalized: '440524188001010014',
      birthDate: '1880-01-01',
      gender: 'M',
    });
  });

  it('accepts a leap day', () => {
    expect(validateIdCard(make('31011520000229002'), TODAY)).toMatchObject({ ok: true, birthDate: '2000-02-29', gender: 'F' });
  });

  it('accepts 15-digit numbers as 19xx with the gender in the 15th digit', () => {
    expect(validateIdCard('110105491231002', TODAY)).toEqual({
      ok: true,
      normalized: '110105491231002',
      birthDate: '1949-12-31',
      gender: 'F',
    });
    expect(validateIdCard('110105800229001', TODAY)).toMatchObject({ ok: true, birthDate: '1980-02-29', gender: 'M' });
  });

  it('accepts every listed province, including 71, 81, 82 and 91', () => {
    for (const code of ['11', '15', '21', '23', '31', '37', '41', '46', '50', '54', '61', '65', '71', '81', '82', '91']) {
      expect(validateIdCard(make(`${code}010119900101001`), TODAY).ok).toBe(true);
    }
  });

  it('does not reject an unknown or abolished six-digit region code', () => {
    expect(validateIdCard(make('11999919900101001'), TODAY).ok).toBe(true);
    expect(validateIdCard(make('35000019900101001'), TODAY).ok).toBe(true);
  });

  it('accepts a birth date of today', () => {
    expect(validateIdCard(make('11010520250630001'), TODAY).ok).toBe(true);
  });

  it('takes today as a Date too, defaulting to now', () => {
    expect(validateIdCard(make('11010520250701001'), new Date(2025, 6, 1, 12)).ok).toBe(true);
    expect(validateIdCard('11010519491231002X').ok).toBe(true);
    expect(isValidIdCard('11010519491231002X')).toBe(true);
  });
});

describe('validateIdCard: invalid numbers', () => {
  it('asks for a number when empty', () => {
    expect(message('')).toBe('请输入身份证号码');
    expect(message('   ')).toBe('请输入身份证号码');
  });

  it.each(['1', '11010519491231002', '11010519491231002X1', '1101054912310', '1101054912310021'])('rejects length of %s', (text) => {
    expect(message(text)).toBe(`身份证号码应为15位或18位，当前为${text.length}位`);
  });

  it.each(['11010549123100X', '1101054912310O2', '11010549123100a'])('rejects non-digits in 15-digit %s', (text) => {
    expect(message(text)).toBe('15位身份证号码只能由数字组成');
  });

  it.each(['1101051949123100XX', '11010519491231002Y', 'A1010519491231002X', '110105194912310 2X', '1101051949-231002X'])(
    'rejects malformed 18-digit %s',
    (text) => {
      expect(message(text)).toBe('18位身份证号码前17位应为数字，最后一位应为数字或X');
    },
  );

  it.each(['00', '10', '16', '20', '24', '30', '38', '40', '47', '49', '55', '60', '66', '70', '72', '80', '83', '90', '92', '99'])(
    'rejects province code %s',
    (code) => {
      expect(isIdCardProvinceCode(code)).toBe(false);
      expect(message(make(`${code}010519491231002`))).toBe('身份证号码前两位不是有效的省份代码');
      expect(message(`${code}0105491231002`)).toBe('身份证号码前两位不是有效的省份代码');
    },
  );

  it.each([
    '11010520230229001', // not a leap year
    '11010519000229001', // 1900 is not a leap year
    '11010519901301001', // month 13
    '11010519900001001', // month 0
    '11010519900431001', // 31 April
    '11010519900100001', // day 0
    '11010517991231001', // before 1800
  ])('rejects the birth date in %s', (first17) => {
    expect(message(make(first17))).toBe('身份证号码中的出生日期无效');
  });

  it('rejects an impossible 15-digit birth date', () => {
    expect(message('110105810229001')).toBe('身份证号码中的出生日期无效');
    expect(message('110105901301001')).toBe('身份证号码中的出生日期无效');
  });

  it('rejects a birth date after today', () => {
    expect(message(make('11010520250701001'))).toBe('身份证号码中的出生日期晚于今天');
    expect(message(make('11010530000101001'))).toBe('身份证号码中的出生日期晚于今天');
  });

  it.each(['110105194912310021', '110105194912310020', '440524188001010015', '44052418800101001X'])(
    'rejects the wrong check character in %s',
    (text) => {
      expect(message(text)).toBe('身份证号码校验位不正确');
    },
  );

  it('catches every single-digit typo in a valid number', () => {
    const valid = '440524188001010014';
    for (let i = 14; i < 17; i += 1) {
      const digit = Number(valid[i]);
      const typo = `${valid.slice(0, i)}${(digit + 1) % 10}${valid.slice(i + 1)}`;
      expect(validateIdCard(typo, TODAY).ok).toBe(false);
    }
  });
});

describe('conversion and extraction', () => {
  it('converts 15 to 18 digits', () => {
    expect(idCard15to18('110105491231002')).toBe('11010519491231002X');
    expect(idCard15to18('440524800101001')).toBe(make('44052419800101001'));
    expect(validateIdCard(idCard15to18('110105800229001'), TODAY)).toMatchObject({ ok: true, birthDate: '1980-02-29', gender: 'M' });
  });

  it.each(['', '11010549123100', '11010519491231002X', '11010549123100X'])('refuses to convert %j', (text) => {
    expect(() => idCard15to18(text)).toThrow('15位身份证号码只能由15位数字组成');
  });

  it('extracts the birth date', () => {
    expect(birthDateOfIdCard('11010519491231002X')).toBe('1949-12-31');
    expect(birthDateOfIdCard('11010519491231002x')).toBe('1949-12-31');
    expect(birthDateOfIdCard('110105491231002')).toBe('1949-12-31');
    expect(birthDateOfIdCard('11010520230229001X')).toBeNull();
    expect(birthDateOfIdCard('1101051949123')).toBeNull();
    expect(birthDateOfIdCard('abc')).toBeNull();
  });

  it('extracts the gender from the 17th (or 15th) digit', () => {
    expect(genderOfIdCard('11010519491231002X')).toBe('F');
    expect(genderOfIdCard('440524188001010014')).toBe('M');
    expect(genderOfIdCard('110105491231002')).toBe('F');
    expect(genderOfIdCard('110105491231001')).toBe('M');
    expect(genderOfIdCard('12345')).toBeNull();
  });
});
