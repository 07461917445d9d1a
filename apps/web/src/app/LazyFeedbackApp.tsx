import { Modal, theme } from 'antd';
import AppContext from 'antd/es/app/context';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';

export interface LazyFeedbackApis {
  message: MessageInstance;
  notification: NotificationInstance;
}

const FeedbackHolders = lazy(() => import('./FeedbackHolders.tsx'));

/**
 * antd's `App` — the themed message / notification / modal behind `App.useApp()` (lib/feedback.ts)
 * and its base text style — with message and notification loaded on their first use: most visits
 * show no toast, and the two with their holders are ~7 KB on the wire of every logged-in page
 * (issue 11). Calls made before they arrive are kept and run in order once they have. The modal
 * stays at hand: the reminder after login opens one on the first page.
 */
export function LazyFeedbackApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [modal, modalHolder] = Modal.useModal();
  const [apis, setApis] = useState<LazyFeedbackApis | null>(null);
  const [wanted, setWanted] = useState(false);
  const [pending] = useState<((apis: LazyFeedbackApis) => void)[]>([]);

  const onReady = useCallback(
    (ready: LazyFeedbackApis) => {
      setApis(ready);
      for (const call of pending.splice(0)) call(ready);
    },
    [pending],
  );
  const value = useMemo(() => {
    const deferred = <K extends keyof LazyFeedbackApis>(key: K): LazyFeedbackApis[K] =>
      apis
        ? apis[key]
        : (new Proxy({} as LazyFeedbackApis[K], {
            get:
              (_target, method: string) =>
              (...args: unknown[]) => {
                pending.push((ready) => (ready[key] as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args));
                setWanted(true);
              },
          }) as LazyFeedbackApis[K]);
    return { message: deferred('message'), notification: deferred('notification'), modal };
  }, [apis, modal, pending]);

  return (
    <AppContext.Provider value={value}>
      {/* antd App's base text style, from the theme. */}
      <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
        {modalHolder}
        {wanted && (
          <Suspense fallback={null}>
            <FeedbackHolders onReady={onReady} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}
