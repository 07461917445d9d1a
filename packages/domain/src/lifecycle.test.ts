import { describe, it, expect } from 'vitest';
import { DomainError } from './errors.ts';
import {
  authenticationLifecycle,
  AUTHENTICATION_STATUS_LABELS,
  defineLifecycle,
  financingLifecycle,
  FINANCING_STATUS_LABELS,
  FINANCING_STATUSES,
  pledgeLifecycle,
  PLEDGE_STATUS_LABELS,
  PLEDGE_STATUSES,
  TransitionError,
} from './lifecycle.ts';

// Every (from, to) pair, so "not listed" is checked exhaustively, not by sampling.
function allowedPairs(lifecycle: { states: readonly string[]; canTransition(a: string, b: string): boolean }): string[] {
  return lifecycle.states.flatMap((from) =>
    lifecycle.states.filter((to) => lifecycle.canTransition(from, to)).map((to) => `${from}→${to}`),
  );
}

describe('defineLifecycle', () => {
  const light = defineLifecycle(
    { RED: ['GREEN'], GREEN: ['AMBER'], AMBER: ['RED'], OFF: [] },
    {
      RED: '红灯',
      GREEN: '绿灯',
      AMBER: '黄灯',
      OFF: '关闭',
    },
  );

  it('allows only listed transitions', () => {
    expect(light.canTransition('RED', 'GREEN')).toBe(true);
    expect(light.canTransition('GREEN', 'RED')).toBe(false);
    expect(light.canTransition('RED', 'RED')).toBe(false);
    expect(light.canTransition('OFF', 'RED')).toBe(false);
  });

  it('treats unknown strings as not allowed', () => {
    expect(light.canTransition('BLUE', 'RED')).toBe(false);
    expect(light.canTransition('RED', 'BLUE')).toBe(false);
    expect(light.canTransition('toString', 'RED')).toBe(false);
    expect(light.canTransition('RED', 'constructor')).toBe(false);
    expect(light.isState('constructor')).toBe(false);
    expect(light.nextStates('BLUE')).toEqual([]);
  });

  it('throws TransitionError with Chinese labels', () => {
    expect(() => light.assertTransition('RED', 'GREEN')).not.toThrow();
    expect(() => light.assertTransition('GREEN', 'RED')).toThrow('当前状态为“绿灯”，不能变更为“红灯”');
    expect(() => light.assertTransition('BLUE', 'RED')).toThrow('未知状态“BLUE”，不能变更为“红灯”');
    try {
      light.assertTransition('OFF', 'RED');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TransitionError);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ name: 'TransitionError', from: 'OFF', to: 'RED' });
    }
  });

  it('lists states, next states, terminal states and labels', () => {
    expect(light.states).toEqual(['RED', 'GREEN', 'AMBER', 'OFF']);
    expect(light.nextStates('RED')).toEqual(['GREEN']);
    expect(light.isTerminal('OFF')).toBe(true);
    expect(light.isTerminal('RED')).toBe(false);
    expect(light.label('AMBER')).toBe('黄灯');
    expect(light.label('BLUE')).toBe('BLUE');
  });

  it('falls back to the codes as labels', () => {
    const plain = defineLifecycle({ A: ['B'], B: [] });
    expect(plain.labels).toEqual({ A: 'A', B: 'B' });
    expect(() => plain.assertTransition('B', 'A')).toThrow('当前状态为“B”，不能变更为“A”');
  });

  it('refuses targets that are not states at compile time', () => {
    // @ts-expect-error 'C' is not a state
    defineLifecycle({ A: ['C'], B: [] });
  });
});

describe('financingLifecycle (PRODUCT §6)', () => {
  it('allows exactly the listed transitions', () => {
    expect(allowedPairs(financingLifecycle)).toEqual([
      'SUBMITTED→APPROVED',
      'SUBMITTED→REJECTED',
      'SUBMITTED→CANCELLED',
      'APPROVED→CONTRACT_SIGNED',
      'APPROVED→REJECTED',
      'APPROVED→CANCELLED',
      'CONTRACT_SIGNED→DISBURSED',
      'CONTRACT_SIGNED→REJECTED',
      'CONTRACT_SIGNED→CANCELLED',
      'DISBURSED→REPAYING',
      'DISBURSED→SETTLED',
      'REPAYING→SETTLED',
    ]);
  });

  it('refuses cancelling after disbursement and skipping steps', () => {
    expect(() => financingLifecycle.assertTransition('DISBURSED', 'CANCELLED')).toThrow('当前状态为“已放款”，不能变更为“已取消”');
    expect(() => financingLifecycle.assertTransition('SUBMITTED', 'DISBURSED')).toThrow(TransitionError);
    expect(() => financingLifecycle.assertTransition('SETTLED', 'REPAYING')).toThrow(TransitionError);
    expect(() => financingLifecycle.assertTransition('REJECTED', 'SUBMITTED')).toThrow(TransitionError);
  });

  it('has terminal states and Chinese labels', () => {
    expect(FINANCING_STATUSES.filter((s) => financingLifecycle.isTerminal(s))).toEqual(['SETTLED', 'REJECTED', 'CANCELLED']);
    expect(FINANCING_STATUS_LABELS).toEqual({
      SUBMITTED: '待审核',
      APPROVED: '审核通过',
      CONTRACT_SIGNED: '合同已签署',
      DISBURSED: '已放款',
      REPAYING: '还款中',
      SETTLED: '已结清',
      REJECTED: '已驳回',
      CANCELLED: '已取消',
    });
  });
});

describe('pledgeLifecycle (PRODUCT §8)', () => {
  it('allows exactly the listed transitions', () => {
    expect(allowedPairs(pledgeLifecycle)).toEqual([
      'SUBMITTED→MARGIN_PENDING',
      'SUBMITTED→REJECTED',
      'SUBMITTED→CANCELLED',
      'MARGIN_PENDING→MARGIN_PAID',
      'MARGIN_PENDING→REJECTED',
      'MARGIN_PENDING→CANCELLED',
      'MARGIN_PAID→APPROVED',
      'MARGIN_PAID→REJECTED',
      'MARGIN_PAID→CANCELLED',
      'APPROVED→DISBURSED',
      'APPROVED→REJECTED',
      'APPROVED→CANCELLED',
      'DISBURSED→REPAYING',
      'DISBURSED→SETTLED',
      'REPAYING→SETTLED',
    ]);
  });

  it('refuses approval before the margin is paid', () => {
    expect(() => pledgeLifecycle.assertTransition('MARGIN_PENDING', 'APPROVED')).toThrow('当前状态为“待缴保证金”，不能变更为“审核通过”');
    expect(pledgeLifecycle.canTransition('REPAYING', 'CANCELLED')).toBe(false);
  });

  it('has Chinese labels for every status', () => {
    expect(Object.keys(PLEDGE_STATUS_LABELS)).toEqual([...PLEDGE_STATUSES]);
    expect(PLEDGE_STATUS_LABELS.MARGIN_PENDING).toBe('待缴保证金');
    expect(PLEDGE_STATUS_LABELS.MARGIN_PAID).toBe('保证金已缴');
  });
});

describe('authenticationLifecycle (PRODUCT §4)', () => {
  it('allows exactly draft saves, submission, review and resubmission', () => {
    expect(allowedPairs(authenticationLifecycle)).toEqual([
      'DRAFT→DRAFT',
      'DRAFT→PENDING',
      'PENDING→APPROVED',
      'PENDING→REJECTED',
      'REJECTED→PENDING',
    ]);
  });

  it('refuses changing an approved submission', () => {
    expect(() => authenticationLifecycle.assertTransition('APPROVED', 'PENDING')).toThrow('当前状态为“已通过”，不能变更为“待审核”');
    expect(AUTHENTICATION_STATUS_LABELS).toEqual({ DRAFT: '草稿', PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' });
  });
});
