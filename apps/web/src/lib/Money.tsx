import { formatYuan } from '@factoring/domain';
import type { CSSProperties } from 'react';

/**
 * An amount in cents as `¥1,234.50` (or `1,234.50` with `symbol={false}`, under a 「（元）」 heading)
 * kept on one line: table cells break long words anywhere (`overflow-wrap: break-word`), which at
 * 390 px left "¥" or half a number alone on a line. The one way every page shows money in a cell.
 */
export function Money({
  cents,
  symbol = true,
  style,
}: {
  cents: number | string | null | undefined;
  symbol?: boolean;
  style?: CSSProperties;
}) {
  return (
    <span style={{ whiteSpace: 'nowrap', ...style }} data-money="">
      {symbol ? '¥' : ''}
      {formatYuan(cents)}
    </span>
  );
}

/** `render` helper: `render: money` → ¥1,234.50 on one line. */
export const money = (cents: number | string | null | undefined) => <Money cents={cents} />;

/** `render` helper for a column titled 「…（元）」: 1,234.50 on one line. */
export const yuanCell = (cents: number | string | null | undefined) => <Money cents={cents} symbol={false} />;
