import { describe, expect, it } from 'vitest';
import { fulfilledStatusOf, kindOfSide, orderActionsOf, orderLifecycle, ORDER_STATUSES } from './status/purchase-sales.ts';

describe('order lifecycle', () => {
  it('allows exactly the listed transitions', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => orderLifecycle.canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'DRAFT→SUBMITTED',
        'DRAFT→CONFIRMED',
        'DRAFT→CANCELLED',
        'SUBMITTED→CONFIRMED',
        'SUBMITTED→DRAFT',
        'SUBMITTED→CANCELLED',
        'CONFIRMED→DELIVERED',
        'CONFIRMED→RECEIVED',
        'CONFIRMED→CANCELLED',
        'DELIVERED→PAID',
        'RECEIVED→PAID',
        'PAID→CLOSED',
      ].sort(),
    );
  });

  it('refuses confirming twice, cancelling after delivery and reopening a closed order, in Chinese', () => {
    expect(() => orderLifecycle.assertTransition('CONFIRMED', 'CONFIRMED')).toThrow('当前状态为“已确认”，不能变更为“已确认”');
    expect(() => orderLifecycle.assertTransition('DELIVERED', 'CANCELLED')).toThrow('当前状态为“已发货”，不能变更为“已取消”');
    expect(orderLifecycle.isTerminal('CLOSED')).toBe(true);
    expect(orderLifecycle.isTerminal('CANCELLED')).toBe(true);
  });

  it('names the side: the buyer receives a purchase order, the seller delivers a sales order', () => {
    expect(kindOfSide('BUYER')).toBe('PURCHASE');
    expect(fulfilledStatusOf('BUYER')).toBe('RECEIVED');
    expect(fulfilledStatusOf('SELLER')).toBe('DELIVERED');
  });
});

describe('actions by state', () => {
  const base = { side: 'BUYER' as const, owner: true, counterpartyOnPortal: false, started: false, outstanding: 100, financed: false };

  it('a draft is edited, confirmed or cancelled by its owner only', () => {
    expect(orderActionsOf({ ...base, status: 'DRAFT' })).toMatchObject({ edit: true, confirm: true, cancel: true, pay: false });
    expect(orderActionsOf({ ...base, status: 'DRAFT', owner: false })).toMatchObject({ edit: false, confirm: false, cancel: false });
  });

  it('a sent order is confirmed by the counterparty, not by its owner', () => {
    expect(orderActionsOf({ ...base, status: 'SUBMITTED', owner: false }).counterpartyConfirm).toBe(true);
    expect(orderActionsOf({ ...base, status: 'SUBMITTED' }).counterpartyConfirm).toBe(false);
  });

  it('a confirmed purchase order is paid by the buyer; cancelling stops once anything moved', () => {
    expect(orderActionsOf({ ...base, status: 'CONFIRMED' })).toMatchObject({ fulfil: true, pay: true, cancel: true, collect: false });
    expect(orderActionsOf({ ...base, status: 'CONFIRMED', started: true }).cancel).toBe(false);
    expect(orderActionsOf({ ...base, status: 'RECEIVED', outstanding: 0 }).pay).toBe(false);
  });

  it('a financed sales order is collected through the factor, not recorded by the seller', () => {
    expect(orderActionsOf({ ...base, side: 'SELLER', status: 'DELIVERED' }).collect).toBe(true);
    expect(orderActionsOf({ ...base, side: 'SELLER', status: 'DELIVERED', financed: true }).collect).toBe(false);
  });
});
