import { describe, expect, it } from 'vitest';
import { marginCallLifecycle, MARGIN_CALL_STATUS_LABELS } from './pledge.ts';
import { deliveryPartyLifecycle } from './pledge-delivery.ts';

// Every (from, to) pair of the machine, so a refused transition is checked exhaustively, not by sampling.
const everyPair = (states: readonly string[]) => states.flatMap((from) => states.map((to) => [from, to] as const));

describe('the margin-call machine (补缴保证金, PRODUCT §8)', () => {
  const allowed = new Set(['OPEN→MET', 'OPEN→DEFAULTED', 'OPEN→WITHDRAWN', 'DEFAULTED→MET', 'DEFAULTED→WITHDRAWN']);

  it.each(everyPair(marginCallLifecycle.states))('%s → %s', (from, to) => {
    const ok = allowed.has(`${from}→${to}`);
    expect(marginCallLifecycle.canTransition(from, to)).toBe(ok);
    if (ok) expect(() => marginCallLifecycle.assertTransition(from, to)).not.toThrow();
    else
      expect(() => marginCallLifecycle.assertTransition(from, to)).toThrow(
        `当前状态为“${MARGIN_CALL_STATUS_LABELS[from as keyof typeof MARGIN_CALL_STATUS_LABELS]}”，不能变更为“${MARGIN_CALL_STATUS_LABELS[to as keyof typeof MARGIN_CALL_STATUS_LABELS]}”`,
      );
  });

  it('met and withdrawn calls are final; an unknown status moves nowhere', () => {
    expect(marginCallLifecycle.states).toEqual(['OPEN', 'DEFAULTED', 'MET', 'WITHDRAWN']);
    expect(marginCallLifecycle.isTerminal('MET')).toBe(true);
    expect(marginCallLifecycle.isTerminal('WITHDRAWN')).toBe(true);
    expect(marginCallLifecycle.isTerminal('DEFAULTED')).toBe(false);
    expect(marginCallLifecycle.canTransition('PAID', 'MET')).toBe(false);
    expect(() => marginCallLifecycle.assertTransition('PAID', 'MET')).toThrow('未知状态“PAID”，不能变更为“已补缴”');
  });
});

describe('the delivery-party machine (签收人、下游客户)', () => {
  it.each(everyPair(deliveryPartyLifecycle.states))('%s → %s', (from, to) => {
    expect(deliveryPartyLifecycle.canTransition(from, to)).toBe(from === 'ACTIVE' && to === 'DISABLED');
  });
  it('says why a disabled party cannot be disabled again', () => {
    expect(() => deliveryPartyLifecycle.assertTransition('DISABLED', 'DISABLED')).toThrow('当前状态为“已停用”，不能变更为“已停用”');
  });
});
