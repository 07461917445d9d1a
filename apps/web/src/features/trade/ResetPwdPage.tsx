import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { reportFailure } from '../../lib/action.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { isRequestFailure } from '../../lib/request.ts';
import { writeLocal } from '../../lib/storage.ts';
import { checkToken, encryptAll, useResetPassword } from './api.ts';
import { rules } from './rules.ts';
import { TradeCard } from './TradeCard.tsx';

interface Values {
  password: string;
  confirmPassword: string;
}

/** `/trade/resetpwd?token=…`: a new password twice; the link works once within 30 minutes; every session ends. */
export default function ResetPwdPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const [checked, setChecked] = useState(false);
  const [encrypting, setEncrypting] = useState(false);
  const reset = useResetPassword();
  const feedback = useFeedback();
  const [done, setDone] = useState<string | null>(null);

  // Say at once when the link can no longer be used, before the visitor types a new password.
  useEffect(() => {
    if (!token) {
      navigate('/trade/opttimeout?type=reset&reason=INVALID', { replace: true });
      return;
    }
    let live = true;
    checkToken(token, 'reset').then(
      (res) => {
        if (!live) return;
        if (res.status === 'ERROR') navigate(`/trade/opttimeout?type=reset&reason=${res.reason ?? 'INVALID'}`, { replace: true });
        else setChecked(true);
      },
      () => live && setChecked(true), // the submission will tell
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  const submit = async (values: Values) => {
    setEncrypting(true);
    let encrypted: { password: string; confirmPassword: string };
    try {
      encrypted = await encryptAll({ password: values.password, confirmPassword: values.confirmPassword });
    } catch (err) {
      feedback.showFailure(err);
      return;
    } finally {
      setEncrypting(false);
    }
    try {
      const { loginName } = await reset.mutateAsync({ token, ...encrypted });
      writeLocal('loginName', loginName);
      await queryClient.invalidateQueries(); // every session of the user has ended, this browser's too
      setDone(loginName);
    } catch (err) {
      // A link that can no longer be used has its own page; any other refusal is shown the one way.
      if (isRequestFailure(err) && err.reason) navigate(`/trade/opttimeout?type=reset&reason=${err.reason}`, { replace: true });
      else reportFailure(err, feedback, form);
    }
  };
  const saving = encrypting || reset.isPending;

  if (done) {
    return (
      <TradeCard testId="resetpwd-done">
        <Result
          status="success"
          title="密码已重置"
          subTitle={`登录名：${done}。为了安全，所有设备上的登录都已退出，请使用新密码登录。`}
          extra={
            <Link to="/login">
              <Button type="primary" size="large">
                去登录
              </Button>
            </Link>
          }
        />
      </TradeCard>
    );
  }
  if (!checked) {
    return (
      <TradeCard>
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      </TradeCard>
    );
  }
  return (
    <TradeCard title="设置新密码" testId="resetpwd">
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item label="新密码" name="password" rules={rules.password} extra="至少 8 位，须同时包含字母和数字" hasFeedback>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmPassword" dependencies={['password']} rules={rules.confirm('password')} hasFeedback>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={saving}>
          重置密码
        </Button>
      </Form>
    </TradeCard>
  );
}
