import { describe, expect, it } from 'vitest';
import { centsSchema, idSchema, intSchema, isoDateSchema, MAX_ID, quantitySchema, textSchema } from './common.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('idSchema', () => {
  it('accepts positive int4 integers as numbers or digits', () => {
    expect(idSchema().parse(7)).toBe(7);
    expect(idSchema().parse(' 42 ')).toBe(42);
    expect(idSchema().parse(String(MAX_ID))).toBe(MAX_ID);
  });
  it.each([0, -1, 1.5, MAX_ID + 1, '2147483648', '0x10', '1e3', true, '', null])('refuses %s', (value) => {
    expect(messageOf(idSchema('平台').safeParse(value))).toMatch(/平台/);
  });
});

describe('centsSchema: integer cents, strictly', () => {
  it('accepts integers and integer text', () => {
    expect(centsSchema().parse(100)).toBe(100);
    expect(centsSchema().parse('250000')).toBe(250000);
    expect(centsSchema('费用', { allowZero: true }).parse(0)).toBe(0);
  });
  it.each([
    ['0x10', '格式不正确'],
    ['1e3', '格式不正确'],
    [true, '格式不正确'],
    ['abc', '格式不正确'],
    [undefined, '请输入提现金额'],
    ['', '请输入提现金额'],
    [0, '必须大于0'],
    [-5, '必须大于0'],
    [123.4, '最多两位小数'],
    ['100.5', '最多两位小数'],
    [2 ** 60, '超出允许范围'],
    ['9007199254740993', '超出允许范围'],
  ])('refuses %s with "%s"', (value, message) => {
    expect(messageOf(centsSchema('提现金额').safeParse(value))).toContain(message);
  });
  it('honours a maximum', () => {
    expect(messageOf(centsSchema('金额', { max: 100 }).safeParse(101))).toContain('超出允许范围');
  });
});

describe('textSchema', () => {
  it('trims and bounds', () => {
    expect(textSchema(5, '名称').parse('  ab ')).toBe('ab');
    expect(messageOf(textSchema(5, '名称').safeParse('abcdef'))).toBe('名称不能超过 5 个字符');
    expect(messageOf(textSchema(5, '名称').safeParse('   '))).toBe('请输入名称');
  });
  it('refuses control characters, allowing line breaks only in multi-line text', () => {
    expect(messageOf(textSchema(50, '名称').safeParse('a\u0000b'))).toBe('名称含有不允许的控制字符');
    expect(messageOf(textSchema(50, '名称').safeParse('a\nb'))).toBe('名称含有不允许的控制字符');
    expect(textSchema(50, '备注', { multiline: true }).parse('a\nb')).toBe('a\nb');
    expect(messageOf(textSchema(50, '备注', { multiline: true }).safeParse('a\u0007b'))).toBe('备注含有不允许的控制字符');
  });
});

describe('intSchema and quantitySchema never round', () => {
  it.each([
    ['0', '应在'],
    ['-3', '应在'],
    ['1.5', '必须是整数'],
    ['abc', '必须是整数'],
  ])('term %s', (value, message) => {
    expect(messageOf(intSchema('期限', 1, 360).safeParse(value))).toContain(message);
  });
  it('quantities are exact decimal text', () => {
    expect(quantitySchema('数量', 3).parse('012.500')).toBe('12.500');
    expect(quantitySchema().parse(3)).toBe('3');
    expect(messageOf(quantitySchema().safeParse('1.2345'))).toContain('最多 3 位小数');
    expect(messageOf(quantitySchema().safeParse('-1'))).toContain('必须大于0');
    expect(messageOf(quantitySchema().safeParse('0.000'))).toContain('必须大于0');
    expect(messageOf(quantitySchema().safeParse('1e3'))).toContain('格式不正确');
  });
});

describe('isoDateSchema', () => {
  it('accepts real dates only', () => {
    expect(isoDateSchema().parse('2028-02-29')).toBe('2028-02-29');
    expect(isoDateSchema().safeParse('2026-02-29').success).toBe(false);
    expect(isoDateSchema().safeParse('2026-2-1').success).toBe(false);
  });
});

describe('issue 12: full-width digits from a Chinese input method are read as ASCII', () => {
  it('ids, cents, integers and quantities', () => {
    expect(idSchema().parse('００１')).toBe(1);
    expect(centsSchema().parse('１２３４５')).toBe(12_345);
    expect(intSchema('融资期限', 1, 180).parse('\u3000６０ ')).toBe(60);
    expect(quantitySchema('数量', 3).parse('１２．５')).toBe('12.5');
  });
  it('still refuses what it refused in ASCII, with the same message', () => {
    expect(messageOf(intSchema('融资期限', 1, 180).safeParse('１．５'))).toBe('融资期限必须是整数');
    expect(messageOf(intSchema('融资期限', 1, 180).safeParse('０'))).toBe('融资期限应在 1 到 180 之间');
    expect(messageOf(centsSchema('金额').safeParse('－１'))).toBe('金额必须大于0');
  });
});
