import { Button, Form, Result } from 'antd';
import { Link } from 'react-router';
import { rules } from './rules.ts';
import { TrimInput } from '../../lib/TextInput.tsx';
import { TradeCard } from './TradeCard.tsx';
import { useAccountMail } from './use-account-mail.ts';

/** `/trade/forgetpwd`: login name or email → reset mail; the same answer whether the account exists or not. */
export default function ForgetPwdPage() {
  const [form] = Form.useForm<{ account: string }>();
  const { sending, answer, send } = useAccountMail(form, 'forgetPwd');

  if (answer) {
    return (
      <TradeCard testId="forgetpwd-done">
        <Result status="info" title="请查收邮件" subTitle={answer} extra={<Link to="/login">返回登录</Link>} />
      </TradeCard>
    );
  }
  return (
    <TradeCard title="找回密码" testId="forgetpwd">
      <Form form={form} layout="vertical" onFinish={(v) => void send(v)}>
        <Form.Item label="登录名或邮箱" name="account" rules={rules.account} extra="重置密码的链接将发送到账户的注册邮箱，30 分钟内有效">
          <TrimInput maxLength={100} autoComplete="username" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={sending}>
          发送重置邮件
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/login">返回登录</Link>
        <Link to="/trade/register">注册新账户</Link>
      </div>
    </TradeCard>
  );
}
