import type { FormProps } from 'antd';
import { useCallback, useState } from 'react';

type FieldData = Parameters<NonNullable<FormProps['onFieldsChange']>>[1][number];

/**
 * A field is checked when the user leaves it (not at every keystroke), and once it shows an error
 * it is checked as it is typed in too, so the error stays until the text is fixed and then goes.
 * Use: `<Form onFieldsChange={blur.onFieldsChange}>` and `<Form.Item validateTrigger={blur.trigger(name)}>`.
 */
export function useBlurValidation() {
  const [failing, setFailing] = useState<ReadonlySet<string>>(new Set());
  const onFieldsChange = useCallback((_: unknown, all: FieldData[]) => {
    const now = new Set(all.filter((f) => f.errors?.length).map((f) => [f.name].flat().join('.')));
    setFailing((before) => (before.size === now.size && [...now].every((n) => before.has(n)) ? before : now));
  }, []);
  const trigger = useCallback((name: string) => (failing.has(name) ? ['onBlur', 'onChange'] : ['onBlur']), [failing]);
  return { onFieldsChange, trigger };
}
