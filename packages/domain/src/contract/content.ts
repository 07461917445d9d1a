// Public content: FAQ (edited by operators) and the configured embedded pages; the operators' outbox.
import { z } from 'zod';
import { idSchema, intSchema, optionalTextSchema, pageOf, textSchema } from './common.ts';
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
