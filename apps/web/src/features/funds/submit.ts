import type { Envelope } from '../../lib/request.ts';
import { isRequestFailure } from '../../lib/request.ts';

/** The message of a submission that did not succeed (an ERROR answer or a failed request). */
export function failureText(resOrErr: Envelope<unknown> | unknown, fallback = '提交失败，请稍后重试'): string | null {
  if (isRequestFailure(resOrErr)) return resOrErr.message;
  const env = resOrErr as Envelope<unknown> | undefined;
  if (env && typeof env === 'object' && 'status' in env) return env.status === 'ERROR' ? String(env.message ?? fallback) : null;
  return fallback;
}
