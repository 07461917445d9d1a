import { formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Descriptions, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { tryParseYuan, yuanRule } from '../../lib/money.ts';
import { useAccountBalance, useTransfer } from './api.ts';

interface Values {
  payeeAccountNo: string;
  payeeName: string;
  amount: string;
  memo?: string;
}

/** `/user/internalTransfer` (PRODUCT §5): to another enterprise's virtual account; number and name must match; fee shown; password confirmation. */
export default function InternalTransferPage() {
  const navigate = useNavigate();
  const balance = useAccountBalance();
  const [form] = Form.useForm<Values>();
  const amountText = Form.useWatch('amount', form);
  const [confirming, setConfirming] = useState<(Omit<Values, 'amount'> & { amount: number }) | null>(null);
  const transfer = useTransfer();

  if (balance.isError) return <LoadFailure title="暂不能转账" error={balance.error} />;
  const a = balance.data;
  const fee = a?.fees.inTransfer ?? 0;
  const max = a ? Math.max(0, a.available - fee) : 0;
  const amount = tryParseYuan(amountText);

  return (
    <Card title="平台内转账" loading={balance.isLoading} data-testid="transfer-page">
      {a && (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16, maxWidth: 640 }}
            title="只能转入本平台其他企业的虚拟账户，收款账号与收款户名须与对方账户完全一致。"
          />
          <Descriptions column={1} size="small" style={{ maxWidth: 640, marginBottom: 16 }}>
            <Descriptions.Item label="付款账户">
              {a.accountName} · {a.accountNo}
            </Descriptions.Item>
            <Descriptions.Item label="可用余额">¥{formatYuan(a.available)}</Descriptions.Item>
            <Descriptions.Item label="转账手续费">
              <span data-testid="transfer-fee">¥{formatYuan(fee)}</span> / 笔
            </Descriptions.Item>
          </Descriptions>
          <Form
            form={form}
            layout="vertical"
            style={{ maxWidth: 420 }}
            onFinish={(v) =>
              setConfirming({
                ...v,
                payeeAccountNo: v.payeeAccountNo.replace(/\s+/g, ''),
                payeeName: v.payeeName.trim(),
                amount: tryParseYuan(v.amount)!,
              })
            }
          >
            <Form.Item
              name="payeeAccountNo"
              label="收款账号"
              rules={[
                { required: true, message: '请输入收款账号' },
                { pattern: /^[\d\s]{8,40}$/, message: '收款账号应为数字' },
              ]}
            >
              <Input placeholder="对方的虚拟账号" inputMode="numeric" data-testid="transfer-account" />
            </Form.Item>
            <Form.Item name="payeeName" label="收款户名" rules={[{ required: true, whitespace: true, message: '请输入收款户名' }]}>
              <Input placeholder="对方企业全称" data-testid="transfer-name" />
            </Form.Item>
            <Form.Item
              name="amount"
              label="转账金额（元）"
              validateFirst
              rules={[yuanRule('转账金额', () => max, `转账金额不能超过 ¥${formatYuan(max)}（可用余额 − 手续费）`)]}
              extra={amount ? `手续费 ¥${formatYuan(fee)}，合计扣除 ¥${formatYuan(amount + fee)}` : `最多可转 ¥${formatYuan(max)}`}
            >
              <Input prefix="¥" placeholder="请输入转账金额" inputMode="decimal" data-testid="transfer-amount" />
            </Form.Item>
            <Form.Item name="memo" label="附言" rules={[{ max: 100, message: '附言不超过100个字' }]}>
              <Input placeholder="选填，如：货款" />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" disabled={max <= 0} data-testid="transfer-submit">
                下一步
              </Button>
              <Link to="/user/moneySummary">
                <Button>返回账户</Button>
              </Link>
            </Space>
          </Form>
        </>
      )}
      <ConfirmPasswordModal
        open={confirming !== null}
        title="确认转账"
        summary={
          confirming
            ? [
                { label: '收款户名', value: confirming.payeeName },
                { label: '收款账号', value: confirming.payeeAccountNo },
                { label: '转账金额', value: `¥${formatYuan(confirming.amount)}` },
                { label: '手续费', value: `¥${formatYuan(fee)}` },
                { label: '合计扣除', value: <b>¥{formatYuan(confirming.amount + fee)}</b> },
              ]
            : []
        }
        onConfirm={(confirmation) => transfer.mutateAsync({ ...confirming!, memo: confirming!.memo?.trim() || undefined, ...confirmation })}
        onCancel={() => setConfirming(null)}
        onDone={(result) => {
          setConfirming(null);
          form.resetFields();
          navigate(`/user/moneyflowSuccess?refNo=${encodeURIComponent(result.refNo)}`, { state: result });
        }}
      />
    </Card>
  );
}
