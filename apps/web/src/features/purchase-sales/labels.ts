import { ORDER_KIND_LABELS, ORDER_STATUS_LABELS, ORDER_TAX_RATES_PPM, type OrderStatus } from '@factoring/domain';

export { ORDER_KIND_LABELS, ORDER_STATUS_LABELS };

/** Tag colours by status: work to do is blue/orange, finished green, ended grey. */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  DRAFT: 'default',
  SUBMITTED: 'orange',
  CONFIRMED: 'blue',
  DELIVERED: 'cyan',
  RECEIVED: 'cyan',
  PAID: 'green',
  CLOSED: 'default',
  CANCELLED: 'default',
};

export const TAX_RATE_OPTIONS = ORDER_TAX_RATES_PPM.map((ppm) => ({ value: ppm, label: `${ppm / 10_000}%` }));

export const PAYMENT_METHOD_LABELS = { TARGETED: '定向支付', OFFLINE: '线下回款', FACTOR_COLLECTION: '平台回款' } as const;
