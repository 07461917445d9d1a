import { DownOutlined } from '@ant-design/icons';
import { theme, type SelectProps } from 'antd';
// The bare input (in the admin shell already), not antd's Input with its Search, Password and OTP.
import Input from 'antd/es/input/Input';
import { useEffect, useState, type ComponentType, type KeyboardEvent } from 'react';

type AnySelectProps = SelectProps<unknown, never>;

let RealSelect: ComponentType<AnySelectProps> | undefined;
let loading: Promise<void> | undefined;

/** antd's Select (selector, option list, virtual list: ~18 KB on the wire), fetched once. */
export function loadSelect(): Promise<void> {
  loading ??= import('antd/es/select').then((m) => {
    RealSelect = m.default as unknown as ComponentType<AnySelectProps>;
  });
  return loading;
}

const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null);

/** Keys that open a closed antd Select. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * antd's `Select` for a list's filter bar, loaded when the user reaches for it (pointer over it,
 * focus, a touch) rather than with the page, as `DateRangePicker` does: a filter is closed on first
 * paint, and the Select is ~18 KB of a list page's first-load budget (issue 38). Until then an input
 * of the same size shows the same placeholder and arrow; a click (or Enter, Space, an arrow key) on it
 * opens the real Select as soon as it has arrived, a focus focuses it. A value set before it arrived
 * (a restored filter) loads it at once. Props go to the real Select unchanged.
 */
export function FilterSelect<V, O extends object = object>(props: SelectProps<V, O>) {
  const { token } = theme.useToken();
  const [ready, setReady] = useState(RealSelect !== undefined);
  const [wanted, setWanted] = useState<'focus' | 'open' | null>(null);
  const hasValue = isSet(props.value);
  useEffect(() => {
    if (hasValue && !ready) void loadSelect().then(() => setReady(true));
  }, [hasValue, ready]);

  if (ready && RealSelect) {
    const Select = RealSelect as unknown as ComponentType<SelectProps<V, O>>;
    const extra = wanted === 'open' ? { defaultOpen: true, autoFocus: true } : wanted === 'focus' ? { autoFocus: true } : {};
    return <Select {...props} {...extra} />;
  }

  const load = () => void loadSelect().then(() => setReady(true));
  const want = (what: 'focus' | 'open') => {
    setWanted((was) => (was === 'open' ? was : what));
    load();
  };
  const label = hasValue
    ? (props.options ?? [])
        .filter((o) => (o as { value?: unknown }).value === props.value)
        .map((o) => String((o as { label?: unknown }).label ?? ''))[0]
    : undefined;
  const { 'aria-label': ariaLabel, 'data-testid': testId } = props as { 'aria-label'?: string; 'data-testid'?: string };
  return (
    <Input
      readOnly
      role="combobox"
      aria-label={ariaLabel}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-busy={wanted !== null}
      disabled={props.disabled === true}
      onPointerEnter={load}
      onTouchStart={load}
      onFocus={() => want('focus')}
      onClick={() => want('open')}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPENING_KEYS.has(e.key)) return;
        e.preventDefault();
        want('open');
      }}
      value={label ?? ''}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      suffix={<DownOutlined style={{ color: token.colorTextQuaternary, fontSize: token.fontSizeIcon }} />}
      style={{ cursor: 'pointer', ...props.style }}
      styles={{ input: { cursor: 'pointer', caretColor: 'transparent' } }}
      data-testid={testId}
    />
  );
}
