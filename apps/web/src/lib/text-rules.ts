/** Why a text is refused for its length, or null: what was typed is kept, and the user told. */
export function tooLong(label: string, value: unknown, max: number): string | null {
  const length = typeof value === 'string' ? value.trim().length : 0;
  return length > max ? `${label}不能超过 ${max} 个字（已输入 ${length} 个）` : null;
}

/** antd Form rule of a text field's length limit (with `TrimInput maxLength`, which never cuts). */
export function maxCharsRule(label: string, max: number) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const problem = tooLong(label, value, max);
      if (problem) throw new Error(problem);
    },
  };
}
