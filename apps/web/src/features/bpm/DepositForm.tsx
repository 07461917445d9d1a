import { Alert, Button, Card, Descriptions, Form, Input, Modal, Result } from 'antd';
import { formatYuan, type Cents } from '@factoring/domain';
import { useState } from 'react';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { tryParseYuan, yuanRule } from '../../lib/money.ts';
import { fetchVirtualAccountHolder, useDeposit, type DepositSubmitted, type VirtualAccountHolder as Holder } from './api.ts';

interface DepositInput {
  accountNo: string;
  amount: string;
  payerName?: string;
  payerAccountNo?: string;
  memo?: string;
}

/**
 * How money enters the platform (PRODUCT §5): an operator records an incoming bank transfer to an
 * enterprise's virtual account number. The holder is looked up and shown before confirming; one
 * idempotency key per confirmation, so a double click or a retry records the deposit once. Recorded
 * is not credited: another operator approves the 入金复核 task in the inbox, which credits it (four eyes).
 */
export function DepositForm() {
  const deposit = useDeposit();
  const [form] = Form.useForm<DepositInput>();
  const [holder, setHolder] = useState<Holder | null>(null);
  const [pending, setPending] = useState<{ input: DepositInput; amount: Cents; key: string } | null>(null);
  const [done, setDone] = useState<(DepositSubmitted & { accountName: string }) | null>(null);

  const lookUp = async (accountNo: string) => {
    setHolder(null);
    if (!accountNo.trim()) return;
    try {
      setHolder(await fetchVirtualAccountHolder(accountNo.trim()));
    } catch (err) {
      form.setFields([{ name: 'accountNo', errors: [(err as { message?: string }).message ?? '虚拟账号不存在'] }]);
    }
  };

  const review = (input: DepositInput) => {
    if (!holder) {
      form.setFields([{ name: 'accountNo', errors: ['请先核对虚拟账号对应的企业'] }]);
      return;
    }
    setPending({ input, amount: tryParseYuan(input.amount)!, key: newIdempotencyKey() });
  };

  const confirm = async () => {
    if (!pending) return;
    const result = await deposit.run({
      ...pending.input,
      accountNo: pending.input.accountNo.trim(),
      amount: pending.amount,
      idempotencyKey: pending.key,
    });
    if (!result) return;
    setDone({ ...result, accountName: holder?.accountName ?? '' });
    setPending(null);
    form.resetFields();
    setHolder(null);
  };

  if (done) {
    return (
      <Result
        status="info"
        title="已提交，待另一位操作员复核入账"
        subTitle={`${done.accountName} ¥${formatYuan(done.amount)}：入金复核任务 #${done.taskId} 已进入任务列表，须由另一位操作员核对银行回单后通过，方记入虚拟账户。`}
        extra={<Button onClick={() => setDone(null)}>继续登记</Button>}
        data-testid="deposit-done"
      />
    );
  }

  return (
    <Card style={{ maxWidth: 640 }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="核对银行到账回单后登记：登记后生成「入金复核」任务，另一位操作员复核通过后，资金才记入企业虚拟账户的可用余额。"
      />
      <Form form={form} layout="vertical" onFinish={review} data-testid="deposit-form">
        <Form.Item
          name="accountNo"
          label="虚拟账号"
          rules={[{ required: true, whitespace: true, message: '请输入虚拟账号' }]}
          extra={holder ? `户名：${holder.accountName}` : '输入后自动核对户名'}
        >
          <Input placeholder="6222…" maxLength={40} onBlur={(e) => void lookUp(e.target.value)} data-testid="deposit-account" />
        </Form.Item>
        <Form.Item name="amount" label="入账金额（元）" rules={[yuanRule('入账金额')]}>
          <Input placeholder="例如 100000.00" maxLength={20} data-testid="deposit-amount" />
        </Form.Item>
        <Form.Item name="payerName" label="付款户名">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="payerAccountNo" label="付款账号">
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="memo" label="备注">
          <Input maxLength={200} placeholder="银行回单号等" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          核对并登记
        </Button>
      </Form>
      <Modal
        open={!!pending}
        title="确认登记入金"
        okText="提交复核"
        confirmLoading={deposit.isPending}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
        okButtonProps={{ 'data-testid': 'deposit-confirm' } as never}
      >
        {pending && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="入账企业">{holder?.accountName}</Descriptions.Item>
            <Descriptions.Item label="虚拟账号">{pending.input.accountNo.trim()}</Descriptions.Item>
            <Descriptions.Item label="金额">¥ {formatYuan(pending.amount)}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </Card>
  );
}
