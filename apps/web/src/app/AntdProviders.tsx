import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import zhCN from 'antd/es/locale/zh_CN';
import { useContext, useEffect, type ReactNode } from 'react';
import { takeNotice } from '../lib/notice.ts';
import { usePrefersReducedMotion } from '../lib/reduced-motion.ts';
import { TOAST_SECONDS } from '../lib/request.ts';
import { LazyFeedbackApp } from './LazyFeedbackApp.tsx';
import { registerNotifier } from './notify.ts';
import { portalTheme, tagTextCss } from './theme-tokens.ts';
import { useAppState } from './state.ts';

/**
 * antd with the zh_CN locale (dayjs's own zh-cn comes with the date picker, lib/date-picker.ts), the
 * dark algorithm, no motion for users who ask for less (lib/reduced-motion), and App (themed message / notification / modal; message and notification
 * loaded on first use, LazyFeedbackApp).
 * A lazy chunk: the public landing and login pages are plain markup and never load it, which keeps
 * their first load within the 200 KB budget; every other page renders inside it.
 */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const darkTheme = useAppState((s) => s.darkTheme);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={portalTheme(darkTheme, !reducedMotion)}>
      <style>{tagTextCss(darkTheme)}</style>
      <LazyFeedbackApp>
        <NotifierBridge />
        {children}
      </LazyFeedbackApp>
    </ConfigProvider>
  );
}

function NotifierBridge() {
  const { notification, message } = useContext(AppContext);
  useEffect(() => {
    registerNotifier((title, description) => notification.error({ title, description }));
    const notice = takeNotice();
    if (notice) message.warning(notice, TOAST_SECONDS);
    return () => registerNotifier(null);
  }, [notification, message]);
  return null;
}
