import { Button, Form, Input, Radio, Space } from 'antd';
import { useEffect } from 'react';
import type { PayeeValues } from './api.ts';

interface Props {
  initial?: PayeeValues;
  submitText: string;
  busy: boolean;
  onSubmit(values: PayeeValues): void;
  extra?: React.ReactNode;
}

/** The payee fields of directed payment: name, bank and branch, account number, relation. */
export function PayeeForm({ initial, submitText, busy, onSubmit, extra }: Props) {
  const [form] = Form.useForm<PayeeValues>();
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [form, initial]);
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ relation: 'UPSTREAM', ...initial }}
      onFinish={(v) => onSubmit({ ...v, name: v.name.trim(), bankName: v.bankName.trim(), accountNo: v.accountNo.replace(/\s+/g, '') })}
    >
      <Form.Item name="name" label="收款方名称" rules={[{ required: true, whitespace: true, message: '请输入收款方名称' }, { min: 2, max: 100, message: '2–100 个字' }]}>
        <Input placeholder="收款企业全称" data-testid="payee-name" />
      </Form.Item>
      <Form.Item name="bankName" label="开户银行及支行" rules={[{ required: true, whitespace: true, message: '请输入开户银行及支行' }, { min: 2, max: 100, message: '2–100 个字' }]}>
        <Input placeholder="如：中国银行南昌分行" data-testid="payee-bank" />
      </Form.Item>
      <Form.Item name="accountNo" label="收款账号" rules={[{ required: true, message: '请输入收款账号' }, { pattern: /^[\d\s]{8,40}$/, message: '收款账号应为 8–32 位数字' }]}>
        <Input placeholder="银行账号" inputMode="numeric" data-testid="payee-account" />
      </Form.Item>
      <Form.Item name="relation" label="与本企业关系">
        <Radio.Group
          options={[
            { value: 'UPSTREAM', label: '上游供应商' },
            { value: 'DOWNSTREAM', label: '下游客户' },
          ]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="payee-submit">
          {submitText}
        </Button>
        {extra}
      </Space>
    </Form>
  );
}
