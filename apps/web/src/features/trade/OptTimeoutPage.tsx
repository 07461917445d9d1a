import { Alert, Button, Form, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { rules } from './rules.ts';
import { TrimInput } from '../../lib/TextInput.tsx';
import { TradeCard } from './TradeCard.tsx';
import { useAccountMail } from './use-account-mail.ts';

const EXPLAIN: Record<'activate' | 'reset', Record<string, string>> = {
  activate: {
    EXPIRED: '激活链接的有效期为 24 小时，这个链接已经过期。',
    USED: '这个激活链接已经使用过。如果账户已激活，请直接登录。',
    INVALID: '这个激活链接无效：可能不完整，或已被更新的激活邮件取代。',
    PENDING: '账户尚未激活。没有收到激活邮件，或邮件已过期？可以重新发送。',
  },
  reset: {
    EXPIRED: '重置密码链接的有效期为 30 分钟，这个链接已经过期。',
    USED: '这个重置密码链接已经使用过，每个链接只能使用一次。',
    INVALID: '这个重置密码链接无效：可能不完整，或已被更新的邮件取代。',
  },
};

/** `/trade/opttimeout`: an activation or reset link has expired or was used; explains and offers a new mail. */
export default function OptTimeoutPage() {
  const [params] = useSearchParams();
  const type = params.get('type') === 'reset' ? 'reset' : 'activate';
  const reason = params.get('reason') ?? 'EXPIRED';
  const [form] = Form.useForm<{ account: string }>();
  const { sending, answer, send } = useAccountMail(form, type === 'reset' ? 'forgetPwd' : 'resendActivation');

  return (
    <TradeCard testId="opttimeout">
      <Result
        status="warning"
        title={type === 'reset' ? '重置密码链接已失效' : reason === 'PENDING' ? '账户尚未激活' : '激活链接已失效'}
        subTitle={EXPLAIN[type][reason] ?? EXPLAIN[type].EXPIRED}
        style={{ paddingBottom: 8 }}
      />
      {answer ? (
        <Alert type="success" showIcon title={answer} data-testid="resend-answer" />
      ) : (
        <>
          <Form form={form} layout="vertical" onFinish={(v) => void send(v)}>
            <Form.Item
              label="登录名或邮箱"
              name="account"
              rules={rules.account}
              extra={type === 'reset' ? '我们将向注册邮箱发送新的重置密码链接' : '我们将向注册邮箱重新发送激活邮件'}
            >
              <TrimInput maxLength={100} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={sending}>
              {type === 'reset' ? '重新发送重置邮件' : '重新发送激活邮件'}
            </Button>
          </Form>
        </>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/login">去登录</Link>
        <Link to="/trade/register">注册新账户</Link>
      </div>
    </TradeCard>
  );
}
