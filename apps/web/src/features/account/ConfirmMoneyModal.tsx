import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { isRequestFailure, type Envelope } from '../../lib/request.ts';
import { newIdempotencyKey, type MoneyResult } from './api.ts';

interface Props {
  open: boolean;
  title: string;
  /** What is about to happen, shown above the password field (amount, fee, payee…). */
  summary: { label: string; value: ReactNode }[];
  /** Sends the call with the password and this dialog's idempotency key. */
  onConfirm(password: string, idempotencyKey: string): Promise<Envelope<MoneyResult | string>>;
  onDone(result: MoneyResult): void;
  onCancel(): void;
}

/**
 * The second confirmation before money moves (PRODUCT §2): the login password, RSA-encrypted by the
 * caller. One idempotency key per opening of the dialog: pressing confirm twice, or retrying after a
 * lost answer, moves the money once; a wrong password can be corrected and confirmed again.
 */
export function ConfirmMoneyModal({ open, title, summary, onConfirm, onDone, onCancel }: Props) {
  const [form] = Form.useForm<{ password: string }>();
  const [key, setKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    form.resetFields();
    setFailure(null);
    setKey(newIdempotencyKey());
  };

  const submit = async ({ password }: { password: string }) => {
    setFailure(null);
    setBusy(true);
    try {
      const res = await onConfirm(password, key);
      if (res.status === 'OK' && typeof res.message === 'object' && res.message) {
        reset();
        onDone(res.message);
        return;
      }
      const message = typeof res.message === 'string' ? res.message : '操作失败';
      if (message.includes('密码')) form.setFields([{ name: 'password', errors: [message], value: '' }]);
      else setFailure(message);
    } catch (err) {
      setFailure(isRequestFailure(err) ? err.message : '操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="确认"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => {
        reset();
        onCancel();
      }}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'confirm-money' } as React.ComponentProps<typeof Modal>['okButtonProps']}
    >
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} data-testid="confirm-summary">
        {summary.map((s) => (
          <Descriptions.Item key={s.label} label={s.label}>
            {s.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="confirm-error" />}
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码确认本次操作' }]} extra="密码经 RSA 加密后传输，仅用于确认本次操作。">
          <Input.Password placeholder="请输入登录密码" autoComplete="current-password" data-testid="confirm-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
