import { yuan } from '../../lib/money.ts';

/** An amount in cents as ¥ yuan that never wraps inside a table cell. */
export function money(cents: number | null | undefined) {
  return <span style={{ whiteSpace: 'nowrap' }}>{yuan(cents)}</span>;
}
