// What several operations of the warehouse use: the fields of its forms (an idempotency key, lists of
// ids, an optional id, a credit code), the marks of a replayed write, and the answers several writes share
// (index.ts re-exports those by name; the rest is used inside the area, not names of the contract).
import { z } from 'zod';
import { validateUscc } from '../../uscc.ts';
import { idSchema, textSchema } from '../common.ts';

export const tag = 'warehouse';

export const idempotencyKey = z.string({ error: '缺少幂等键' }).max(200).optional();

/** Ids as a JSON array or comma-separated text (form bodies). */
export const idList = (label: string, max = 20) =>
  z
    .union([z.array(z.union([z.number(), z.string()])), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter((s) => s.trim() !== '')))
    .pipe(z.array(idSchema(label)).max(max, `${label}最多 ${max} 个`));

/** An optional id: absent, empty (a cleared form field) or null all mean "not given". */
export const optionalId = (label: string) =>
  z
    .union([z.literal(''), z.null(), idSchema(label)])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v));

/** A unified social credit code, checked by GB 32100 and upper-cased. */
export const usccSchema = (label: string) =>
  textSchema(18, label).transform((v, ctx) => {
    const r = validateUscc(v);
    if (r.ok) return r.normalized;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  });

/**
 * A stock-changing call runs once per idempotency key: a replay answers the first result as a WARN,
 * marked `replayed` with a notice (nothing moves twice).
 */
export const replayFields = {
  replayed: z.boolean().optional(),
  notice: z.string().optional(),
};

/** What a write that only creates a record answers: its id. */
export const warehouseCreatedSchema = z.object({ id: z.number() });

/** What a stock movement answers: its operation number, the movements it wrote and the position. */
export const movementResultSchema = z.object({ operationNo: z.string(), movementIds: z.array(z.number()), positionId: z.number() });

export const stockMovedSchema = movementResultSchema.extend(replayFields);
