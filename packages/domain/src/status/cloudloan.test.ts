import { describe, expect, it } from 'vitest';
import { cloudLoanApplicationLifecycle, cloudLoanDrawdownLifecycle, cloudLoanInstalmentLifecycle } from './cloudloan.ts';

describe('cloud-loan state machines', () => {
  it('an application is decided once: granted or rejected', () => {
    expect(cloudLoanApplicationLifecycle.nextStates('SUBMITTED')).toEqual(['GRANTED', 'REJECTED']);
    expect(cloudLoanApplicationLifecycle.canTransition('GRANTED', 'REJECTED')).toBe(false);
    expect(() => cloudLoanApplicationLifecycle.assertTransition('REJECTED', 'GRANTED')).toThrow('当前状态为“已拒绝”，不能变更为“已授信”');
  });

  it('a drawdown is drawn, repaid, settled; settled is final', () => {
    expect(cloudLoanDrawdownLifecycle.canTransition('DRAWN', 'REPAYING')).toBe(true);
    expect(cloudLoanDrawdownLifecycle.canTransition('DRAWN', 'SETTLED')).toBe(true);
    expect(cloudLoanDrawdownLifecycle.canTransition('REPAYING', 'DRAWN')).toBe(false);
    expect(cloudLoanDrawdownLifecycle.isTerminal('SETTLED')).toBe(true);
    expect(cloudLoanDrawdownLifecycle.label('REPAYING')).toBe('还款中');
  });

  it('an instalment is paid or closed by a pay-off, never reopened', () => {
    expect(cloudLoanInstalmentLifecycle.canTransition('PENDING', 'PAID')).toBe(true);
    expect(cloudLoanInstalmentLifecycle.canTransition('PAID', 'PENDING')).toBe(false);
    expect(cloudLoanInstalmentLifecycle.canTransition('CLOSED', 'PAID')).toBe(false);
  });
});
