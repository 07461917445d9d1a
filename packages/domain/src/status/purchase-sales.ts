// The purchase/sales order lifecycle (issue 16): DRAFT → CONFIRMED → DELIVERED (sales) / RECEIVED
// (purchase) → PAID → CLOSED, CANCELLED before delivery. When both sides are enterprises on the
// portal, the creator's confirmation sends the order to the counterparty (SUBMITTED) and only the
// counterparty's confirmation makes it CONFIRMED; the counterparty may send it back to DRAFT.
import { defineLifecycle } from '../state-machine.ts';

export type OrderStatus = 'DRAFT' | 'SUBMITTED' | 'CONFIRMED' | 'DELIVERED' | 'RECEIVED' | 'PAID' | 'CLOSED' | 'CANCELLED';

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  DRAFT: '草稿',
  SUBMITTED: '待对方确认',
  CONFIRMED: '已确认',
  DELIVERED: '已发货',
  RECEIVED: '已收货',
  PAID: '已付清',
  CLOSED: '已关闭',
  CANCELLED: '已取消',
};

export const orderLifecycle = defineLifecycle<OrderStatus>(
  {
    DRAFT: ['SUBMITTED', 'CONFIRMED', 'CANCELLED'],
    SUBMITTED: ['CONFIRMED', 'DRAFT', 'CANCELLED'],
    // Partial deliveries and payments keep an order CONFIRMED; the last line delivered moves it on.
    CONFIRMED: ['DELIVERED', 'RECEIVED', 'CANCELLED'],
    DELIVERED: ['PAID'],
    RECEIVED: ['PAID'],
    PAID: ['CLOSED'],
    CLOSED: [],
    CANCELLED: [],
  },
  ORDER_STATUS_LABELS,
);

export const ORDER_STATUSES = orderLifecycle.states;

/** Which side of an order a viewer is on: the buyer sees a purchase order, the seller a sales order. */
export type OrderSide = 'BUYER' | 'SELLER';
export type OrderKind = 'PURCHASE' | 'SALES';
export const ORDER_KIND_LABELS: Readonly<Record<OrderKind, string>> = { PURCHASE: '采购订单', SALES: '销售订单' };
export const kindOfSide = (side: OrderSide): OrderKind => (side === 'BUYER' ? 'PURCHASE' : 'SALES');
export const sideOfKind = (kind: OrderKind): OrderSide => (kind === 'PURCHASE' ? 'BUYER' : 'SELLER');

/** The status an order reaches when its last line is handed over, as recorded by this side. */
export const fulfilledStatusOf = (side: OrderSide): 'DELIVERED' | 'RECEIVED' => (side === 'BUYER' ? 'RECEIVED' : 'DELIVERED');

/** Statuses in which goods may still be delivered or received and money paid. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['CONFIRMED', 'DELIVERED', 'RECEIVED'];

export interface OrderActionFacts {
  status: string;
  side: OrderSide;
  /** The viewer's enterprise created the order. */
  owner: boolean;
  /** The other side is an enterprise on the portal (its confirmation is needed). */
  counterpartyOnPortal: boolean;
  /** Anything delivered/received or paid already. */
  started: boolean;
  outstanding: number;
  /** The order backs an open order loan: its collection goes to the factor first. */
  financed: boolean;
}

export interface OrderActions {
  edit: boolean;
  /** The creator confirms (or submits to the counterparty). */
  confirm: boolean;
  /** The counterparty confirms or sends back. */
  counterpartyConfirm: boolean;
  fulfil: boolean;
  cancel: boolean;
  /** Targeted payment (buyer). */
  pay: boolean;
  /** Record a collection received outside the platform (seller, not financed). */
  collect: boolean;
  close: boolean;
}

/** The actions a viewer may take on an order now; the server checks the same rules again. */
export function orderActionsOf(f: OrderActionFacts): OrderActions {
  const open = OPEN_ORDER_STATUSES.includes(f.status as OrderStatus);
  return {
    edit: f.status === 'DRAFT' && f.owner,
    confirm: f.status === 'DRAFT' && f.owner,
    counterpartyConfirm: f.status === 'SUBMITTED' && !f.owner,
    fulfil: f.status === 'CONFIRMED',
    cancel: f.owner && (f.status === 'DRAFT' || f.status === 'SUBMITTED' || (f.status === 'CONFIRMED' && !f.started)),
    pay: f.side === 'BUYER' && open && f.outstanding > 0 && !f.financed,
    collect: f.side === 'SELLER' && open && f.outstanding > 0 && !f.financed,
    close: f.status === 'PAID',
  };
}
