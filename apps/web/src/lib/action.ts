import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { fieldOfFailure } from './error-codes.ts';
import { useFeedback } from './feedback.ts';
import { isRequestFailure, unwrap, type Envelope, type RequestFailure } from './request.ts';

interface ActionOptions<TVars, TResult> {
  /** The operation's call (from the feature's api.ts, which owns the URL). */
  call(vars: TVars): Promise<Envelope<TResult>>;
  /** Query keys refreshed after the call, whatever its outcome. */
  invalidates?: readonly QueryKey[];
  /** Toast on success: fixed text, or built from the answer and the input. None by default (the page shows the result). */
  success?: string | ((result: TResult, vars: TVars) => string);
}

interface RunOptions {
  /** A refusal that belongs to one of this form's fields is shown on that field instead of a toast. */
  form?: FormInstance;
}

/**
 * THE mutation hook of the web app. An ERROR answer rejects with a `RequestFailure` carrying the
 * server's `code`; `run` reports it in one way: on the form field the code belongs to
 * (`fieldOfFailure`), else as an error toast through antd's App (a page named in the message gets
 * a link). Status-level failures (401 mask, 403 page, notifications) stay with the request layer.
 */
export function useAction<TVars = void, TResult = unknown>(options: ActionOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const { call, invalidates, success } = options;
  const mutation = useMutation<TResult, RequestFailure, TVars>({
    mutationFn: async (vars) => unwrap(await call(vars)),
    onSuccess: (result, vars) => {
      if (success) feedback.success(typeof success === 'function' ? success(result, vars) : success);
    },
    onSettled: () => Promise.all((invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  const { mutateAsync } = mutation;

  /** Runs the operation; resolves with its answer, or undefined after reporting a refusal. */
  const run = useCallback(
    async (vars: TVars, runOptions: RunOptions = {}): Promise<TResult | undefined> => {
      try {
        return await mutateAsync(vars);
      } catch (err) {
        reportFailure(err, feedback, runOptions.form);
        return undefined;
      }
    },
    [mutateAsync, feedback],
  );
  return Object.assign(mutation, { run });
}

/** The one way a refused operation is shown: on its form field, or as an error toast. */
export function reportFailure(err: unknown, feedback: ReturnType<typeof useFeedback>, form?: FormInstance): void {
  const field = fieldOfFailure(err);
  if (form && field && isRequestFailure(err) && field in (form.getFieldsValue(true) ?? {})) {
    form.setFields([{ name: field, errors: [err.message], ...(field === 'password' ? { value: '' } : {}) }]);
    form.scrollToField(field);
    return;
  }
  feedback.showFailure(err);
}
