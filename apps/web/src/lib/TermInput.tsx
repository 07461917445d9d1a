import { InputNumber, type InputNumberProps } from 'antd';
import { normalizeYuanText } from './money.ts';

/**
 * A term in days or months. Unlike a bare InputNumber with min/precision it keeps what was typed
 * (0, -3, 1.5) so `termRule` can refuse it with a message; full-width digits are read as digits.
 */
export function TermInput(props: Omit<InputNumberProps<number>, 'min' | 'max' | 'precision'>) {
  return (
    <InputNumber<number>
      style={{ width: '100%' }}
      inputMode="numeric"
      parser={(text) => {
        const t = normalizeYuanText(text ?? '');
        return t === '' ? (undefined as unknown as number) : Number(t);
      }}
      {...props}
    />
  );
}
