import type { z } from 'zod';

/**
 * An antd Form rule from a field's schema in the API contract (`@factoring/domain/contract`), so a
 * form checks exactly what the server will: the first issue's Chinese message is the field error.
 */
export function schemaRule(schema: z.ZodType) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}
