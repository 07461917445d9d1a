import { formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Empty, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { tryParseYuan, yuanRule } from '../../lib/money.ts';
import { useControlled, usePayees, useTargetedPayment, type TargetedPayment } from './api.ts';

interface Values {
  payeeId: number;
  trancheId?: number;
  amount: string;
  purpose?: string;
}

/** `/user/purchasePayment` (PRODUCT §5): pay a supplier for a purchase from controlled funds (targeted payment to a whitelisted payee). */
export default function PurchasePaymentPage() {
  const navigate = useNavigate();
  const controlled = useControlled();
  const payees = usePayees({ status: 'ACTIVE' }, { page: 1, size: 200 });
  const [form] = Form.useForm<Values>();
  const trancheId = Form.useWatch('trancheId', form);
  const [confirming, setConfirming] = useState<TargetedPayment | null>(null);
  const pay = useTargetedPayment();

  const tranches = (controlled.data?.items ?? []).filter((t) => t.remaining > 0);
  const cap = trancheId ? (tranches.find((t) => t.id === trancheId)?.remaining ?? 0) : (controlled.data?.totals.remaining ?? 0);
  const payee = payees.data?.items.find((p) => p.id === confirming?.payeeId);

  return (
    <Card title="采购付款（定向支付）" loading={controlled.isLoading || payees.isLoading}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16, maxWidth: 640 }}
        title="受控资金只能支付给白名单中已生效的收款方；未指定批次时按放款先后依次使用。"
      />
      {!tranches.length ? (
        <Empty description="暂无可用的受控资金">
          <Link to="/user/moneyflowControl">
            <Button>查看受控资金</Button>
          </Link>
        </Empty>
      ) : !payees.data?.items.length ? (
        <Empty description="白名单中还没有已生效的收款方">
          <Link to="/user/openLastDirPayment">
            <Button type="primary">新增收款方</Button>
          </Link>
        </Empty>
      ) : (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 480 }}
          onFinish={(v) =>
            setConfirming({
              payeeId: v.payeeId,
              trancheId: v.trancheId,
              amount: tryParseYuan(v.amount)!,
              purpose: v.purpose?.trim() || undefined,
            })
          }
        >
          <Form.Item name="payeeId" label="收款方" rules={[{ required: true, message: '请选择收款方' }]}>
            <Select
              placeholder="白名单中已生效的收款方"
              options={(payees.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.accountNo}）` }))}
            />
          </Form.Item>
          <Form.Item name="trancheId" label="受控批次">
            <Select
              allowClear
              placeholder="按放款先后自动使用"
              options={tranches.map((t) => ({ value: t.id, label: `${t.sourceRef} · 剩余 ¥${formatYuan(t.remaining)}` }))}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label="支付金额（元）"
            validateFirst
            dependencies={['trancheId']}
            rules={[yuanRule('支付金额', () => cap, `支付金额不能超过剩余受控资金 ¥${formatYuan(cap)}`)]}
            extra={`可用受控资金 ¥${formatYuan(cap)}，定向支付不收手续费`}
          >
            <Input prefix="¥" inputMode="decimal" placeholder="请输入支付金额" />
          </Form.Item>
          <Form.Item name="purpose" label="用途" rules={[{ max: 100 }]}>
            <Input placeholder="如：采购合同 CG-2026-001 货款" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              下一步
            </Button>
          </Space>
        </Form>
      )}
      <ConfirmPasswordModal
        open={confirming !== null}
        title="确认定向支付"
        summary={
          confirming
            ? [
                { label: '收款方', value: payee ? `${payee.name}（${payee.accountNo}）` : '—' },
                { label: '支付金额', value: <b>¥{formatYuan(confirming.amount)}</b> },
                { label: '手续费', value: '¥0.00' },
                {
                  label: '资金来源',
                  value: confirming.trancheId
                    ? (tranches.find((t) => t.id === confirming.trancheId)?.sourceRef ?? '')
                    : '受控资金（按放款先后）',
                },
              ]
            : []
        }
        onConfirm={(confirmation) => pay.mutateAsync({ ...confirming!, ...confirmation })}
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
