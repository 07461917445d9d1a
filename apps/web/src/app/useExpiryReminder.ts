import { chinaDate } from '@factoring/domain';
import { useEffect } from 'react';
import type { ReminderLine } from '../lib/feature-module.ts';
import { readLocal, removeLocal, writeLocal } from '../lib/storage.ts';
import type { LoginUser } from '../lib/session.ts';
import { CONTRIBUTIONS } from './features.ts';
import { useAppState } from './state.ts';

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

/** A line's count; 0 when it cannot be had, so the reminder never fails a login. */
const countOf = (line: ReminderLine) =>
  line
    .count()
    .then((count) => ({ label: line.label, route: line.route, count }))
    .catch(() => ({ label: line.label, route: line.route, count: 0 }));

/** Logout forgets that the reminder was shown, so the next login shows it again. */
export const forgetReminder = () => removeLocal('reminderShown');

/**
 * SPEC §4: once a merchant is known (at start or after login) count every line the features contribute
 * (`FeatureModule.reminders`: expiring credit lines, financings at risk, …) and if any is
 * non-zero, open the reminder with the counts. Once per login and day in this browser — not on every
 * reload, nor in every new tab.
 */
export function useExpiryReminder(user: LoginUser | null, lines: readonly ReminderLine[] = CONTRIBUTIONS.reminders) {
  const showReminder = useAppState((s) => s.showReminder);
  useEffect(() => {
    if (!user || user.authority !== 'merchant') return;
    let cancelled = false;
    void Promise.all(lines.map(countOf)).then((counted) => {
      if (cancelled || counted.every((line) => line.count === 0)) return;
      const reminder = { lines: counted };
      if (reminderShownTo(user.id)) {
        useAppState.setState({ reminder });
        return;
      }
      markReminderShown(user.id);
      showReminder(reminder);
    });
    return () => {
      cancelled = true;
    };
  }, [user, lines, showReminder]);
}
