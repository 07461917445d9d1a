import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
// The bare input (in the admin shell already), not antd's Input with its Search, Password and OTP.
import Input from 'antd/es/input/Input';
import type { RangePickerProps } from 'antd/es/date-picker';
import { useEffect, useState, type ComponentType } from 'react';

/** antd's range picker with a date format at the default size, measured: the swap moves nothing. */
const RANGE_PICKER_WIDTH = 292;

let RangePicker: ComponentType<RangePickerProps> | undefined;
let loading: Promise<void> | undefined;

/** antd's date picker (calendar panels, dayjs plugins: ~30 KB on the wire), fetched once. */
function loadRangePicker(): Promise<void> {
  loading ??= import('./date-picker.ts').then((m) => {
    RangePicker = m.DatePicker.RangePicker;
  });
  return loading;
}

/**
 * antd's `DatePicker.RangePicker`, loaded when the user reaches for it (pointer over it, focus, a
 * touch) rather than with the page: a list's date filter is closed on first paint, and the calendar
 * is a third of a table page's first-load budget (issue 11). Until then an input of the same size
 * shows the same placeholders, arrow and calendar icon; a click or focus on it opens the real
 * picker as soon as it has arrived. Props (value, onChange from a Form.Item…) go to the real picker.
 */
export function DateRangePicker(props: RangePickerProps) {
  const { token } = theme.useToken();
  const [ready, setReady] = useState(RangePicker !== undefined);
  const [openWhenReady, setOpenWhenReady] = useState(false);
  // A value set before the picker arrived (a restored filter) must show: load at once then.
  const hasValue = Array.isArray(props.value) && props.value.some(Boolean);
  useEffect(() => {
    if (hasValue && !ready) void loadRangePicker().then(() => setReady(true));
  }, [hasValue, ready]);

  // Never wider than where it sits (a filter row in a card at 390 px), before and after loading.
  const style = { width: RANGE_PICKER_WIDTH, maxWidth: '100%', minWidth: 0, ...props.style };
  if (ready && RangePicker)
    return <RangePicker {...props} style={style} {...(openWhenReady ? { defaultOpen: true, autoFocus: true } : {})} />;

  const load = () => void loadRangePicker().then(() => setReady(true));
  const open = () => {
    setOpenWhenReady(true);
    load();
  };
  const [from, to] = Array.isArray(props.placeholder) ? props.placeholder : ['开始日期', '结束日期'];
  const muted = { color: token.colorTextQuaternary };
  return (
    <Input
      readOnly
      aria-label={`${from} 至 ${to}`}
      aria-busy={openWhenReady}
      disabled={props.disabled === true}
      onPointerEnter={load}
      onTouchStart={load}
      onFocus={open}
      onClick={open}
      prefix={
        <>
          <span style={{ color: token.colorTextPlaceholder }}>{from}</span>
          <SwapRightOutlined style={{ ...muted, marginInline: 8 }} />
        </>
      }
      placeholder={to}
      suffix={<CalendarOutlined style={muted} />}
      style={{ cursor: 'pointer', ...style }}
      data-testid={(props as { 'data-testid'?: string })['data-testid']}
    />
  );
}
