import { App } from 'antd';
import { createElement, Fragment, useCallback, type ReactNode } from 'react';
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
 * The one handler of SPEC §8 for business answers: OK → success, ERROR → error, WARN → warning,
 * shown for 3 s through antd's App so the theme applies.
 */
export function useFeedback() {
  const { message } = App.useApp();
  const show = useCallback(
    (env: Envelope<unknown>, successText?: string) => {
      const kind = messageKind(env);
      const text = kind === 'success' && successText ? successText : typeof env.message === 'string' ? env.message : (successText ?? '操作成功');
      message[kind](withPageLinks(text), TOAST_SECONDS);
    },
    [message],
  );
  /** For a rejected request: the request layer has already dealt with status-level feedback. */
  const showFailure = useCallback(
    (err: unknown) => {
      if (isRequestFailure(err) && err.status === undefined) message.error(withPageLinks(err.message), TOAST_SECONDS);
      else if (!isRequestFailure(err)) message.error(err instanceof Error ? err.message : '操作失败', TOAST_SECONDS);
    },
    [message],
  );
  return { show, showFailure };
}
