import { theme } from 'antd';
import AppContext from 'antd/es/app/context';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalInstance } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';

export interface LazyFeedbackApis {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalInstance;
}

const FeedbackHolders = lazy(() => import('./FeedbackHolders.tsx'));

/**
 * antd's `App` — the themed message / notification / modal behind `App.useApp()` (lib/feedback.ts)
 * and its base text style — with message, notification and the modal dialogs (confirm, info,
 * success…) loaded on their first use: most visits show no toast and ask nothing, and the three with
 * their holders are ~10 KB on the wire of every logged-in page (issues 11 and 38). Calls made before
 * they arrive are kept and run in order once they have; such a call answers nothing (no caller uses
 * what `modal.confirm` returns — its `onOk` is how a page acts on the answer).
 */
export function LazyFeedbackApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
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
    return { message: deferred('message'), notification: deferred('notification'), modal: deferred('modal') };
  }, [apis, pending]);

  return (
    <AppContext.Provider value={value}>
      {/* antd App's base text style, from the theme. */}
      <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
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
