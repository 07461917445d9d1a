import { Button, Form, Input, Radio, Space } from 'antd';
import { useEffect } from 'react';
import { payeeInput } from '@factoring/domain/contract/schemas';
import { schemaRule } from '../../lib/schema-rule.ts';
import type { PayeeInput } from './api.ts';

interface Props {
  initial?: PayeeInput;
  submitText: string;
  busy: boolean;
  onSubmit(values: PayeeInput): void;
  extra?: React.ReactNode;
}

/** The payee fields of directed payment: name, bank and branch, account number, relation. */
export function PayeeForm({ initial, submitText, busy, onSubmit, extra }: Props) {
  const [form] = Form.useForm<PayeeInput>();
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
      <Form.Item name="name" label="收款方名称" rules={[schemaRule(payeeInput.shape.name)]}>
        <Input placeholder="收款企业全称" data-testid="payee-name" />
      </Form.Item>
      <Form.Item name="bankName" label="开户银行及支行" rules={[schemaRule(payeeInput.shape.bankName)]}>
        <Input placeholder="如：中国银行南昌分行" data-testid="payee-bank" />
      </Form.Item>
      <Form.Item name="accountNo" label="收款账号" rules={[schemaRule(payeeInput.shape.accountNo)]}>
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
