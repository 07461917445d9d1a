import type { FormInstance } from 'antd';
import { useState } from 'react';
import { isRequestFailure } from '../../lib/request.ts';
import type { AccountAnswer } from './api.ts';

/**
 * Sending a mail to an account named by login name or email (reset, resend activation): the same
 * answer whatever the account, a field error under the field, anything else above the form.
 */
export function useAccountMail(form: FormInstance<{ account: string }>, sendMail: (account: string) => Promise<AccountAnswer<string>>) {
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async ({ account }: { account: string }) => {
    setSending(true);
    setError(null);
    try {
      const res = await sendMail(account.trim());
      if (res.status !== 'ERROR') setAnswer(String(res.message));
      else if (res.field) form.setFields([{ name: 'account', errors: [String(res.message)] }]);
      else setError(String(res.message));
    } catch (err) {
      setError(isRequestFailure(err) ? err.message : '发送失败，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  return { sending, answer, error, send };
}
