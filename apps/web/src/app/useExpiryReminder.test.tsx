import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReminderLine } from '../lib/feature-module.ts';
import type { LoginUser } from '../lib/session.ts';
import { useAppState } from './state.ts';
import { forgetReminder, useExpiryReminder } from './useExpiryReminder.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The lines features contribute (FeatureModule.reminders): one credit line expires soon, one count fails.
const LINES: ReminderLine[] = [
  { label: '授信即将到期', route: '/lines', order: 1, count: () => Promise.resolve(1) },
  { label: '风险预警', route: '/risk', order: 2, count: () => Promise.resolve(0) },
  { label: '不可用', route: '/down', order: 3, count: () => Promise.reject(new Error('503')) },
];

const demo = { id: 7, authority: 'merchant' } as LoginUser;

function Probe({ user }: { user: LoginUser }) {
  useExpiryReminder(user, LINES);
  return null;
}

/** A page of the portal opening in a new tab: its own session storage, the app state fresh, the same local storage. */
async function openTab(user: LoginUser = demo) {
  sessionStorage.clear();
  useAppState.setState({ reminder: null, reminderVisible: false });
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe user={user} />));
  await act(async () => {}); // the answers
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
    expect(first.reminder?.lines.map((l) => l.count)).toEqual([1, 0, 0]);
    const second = await openTab();
    expect(second.reminderVisible).toBe(false);
    expect(second.reminder?.lines[0]).toEqual({ label: '授信即将到期', route: '/lines', count: 1 });
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
