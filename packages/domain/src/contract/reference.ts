// Reference lists (SPEC §5): divisions, banks and bank branches, the dictionary.
import { z } from 'zod';
import { pageOf, pageQuerySchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;

/** `name` arrives URL-encoded twice (SPEC §5); decoded once more here, then checked like any text. */
function twiceEncoded(label: string, max: number) {
  return textSchema(600, label, { required: false })
    .transform((value) => {
      try {
        return decodeURIComponent(value).trim();
      } catch {
        return value;
      }
    })
    .refine((value) => !CONTROL_CHARS.test(value), `${label}含有不允许的控制字符`)
    .transform((value) => value.slice(0, max))
    .optional();
}

export const citiesQuery = z.object({
  provinceCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '省份代码应为6位数字'),
});
export const branchSearchQuery = pageQuerySchema.extend({
  bankCode: z
    .string()
    .trim()
    .regex(/^\d{3}$/, '银行代码应为3位数字')
    .optional(),
  area_id: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '城市代码应为6位数字')
    .optional(),
  name: twiceEncoded('网点名称', 100),
});
export const branchNameQuery = z.object({
  unionBanckNo: z
    .string()
    .trim()
    .regex(/^\d{12}$/, '联行号应为12位数字'),
});
export const dictionaryQuery = z.object({ type: textSchema(64, '字典类型') });

export const areaListSchema = z.array(z.object({ code: z.string(), name: z.string() }));
export const bankListSchema = z.array(z.object({ code: z.string(), name: z.string(), fullName: z.string() }));
export const branchPageSchema = pageOf(z.object({ unionBankNo: z.string(), name: z.string(), bankCode: z.string(), cityCode: z.string() }));
export const dictionarySchema = z.array(z.object({ value: z.string(), label: z.string() }));

// The operations (issue 23): open to anyone (the registration and certification forms use them).
const tag = 'reference';

export const referenceApi = {
  provinces: endpoint({
    method: 'GET',
    path: '/api/area/queryArea',
    tag,
    access: 'public',
    summary: '省份列表（GB/T 2260）',
    answer: areaListSchema,
  }),
  cities: endpoint({
    method: 'GET',
    path: '/api/area/queryCity',
    tag,
    access: 'public',
    summary: '省份下的城市',
    query: citiesQuery,
    answer: areaListSchema,
  }),
  banks: endpoint({
    method: 'GET',
    path: '/api/bank/queryBank',
    tag,
    access: 'public',
    summary: '银行列表（含银行代码）',
    answer: bankListSchema,
  }),
  branches: endpoint({
    method: 'GET',
    path: '/api/bank/queryBankBranch',
    tag,
    access: 'public',
    summary: '开户网点检索（name 经两次 URL 编码）',
    query: branchSearchQuery,
    answer: branchPageSchema,
  }),
  branchName: endpoint({
    method: 'GET',
    path: '/api/bank/branchName',
    tag,
    access: 'public',
    summary: '联行号对应的网点名称',
    query: branchNameQuery,
    answer: z.string(),
  }),
  // The dictionary is listed with the system's calls in the API document, as it always was.
  dictionary: endpoint({
    method: 'GET',
    path: '/api/sys/dict/listData',
    tag: 'system',
    access: 'public',
    summary: '字典',
    query: dictionaryQuery,
    answer: dictionarySchema,
  }),
};
