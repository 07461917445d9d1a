import { App } from 'antd';
import { useCallback } from 'react';
import { isRequestFailure, messageKind, TOAST_SECONDS, type Envelope } from './request.ts';

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
      message[kind](text, TOAST_SECONDS);
    },
    [message],
  );
  /** For a rejected request: the request layer has already dealt with status-level feedback. */
  const showFailure = useCallback(
    (err: unknown) => {
      if (isRequestFailure(err) && err.status === undefined) message.error(err.message, TOAST_SECONDS);
      else if (!isRequestFailure(err)) message.error(err instanceof Error ? err.message : '操作失败', TOAST_SECONDS);
    },
    [message],
  );
  return { show, showFailure };
}
