import { Input, Space, Typography } from 'antd';

interface Props {
  /** What the field is, with its batch: `质押数量 RB2610-01` (its accessible name). */
  label: string;
  /** Makes the error's element id unique on the page. */
  errorId: string;
  value: string | undefined;
  available: string;
  unit: string;
  /** What is wrong with the value as typed (quantity.ts), or null. */
  problem: string | null;
  onChange: (value: string) => void;
}

/**
 * A goods quantity as typed, never changed behind the user's back: the unit beside it, and what is
 * wrong with it (over the stock, negative, not a number) right under it, announced to screen readers.
 */
export function QuantityInput({ label, errorId, value, available, unit, problem, onChange }: Props) {
  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          inputMode="decimal"
          placeholder={`最多 ${available}`}
          value={value ?? ''}
          status={problem ? 'error' : undefined}
          aria-label={label}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <Space.Addon>{unit}</Space.Addon>
      </Space.Compact>
      {problem && (
        <Typography.Text type="danger" id={errorId} role="alert" style={{ display: 'block', fontSize: 12 }}>
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
