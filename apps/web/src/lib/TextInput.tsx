import { Input, type InputProps } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import type { ChangeEvent, FocusEvent } from 'react';

/**
 * How a length limit shows: a counter once the text nears the limit, red past it. The text is
 * never cut (a bare `maxLength` would silently drop what was typed or pasted); the field's
 * `maxCharsRule` refuses it with a message. `show` is a function, not a boolean that flips: a
 * flip would re-mount the input mid-typing and lose its focus (and the blur that validates).
 */
export function limitCount(max: number | undefined) {
  if (max === undefined) return undefined;
  return {
    max,
    show: ({ count }: { count: number }) => (count > max || (max >= 20 && count >= max * 0.8) ? `${count} / ${max}` : null),
  };
}

type Trimmable = { value?: string | null; maxLength?: number };

function trimmedOnBlur<E extends HTMLInputElement | HTMLTextAreaElement>(
  onChange?: (e: ChangeEvent<E>) => void,
  onBlur?: (e: FocusEvent<E>) => void,
) {
  return (e: FocusEvent<E>) => {
    const trimmed = e.target.value.trim();
    // Through onChange, not form.setFieldValue: the field's error stays until the text is fixed.
    if (trimmed !== e.target.value && onChange) onChange({ ...e, target: { ...e.target, value: trimmed } } as unknown as ChangeEvent<E>);
    onBlur?.(e);
  };
}

/** SPEC §5: a text input trimmed on blur; `maxLength` is a limit shown, not a cut. */
export function TrimInput({ onBlur, onChange, value, maxLength, ...rest }: Omit<InputProps, 'value'> & Trimmable) {
  const text = value ?? '';
  return <Input {...rest} value={text} onChange={onChange} count={limitCount(maxLength)} onBlur={trimmedOnBlur(onChange, onBlur)} />;
}

/** The multi-line TrimInput. */
export function TrimTextArea({ onBlur, onChange, value, maxLength, ...rest }: Omit<TextAreaProps, 'value'> & Trimmable) {
  const text = value ?? '';
  return (
    <Input.TextArea {...rest} value={text} onChange={onChange} count={limitCount(maxLength)} onBlur={trimmedOnBlur(onChange, onBlur)} />
  );
}
