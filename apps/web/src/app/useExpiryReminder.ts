import { creditApi, pledgeDeliveryApi } from '@factoring/domain/contract';
import { chinaDate } from '@factoring/domain';
import { useEffect } from 'react';
import { call } from '../lib/api-client.ts';
import { readLocal, removeLocal, writeLocal } from '../lib/storage.ts';
import type { LoginUser } from '../lib/session.ts';
import { useAppState } from './state.ts';

const EXPIRY_PAGE = { page: 1, size: 10 };

/**
 * Who saw the reminder, and on which (China) day. In local storage, which every tab of the browser
 * shares — session storage is per tab, so a new tab showed it again (issue 24). The day bounds it:
 * the next day's first page shows it once more, as does the next login (logout forgets it).
 */
interface Shown {
  userId: number;
  day: string;
}

/** Whether this user was already shown the reminder today in this browser. */
export function reminderShownTo(userId: number, now: Date = new Date()): boolean {
  const shown = readLocal<Shown | null>('reminderShown', null);
  return shown?.userId === userId && shown.day === chinaDate(now);
}

/** Remembers that this user has been shown the reminder today. */
export function markReminderShown(userId: number, now: Date = new Date()): void {
  writeLocal('reminderShown', { userId, day: chinaDate(now) } satisfies Shown);
}

const countOf = (endpoint: typeof creditApi.supplyWillExpire | typeof creditApi.pledgeWillExpire) =>
  call(endpoint, { query: EXPIRY_PAGE })
    .then((p) => p.totalCount)
    .catch(() => 0);

/** Pledge financings at risk: over the warning line, or with a margin call to meet (each financing once). */
const pledgeRiskCount = () =>
  call(pledgeDeliveryApi.alerts)
    .then((a) => new Set([...a.warnings.map((w) => w.id), ...a.marginCalls.map((c) => c.financingId)]).size)
    .catch(() => 0);

/** Logout forgets that the reminder was shown, so the next login shows it again. */
export const forgetReminder = () => removeLocal('reminderShown');

/**
 * SPEC §4: once a merchant is known (at start or after login) query both expiring lists — and the
 * pledge financings at risk (issue 14) — and if any is non-empty, open the reminder with the counts.
 * Once per login and day in this browser — not on every reload, nor in every new tab.
 */
export function useExpiryReminder(user: LoginUser | null) {
  const showReminder = useAppState((s) => s.showReminder);
  useEffect(() => {
    if (!user || user.authority !== 'merchant') return;
    let cancelled = false;
    void Promise.all([countOf(creditApi.supplyWillExpire), countOf(creditApi.pledgeWillExpire), pledgeRiskCount()]).then(
      ([willexpire, stockloanQuerywillexpire, pledgeRisk]) => {
        if (cancelled || willexpire + stockloanQuerywillexpire + pledgeRisk === 0) return;
        const reminder = { willexpire, stockloanQuerywillexpire, pledgeRisk };
        if (reminderShownTo(user.id)) {
          useAppState.setState({ reminder });
          return;
        }
        markReminderShown(user.id);
        showReminder(reminder);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [user, showReminder]);
}
