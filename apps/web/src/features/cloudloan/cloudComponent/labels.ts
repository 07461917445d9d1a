/** Tag colours of the cloud-loan statuses (labels come from the domain state machines). */
export const APPLICATION_COLORS: Record<string, string> = { SUBMITTED: 'processing', GRANTED: 'success', REJECTED: 'error' };
export const DRAWDOWN_COLORS: Record<string, string> = { DRAWN: 'blue', REPAYING: 'processing', SETTLED: 'success' };
export const INSTALMENT_COLORS: Record<string, string> = { PENDING: 'default', PAID: 'success', CLOSED: 'cyan' };
export const CREDIT_COLORS: Record<string, string> = { VALID: 'success', EXPIRED: 'default', USED_UP: 'default', UNSIGNED: 'warning' };
