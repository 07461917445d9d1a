import {
  zoneRefusal,
  formatQuantity,
  MOVEMENT_KIND_LABELS,
  parseQuantity,
  QuantityError,
  receiptLifecycle,
  stockTakeLifecycle,
} from '@factoring/domain';

/** A quantity with the unit's decimals and thousands separators: `1,050.250 吨`. */
export const qtyText = (value: string | null | undefined, scale: number, unit?: string) =>
  `${formatQuantity(value ?? '0', scale)}${unit ? ` ${unit}` : ''}`;

/** An antd Form rule checking a quantity against the unit's decimals exactly as the server does. */
export const quantityRule = (scale: () => number | undefined, label: string) => ({
  validator: async (_: unknown, value: unknown) => {
    const s = scale();
    if (s === undefined) return;
    try {
      parseQuantity(value, s, label);
    } catch (err) {
      throw new Error(err instanceof QuantityError ? err.message : `${label}格式不正确`, { cause: err });
    }
  },
});

export const MOVEMENT_KIND_OPTIONS = [
  { value: 'IN_OUT', label: '出入库' },
  ...Object.entries(MOVEMENT_KIND_LABELS).map(([value, label]) => ({ value, label })),
];

export const RECEIPT_STATUS_COLORS: Record<string, string> = {
  LIVE: 'green',
  PLEDGED: 'gold',
  CANCEL_PENDING: 'orange',
  SPLIT: 'default',
  MERGED: 'default',
  CANCELLED: 'default',
};
export const receiptStatusOptions = receiptLifecycle.states.map((s) => ({ value: s, label: receiptLifecycle.label(s) }));
export const STOCK_TAKE_COLORS: Record<string, string> = {
  PENDING: 'processing',
  APPROVED: 'green',
  REJECTED: 'red',
  NO_DIFFERENCE: 'default',
};
export const stockTakeLabel = (s: string) => stockTakeLifecycle.label(s);

/** Codes of stock refusals that belong to the quantity field of a form. */
export const QUANTITY_CODES = new Set([
  'STOCK_NOT_AVAILABLE',
  'STOCK_NOT_PLEDGED',
  'STOCK_NOT_FROZEN',
  'QUANTITY_PRECISION',
  'QUANTITY_NOT_POSITIVE',
  'QUANTITY_FORMAT',
  'QUANTITY_RANGE',
  'RELEASE_ORDER_EXCEEDED',
]);

/** A signed delta of a bucket in a movement row: `+12.500` / `−3.000` / empty for zero. */
export function deltaText(value: string, scale: number): string {
  const n = value.trim();
  if (/^-?0(\.0+)?$/.test(n)) return '';
  return n.startsWith('-') ? `−${formatQuantity(n.slice(1), scale)}` : `+${formatQuantity(n, scale)}`;
}

/** Codes of refusals that belong to the form's location field (a zone of another goods category …). */
export const LOCATION_CODES = new Set(['LOCATION_ZONE_MISMATCH', 'LOCATION_NOT_IN_WAREHOUSE']);

/**
 * An antd Form rule on a location field: goods go only into a zone (库区) of their category, checked
 * exactly as the server does (issue 24: steel into the non-ferrous zone).
 */
export const zoneRule = (
  pick: () => {
    location?: { code: string; name: string | null };
    acceptedCategories?: string;
    goods?: { name: string; category: string };
  },
) => ({
  validator: async () => {
    const { location, acceptedCategories, goods } = pick();
    if (!location || acceptedCategories === undefined || !goods) return;
    const refusal = zoneRefusal(location, acceptedCategories, goods);
    if (refusal) throw new Error(refusal);
  },
});
