// antd's App context (what `App.useApp()` reads), without the App module, whose message and
// notification hooks would join every page's first load (app/LazyFeedbackApp.tsx provides it).
import AppContext from 'antd/es/app/context';
import { createElement, Fragment, useContext, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ERROR_CODES } from './error-codes.ts';
import { isRequestFailure, messageKind, TOAST_SECONDS, type Envelope } from './request.ts';

/** Pages a message may lead to, with the words their link shows (never the route itself). */
const PAGE_LABELS: Record<string, string> = {
  '/user/autentication': '实名认证',
  '/user/autenticalList': '实名业务',
  '/user/moneySummary': '我的账户',
};

/** Refusals whose code has a page that resolves them: the page and the words linked to it. */
const PAGE_OF_CODE: Record<string, { to: string; label: string }> = {
  [ERROR_CODES.NOT_CERTIFIED]: { to: '/user/autentication', label: '实名认证' },
};

const PAGE_PATH = /(\/(?:user|supplyloan|pledge|sys)\/[A-Za-z]+)/;
const link = (key: number, to: string, label: string) => createElement(Link, { key, to }, label);

/**
 * A message as the user reads it: a refusal whose code has a page links its words (the last
 * "实名认证" of "请先完成实名认证", or a link after the text); a route a message still names
 * becomes a link labelled with the page's name, never shown raw.
 */
export function withPageLinks(text: string, code?: string): ReactNode {
  const page = code ? PAGE_OF_CODE[code] : undefined;
  if (page) {
    const at = text.lastIndexOf(page.label);
    if (at < 0) return createElement(Fragment, null, text, ' ', link(0, page.to, `前往${page.label}`));
    return createElement(Fragment, null, text.slice(0, at), link(0, page.to, page.label), text.slice(at + page.label.length));
  }
  const parts = text.split(PAGE_PATH);
  if (parts.length === 1) return text;
  return createElement(Fragment, null, ...parts.map((part, i) => (i % 2 === 1 ? link(i, part, PAGE_LABELS[part] ?? '相关页面') : part)));
}

/**
 * THE feedback path of the signed-in pages (SPEC §8): toasts, confirmations and notifications
 * through antd's `App` context, so the theme applies. Pages never call `App.useApp()` or render an error
 * `Alert` for a failed call themselves.
 */
export function useFeedback() {
  const { message, modal, notification } = useContext(AppContext);
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
        message[kind](withPageLinks(text, env.code), TOAST_SECONDS);
      },
      /** For a rejected request: the request layer has already dealt with status-level feedback. */
      showFailure(err: unknown) {
        if (isRequestFailure(err) && err.status === undefined) message.error(withPageLinks(err.message, err.code), TOAST_SECONDS);
        else if (!isRequestFailure(err)) message.error(err instanceof Error ? err.message : '操作失败', TOAST_SECONDS);
      },
      /** Dialogs: confirm before acting, or tell a result that needs acknowledging. */
      modal,
      notify: notification,
    }),
    [message, modal, notification],
  );
}
