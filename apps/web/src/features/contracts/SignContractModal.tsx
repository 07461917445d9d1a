import { formatYuan } from '@factoring/domain';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { isRequestFailure } from '../../lib/request.ts';
import { useSignContract, type Contract } from './api.ts';

interface Props {
  contract: Contract | null;
  onClose(): void;
  onSigned(c: Contract): void;
  onView(c: Contract): void;
}

interface Values {
  password: string;
  agreed: boolean;
}

/** Signing with password confirmation: the login password, RSA-encrypted, checked by the server. */
export function SignContractModal({ contract: c, onClose, onSigned, onView }: Props) {
  const [form] = Form.useForm<Values>();
  const sign = useSignContract();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    sign.reset();
    onClose();
  };

  const submit = async ({ password }: Values) => {
    if (!c) return;
    setFailure(null);
    try {
      const res = await sign.mutateAsync({ id: c.id, password });
      if (res.status === 'OK' && typeof res.message === 'object') {
        form.resetFields();
        onSigned(res.message);
        return;
      }
      const message = typeof res.message === 'string' ? res.message : '签署失败';
      if (message.includes('密码')) form.setFields([{ name: 'password', errors: [message], value: '' }]);
      else setFailure(message);
    } catch (err) {
      // 404 (another enterprise's or a removed contract) and transport failures: the request layer may be silent.
      setFailure(isRequestFailure(err) ? err.message : '签署失败，请稍后重试');
    }
  };

  return (
    <Modal
      open={c !== null}
      title="签署合同"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={sign.isPending} onClick={() => form.submit()} data-testid="confirm-sign">
          确认签署
        </Button>,
      ]}
    >
      {c && (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="合同编号">{c.contractNo}</Descriptions.Item>
            <Descriptions.Item label="合同名称">{c.title}</Descriptions.Item>
            <Descriptions.Item label="相对方">{c.counterparty}</Descriptions.Item>
            <Descriptions.Item label="合同金额">¥{formatYuan(c.amount)}</Descriptions.Item>
          </Descriptions>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="签署即表示贵司同意合同全部条款"
            description={
              <>
                签署时将记录签署人、时间、IP 地址与合同文件的 SHA-256 摘要。签署前请
                <Button type="link" size="small" style={{ padding: '0 2px' }} onClick={() => onView(c)}>
                  查看合同全文
                </Button>
                。
              </>
            }
          />
          {failure && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={failure} />}
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ agreed: false }}>
            <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请输入登录密码' }]}>
              <Input.Password autoComplete="current-password" placeholder="请输入登录密码确认签署" onPressEnter={() => form.submit()} />
            </Form.Item>
            <Form.Item
              name="agreed"
              valuePropName="checked"
              rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error('请确认已阅读合同'))) }]}
            >
              <Checkbox>我已阅读并同意本合同全部条款</Checkbox>
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
