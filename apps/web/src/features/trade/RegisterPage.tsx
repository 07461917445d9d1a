import { CheckCircleFilled, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../lib/feedback.ts';
import { writeLocal } from '../../lib/storage.ts';
import { encryptAll, useAccountMailCall, useRegister } from './api.ts';
import { rules } from './rules.ts';
import { TrimInput } from '../../lib/TextInput.tsx';
import { useBlurValidation } from '../../lib/blur-validation.ts';
import { TradeCard } from './TradeCard.tsx';
import { useChallenge, type ChallengeState } from './use-challenge.ts';

interface Values {
  email: string;
  loginName: string;
  enterpriseName: string;
  mobile: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

/** Shows the proof-of-work's progress where a captcha would be; its errors appear under it. */
function ChallengeStatus({ state, onRetry }: { state: ChallengeState; onRetry(): void; value?: unknown; onChange?: unknown }) {
  if (state === 'ready')
    return (
      <Typography.Text type="success" data-testid="challenge-ready">
        <CheckCircleFilled /> 安全校验已完成
      </Typography.Text>
    );
  if (state === 'error')
    return (
      <Space>
        <Typography.Text type="danger">安全校验加载失败</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
          重试
        </Button>
      </Space>
    );
  return (
    <Typography.Text type="secondary">
      <LoadingOutlined /> 正在进行安全校验（自动完成，约需数秒）…
    </Typography.Text>
  );
}

const AGREEMENT = [
  '1. 您应保证注册信息真实、准确、完整，并及时更新；因信息不实造成的损失由您自行承担。',
  '2. 账户仅限本企业授权人员使用，请妥善保管登录名与密码，不得出借、转让。',
  '3. 平台依法对企业身份进行实名认证，并按《隐私政策》保护您提交的企业与个人信息，仅用于开展保理及供应链融资业务和履行监管义务。',
  '4. 融资的额度、利率、费用以双方签署的合同为准；平台展示的利率仅供参考。',
];

/** `/trade/register` (PRODUCT §3): creates an inactive account and mails the activation link. */
export default function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const blur = useBlurValidation();
  const feedback = useFeedback();
  const challenge = useChallenge();
  const register = useRegister();
  const resendMail = useAccountMailCall('resendActivation');
  const [preparing, setPreparing] = useState(false);
  const [done, setDone] = useState<{ loginName: string; email: string } | null>(null);

  const submit = async (values: Values) => {
    setPreparing(true);
    let prepared: Awaited<ReturnType<typeof challenge.take>> & { password: string; confirmPassword: string };
    try {
      prepared = {
        ...(await challenge.take()),
        ...(await encryptAll({ password: values.password, confirmPassword: values.confirmPassword })),
      };
    } catch (err) {
      feedback.showFailure(err);
      return;
    } finally {
      setPreparing(false);
    }
    const account = await register.run(
      {
        email: values.email.trim(),
        loginName: values.loginName.trim(),
        enterpriseName: values.enterpriseName.trim(),
        mobile: values.mobile.trim(),
        agree: values.agree === true,
        ...prepared,
      },
      { form },
    );
    if (!account) return;
    writeLocal('loginName', account.loginName);
    setDone(account);
  };
  const submitting = preparing || register.isPending;

  const resend = async () => {
    if (!done) return;
    const text = await resendMail.run(done.loginName);
    if (text !== undefined) feedback.success(String(text));
  };

  if (done) {
    return (
      <TradeCard testId="register-done">
        <Result
          status="success"
          title="注册成功，请激活账户"
          subTitle={
            <>
              激活邮件已发送至 <b>{done.email}</b>，请在 24 小时内点击邮件中的链接激活账户，激活后即可登录。
            </>
          }
          extra={[
            <Link key="login" to="/login">
              <Button type="primary">去登录</Button>
            </Link>,
            <Button key="resend" onClick={() => void resend()}>
              没收到？重新发送
            </Button>,
          ]}
        />
      </TradeCard>
    );
  }

  return (
    <TradeCard title="注册企业账户" width={520} testId="register-form">
      {/* noValidate: the browser's own (English) bubbles never cover the form's Chinese messages. */}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        onFieldsChange={blur.onFieldsChange}
        scrollToFirstError
        autoComplete="off"
        noValidate
        data-testid="register-fields"
      >
        <Form.Item label="邮箱" name="email" rules={rules.email} validateTrigger={blur.trigger('email')} extra="用于接收激活邮件与找回密码">
          <TrimInput type="email" maxLength={100} autoComplete="email" placeholder="name@company.com" />
        </Form.Item>
        <Form.Item
          label="登录名"
          name="loginName"
          rules={rules.loginName}
          validateTrigger={blur.trigger('loginName')}
          extra="4–20 位字母、数字或下划线，不区分大小写"
        >
          <TrimInput maxLength={20} autoComplete="username" />
        </Form.Item>
        <Form.Item
          label="企业名称"
          name="enterpriseName"
          rules={rules.enterpriseName}
          validateTrigger={blur.trigger('enterpriseName')}
          extra="与营业执照一致，实名认证时核对"
        >
          <TrimInput maxLength={50} autoComplete="organization" />
        </Form.Item>
        <Form.Item label="手机号码" name="mobile" rules={rules.mobile} validateTrigger={blur.trigger('mobile')}>
          <TrimInput maxLength={11} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
        <Form.Item
          label="登录密码"
          name="password"
          rules={rules.password}
          validateTrigger={blur.trigger('password')}
          extra="至少 8 位，须同时包含字母和数字"
          hasFeedback
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirmPassword"
          dependencies={['password']}
          rules={rules.confirm('password')}
          validateTrigger={blur.trigger('confirmPassword')}
          hasFeedback
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="人机校验" name="challenge">
          <ChallengeStatus state={challenge.state} onRetry={() => void challenge.retry().catch(() => undefined)} />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            { validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意《平台服务协议》和《隐私政策》'))) },
          ]}
        >
          <Checkbox>
            我已阅读并同意
            <a
              onClick={(e) => {
                e.preventDefault();
                feedback.modal.info({
                  title: '平台服务协议与隐私政策（摘要）',
                  width: 560,
                  content: AGREEMENT.map((p) => <p key={p}>{p}</p>),
                });
              }}
            >
              《平台服务协议》和《隐私政策》
            </a>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          注 册
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <span>
          已有账户？<Link to="/login">去登录</Link>
        </span>
        <Link to="/trade/opttimeout?type=activate">没收到激活邮件？</Link>
      </div>
    </TradeCard>
  );
}
