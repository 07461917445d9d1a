import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useAccountMailCall, type AccountMail } from './api.ts';

/**
 * Sending a mail to an account named by login name or email (reset, resend activation): the same
 * answer whatever the account; a refusal shows under the field or as a toast (lib/action.ts).
 */
export function useAccountMail(form: FormInstance<{ account: string }>, mail: AccountMail) {
  const call = useAccountMailCall(mail);
  const [answer, setAnswer] = useState<string | null>(null);

  const send = async ({ account }: { account: string }) => {
    const text = await call.run(account.trim(), { form: form as FormInstance });
    if (text !== undefined) setAnswer(String(text));
  };

  return { sending: call.isPending, answer, send };
}
