// Public content: FAQ (edited by operators) and the configured embedded pages; the operators' outbox.
import { z } from 'zod';
import { doneSchema, idSchema, intSchema, optionalTextSchema, pageOf, pageQuerySchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { timestampSchema } from './time.ts';

const flag = (fallback: 'true' | 'false') =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(fallback)
    .transform((v) => v === true || v === 'true');

export const faqQuery = z.object({ keyword: optionalTextSchema(50, '关键字') });
/** What an operator may write: plain text (the web renders it as text, never as HTML). */
export const faqInput = z.object({
  id: idSchema('问题').optional(),
  groupName: textSchema(20, '分组'),
  question: textSchema(200, '问题', { min: 2 }),
  answer: textSchema(2000, '答案', { min: 2, multiline: true }),
  sortOrder: intSchema('排序', 0, 100_000).default(0),
  highlight: flag('false'),
  published: flag('true'),
});
export type FaqInput = z.output<typeof faqInput>;
export const faqDeleteBody = z.object({ id: idSchema('问题') });
export const embedParams = z.object({ index: z.string().max(50) });

export const faqGroupsSchema = z.array(
  z.object({
    group: z.string(),
    items: z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string(), highlight: z.boolean() })),
  }),
);
export const faqSchema = z.object({
  id: z.number().int(),
  groupName: z.string(),
  question: z.string(),
  answer: z.string(),
  sortOrder: z.number().int(),
  highlight: z.boolean(),
  published: z.boolean(),
  updatedAt: timestampSchema,
});
export const embedSchema = z.object({ index: z.number().int(), title: z.string(), url: z.string() });

export const outboxPageSchema = pageOf(
  z.object({
    id: z.number().int(),
    toAddress: z.string(),
    subject: z.string(),
    body: z.string(),
    status: z.enum(['LOCAL', 'FAILED']),
    error: z.string().nullable(),
    createdAt: timestampSchema,
  }),
);

// The operations (issue 23) ------------------------------------------------------------------------

const tag = 'content';

export const contentApi = {
  faq: endpoint({
    method: 'GET',
    path: '/api/content/faq',
    tag,
    access: 'public',
    summary: '常见问题（分组，可按关键字搜索）',
    query: faqQuery,
    answer: faqGroupsSchema,
  }),
  manageFaqs: endpoint({
    method: 'GET',
    path: '/api/content/faq/manage',
    tag,
    access: 'operator',
    summary: '全部常见问题（含未发布，运营人员）',
    answer: z.array(faqSchema),
  }),
  saveFaq: endpoint({
    method: 'POST',
    path: '/api/content/faq/save',
    tag,
    access: 'operator',
    summary: '新增或修改常见问题（运营人员）',
    body: faqInput,
    answer: faqSchema,
  }),
  deleteFaq: endpoint({
    method: 'POST',
    path: '/api/content/faq/delete',
    tag,
    access: 'operator',
    summary: '删除常见问题（运营人员）',
    body: faqDeleteBody,
    answer: doneSchema,
  }),
  embed: endpoint({
    method: 'GET',
    path: '/api/content/embed/:index',
    tag,
    access: 'public',
    summary: '嵌入页面（按序号取配置列表中的一项）',
    params: embedParams,
    answer: embedSchema,
  }),
};

/** The local outbox, read in the back office (tag `bpm`: the web refreshes it with the inbox, `['bpm']`). */
export const mailApi = {
  outbox: endpoint({
    method: 'GET',
    path: '/api/bpm/outbox',
    tag: 'bpm',
    access: 'operator',
    summary: '本地发件箱（未配置 SMTP 时的邮件，仅运营人员）',
    query: pageQuerySchema,
    answer: outboxPageSchema,
  }),
};
