import { App } from 'antd';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isRequestFailure, messageKind, TOAST_SECONDS, type Envelope } from './request.ts';

/** Server messages that name a page (e.g. "请先前往 /user/autentication 完成认证") get a link to it. */
const PAGE_PATH = /(\/(?:user|supplyloan|pledge|sys)\/[A-Za-z]+)/;

export function withPageLinks(text: string): ReactNode {
  const parts = text.split(PAGE_PATH);
  if (parts.length === 1) return text;
  return createElement(
    Fragment,
    null,
    ...parts.map((part, i) => (i % 2 === 1 ? createElement(Link, { key: i, to: part }, '点此前往') : part)),
  );
}

/**
 * THE feedback path of the signed-in pages (SPEC §8): toasts, confirmations and notifications
 * through antd's `App`, so the theme applies. Pages never call `App.useApp()` or render an error
 * `Alert` for a failed call themselves.
 */
export function useFeedback() {
  const { message, modal, notification } = App.useApp();
  return useMemo(
    () => ({
      success: (text: ReactNode) => void message.success(text, TOAST_SECONDS),
      info: (text: ReactNode) => void message.info(text, TOAST_SECONDS),
      warning: (text: ReactNode) => void message.warning(text, TOAST_SECONDS),
      error: (text: string) => void message.error(withPageLinks(text), TOAST_SECONDS),
      /** OK → success, ERROR → error, WARN → warning (the global handler of SPEC §8). */
      show(env: Envelope<unknown>, successText?: string) {
        const kind = messageKind(env);
        const text =
          kind === 'success' && successText ? successText : typeof env.message === 'string' ? env.message : (successText ?? '操作成功');
        message[kind](withPageLinks(text), TOAST_SECONDS);
      },
      /** For a rejected request: the request layer has already dealt with status-level feedback. */
      showFailure(err: unknown) {
        if (isRequestFailure(err) && err.status === undefined) message.error(withPageLinks(err.message), TOAST_SECONDS);
        else if (!isRequestFailure(err)) message.error(err instanceof Error ? err.message : '操作失败', TOAST_SECONDS);
      },
      /** Dialogs: confirm before acting, or tell a result that needs acknowledging. */
      modal,
      notify: notification,
    }),
    [message, modal, notification],
  );
}
