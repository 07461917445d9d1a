import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginUser } from '../lib/session.ts';
import { useAppState } from './state.ts';
import { forgetReminder, useExpiryReminder } from './useExpiryReminder.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The three lists the reminder asks after login: one pledge credit line expires soon.
vi.mock('../lib/api-client.ts', () => ({
  call: vi.fn((endpoint: { path: string }) =>
    Promise.resolve(
      endpoint.path === '/api/pledge/alerts'
        ? { warnings: [], marginCalls: [] }
        : { items: [], totalCount: endpoint.path.startsWith('/api/stockloan') ? 1 : 0 },
    ),
  ),
}));

const demo = { id: 7, authority: 'merchant' } as LoginUser;

function Probe({ user }: { user: LoginUser }) {
  useExpiryReminder(user);
  return null;
}

/** A page of the portal opening in a new tab: its own session storage, the app state fresh, the same local storage. */
async function openTab(user: LoginUser = demo) {
  sessionStorage.clear();
  useAppState.setState({ reminder: null, reminderVisible: false });
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe user={user} />));
  await act(async () => {}); // the three answers
  act(() => root.unmount());
  return useAppState.getState();
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T02:00:00Z')); // 10:00 in China
});
afterEach(() => vi.useRealTimers());

describe('the expiry reminder (issue 24: once per login, not once per tab)', () => {
  it('pops up in the first tab only; a second tab and a reload keep the counts on the bell', async () => {
    const first = await openTab();
    expect(first.reminderVisible).toBe(true);
    expect(first.reminder).toMatchObject({ stockloanQuerywillexpire: 1 });
    const second = await openTab();
    expect(second.reminderVisible).toBe(false);
    expect(second.reminder).toMatchObject({ stockloanQuerywillexpire: 1 });
  });

  it('pops up again after logout and login, for another user, and on the next day', async () => {
    expect((await openTab()).reminderVisible).toBe(true);
    forgetReminder();
    expect((await openTab()).reminderVisible).toBe(true);
    expect((await openTab({ ...demo, id: 8 })).reminderVisible).toBe(true);
    expect((await openTab({ ...demo, id: 8 })).reminderVisible).toBe(false);
    vi.setSystemTime(new Date('2026-11-26T16:30:00Z')); // 00:30 on the 27th in China
    expect((await openTab({ ...demo, id: 8 })).reminderVisible).toBe(true);
  });
});
