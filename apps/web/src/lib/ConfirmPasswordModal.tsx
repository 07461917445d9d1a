import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { newIdempotencyKey, type Confirmation } from './confirm.ts';
import { fieldOfFailure } from './error-codes.ts';
import { isRequestFailure } from './request.ts';

interface Props<T> {
  open: boolean;
  title: string;
  /** What is about to happen (amounts, accounts), shown above the password. */
  summary: { label: string; value: ReactNode }[];
  okText?: string;
  /** More form items under the password (e.g. "I have read the contract"), validated with it. */
  children?: ReactNode;
  /**
   * Sends the call with the password (plain: the call encrypts it) and this dialog's idempotency
   * key: usually an action's `mutateAsync`, which rejects with the server's refusal.
   */
  onConfirm(confirmation: Confirmation): Promise<T>;
  onDone(result: T): void;
  onCancel(): void;
}

/**
 * THE confirmation before money moves or a contract is signed (PRODUCT §2): the login password,
 * sent RSA-encrypted. One idempotency key per opening: confirming twice, or retrying after a lost
 * answer, acts once. A refusal stays in the dialog so it can be corrected and confirmed again: a
 * password code (`fieldOfFailure`) on the password field, any other refusal above the form.
 */
export function ConfirmPasswordModal<T>({ open, title, summary, okText = '确认', children, onConfirm, onDone, onCancel }: Props<T>) {
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
      const result = await onConfirm({ password, idempotencyKey: key });
      reset();
      onDone(result);
    } catch (err) {
      const message = isRequestFailure(err) ? err.message : '操作失败，请稍后重试';
      if (fieldOfFailure(err) === 'password') form.setFields([{ name: 'password', errors: [message], value: '' }]);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => {
        reset();
        onCancel();
      }}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'confirm-ok' } as React.ComponentProps<typeof Modal>['okButtonProps']}
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
        <Form.Item
          name="password"
          label="登录密码"
          rules={[{ required: true, message: '请输入登录密码确认本次操作' }]}
          extra="密码经 RSA 加密后传输，仅用于确认本次操作。"
        >
          <Input.Password placeholder="请输入登录密码" autoComplete="current-password" data-testid="confirm-password" />
        </Form.Item>
        {children}
      </Form>
    </Modal>
  );
}
