import { useEffect } from 'react';
import { call } from '../lib/api-client.ts';
import { homeApi } from '../lib/public-api.ts';
import { readSession, writeSession } from '../lib/storage.ts';
import type { LoginUser } from '../lib/session.ts';
import { useAppState } from './state.ts';

const EXPIRY_PAGE = { page: 1, size: 10 };
const SHOWN_KEY = 'factoring-reminder-shown';

const countOf = (endpoint: typeof homeApi.supplyWillExpire | typeof homeApi.pledgeWillExpire) =>
  call(endpoint, { query: EXPIRY_PAGE })
    .then((p) => p.totalCount)
    .catch(() => 0);

/** Pledge financings at risk: over the warning line, or with a margin call to meet (each financing once). */
const pledgeRiskCount = () =>
  call(homeApi.pledgeAlerts)
    .then((a) => new Set([...a.warnings.map((w) => w.id), ...a.marginCalls.map((c) => c.financingId)]).size)
    .catch(() => 0);

/** Logout forgets that the reminder was shown, so the next login shows it again. */
export const forgetReminder = () => writeSession(SHOWN_KEY, undefined);

/**
 * SPEC §4: once a merchant is known (at start or after login) query both expiring lists — and the
 * pledge financings at risk (issue 14) — and if any is non-empty, open the reminder with the counts.
 * Once per login, not on every reload.
 */
export function useExpiryReminder(user: LoginUser | null) {
  const showReminder = useAppState((s) => s.showReminder);
  useEffect(() => {
    if (!user || user.authority !== 'merchant') return;
    let cancelled = false;
    void Promise.all([countOf(homeApi.supplyWillExpire), countOf(homeApi.pledgeWillExpire), pledgeRiskCount()]).then(
      ([willexpire, stockloanQuerywillexpire, pledgeRisk]) => {
        if (cancelled || willexpire + stockloanQuerywillexpire + pledgeRisk === 0) return;
        const reminder = { willexpire, stockloanQuerywillexpire, pledgeRisk };
        if (readSession<number | null>(SHOWN_KEY, null) === user.id) {
          useAppState.setState({ reminder });
          return;
        }
        writeSession(SHOWN_KEY, user.id);
        showReminder(reminder);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [user, showReminder]);
}
