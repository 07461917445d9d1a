import { formatYuan, splitOrderPayment, type Cents } from '@factoring/domain';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { dateTime } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { isRequestFailure } from '../../lib/request.ts';
import { useOrders, usePaymentQuote, usePayOrder, type PaymentResult } from './api.ts';

/** What the payment would draw from, as the server will split it; null when it cannot be paid. */
function preview(amount: number | null, q: { outstanding: number; controlled: number; available: number; fee: number } | undefined) {
  if (!amount || !q) return null;
  try {
    return { ok: true as const, ...splitOrderPayment({ amount, ...q }) };
  } catch (err) {
    return { ok: false as const, message: err instanceof Error ? err.message : '不能支付' };
  }
}

/**
 * `/purchaseSalesManage/targetedPayment` (PRODUCT §9, §5): pay a confirmed purchase order to its
 * supplier — controlled funds first, then free funds, only to an active whitelisted payee whose name
 * is the supplier's — with the fee shown, the login password confirmed, then the result.
 */
export default function TargetedPaymentPage() {
  const [params, setParams] = useSearchParams();
  const orderId = Number(params.get('id')) || null;
  const payable = useOrders({ payable: '1' }, { page: 1, size: 100 });
  const quote = usePaymentQuote(orderId);
  const pay = usePayOrder();
  const [form] = Form.useForm<{ payeeId: number; amount: string }>();
  const [confirming, setConfirming] = useState<{ payeeId: number; amount: number } | null>(null);
  const [done, setDone] = useState<PaymentResult | null>(null);
  const q = quote.data;
  const amount = tryParseYuan(Form.useWatch('amount', form));
  const split = useMemo(() => preview(amount, q), [amount, q]);

  useEffect(() => {
    if (!q) return;
    form.setFieldsValue({ amount: formatYuan(q.outstanding).replaceAll(',', ''), payeeId: q.payees[0]?.id });
  }, [q, form]);

  if (done) {
    return (
      <Result
        status="success"
        title="定向支付成功"
        subTitle={`采购订单 ${done.orderNo} 已支付 ${yuan(done.amount)}，订单状态：${done.statusLabel}`}
        data-testid="payment-result"
        extra={[
          <Link key="order" to={`/purchaseSalesManage/orderManage?id=${done.orderId}`}>
            <Button type="primary">查看订单</Button>
          </Link>,
          <Button
            key="again"
            onClick={() => {
              setDone(null);
              setParams({});
            }}
          >
            继续支付
          </Button>,
        ]}
      >
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label="收款方">{`${done.payeeName}（${done.payeeAccountNo}）`}</Descriptions.Item>
          <Descriptions.Item label="支付金额">{yuan(done.amount)}</Descriptions.Item>
          <Descriptions.Item label="其中受控资金">{yuan(done.fromControlled)}</Descriptions.Item>
          <Descriptions.Item label="其中可用资金">{yuan(done.fromFree)}</Descriptions.Item>
          <Descriptions.Item label="手续费">{yuan(done.fee)}</Descriptions.Item>
          <Descriptions.Item label="订单未付">
            <span data-testid="result-outstanding">{yuan(done.outstanding)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="流水号">{done.refNos.join('，')}</Descriptions.Item>
          <Descriptions.Item label="时间">{dateTime(done.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Result>
    );
  }

  const payee = q?.payees.find((p) => p.id === confirming?.payeeId);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="targeted-payment">
      <Card title="选择采购订单">
        <Select
          style={{ width: '100%', maxWidth: 640 }}
          aria-label="采购订单"
          placeholder={payable.isLoading ? '加载中…' : '选择待付款的采购订单'}
          value={orderId ?? undefined}
          onChange={(id) => setParams({ id: String(id) })}
          loading={payable.isLoading}
          notFoundContent="暂无待付款的采购订单"
          options={(payable.data?.items ?? []).map((o) => ({
            value: o.id,
            label: `${o.orderNo} · ${o.counterpartyName} · 未付 ${yuan(o.outstanding)}`,
          }))}
          data-testid="payment-order"
        />
      </Card>
      {!orderId ? (
        <Card>
          <Empty description="请选择要支付的采购订单（已确认、未付清，且不是已融资订单）" />
        </Card>
      ) : quote.isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : !q ? (
        <Alert type="error" showIcon title={isRequestFailure(quote.error) ? quote.error.message : '该订单不能支付'} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card title={`支付 ${q.orderNo}`}>
              <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
                {/* Two a row on a phone: three yuan figures side by side run into each other at 390 px. */}
                <Col xs={12} sm={8}>
                  <Statistic title="订单金额" value={yuan(q.totalAmount)} />
                </Col>
                <Col xs={12} sm={8}>
                  <Statistic title="已付" value={yuan(q.paidAmount)} />
                </Col>
                <Col xs={24} sm={8}>
                  <Statistic title="应付（未付）" value={yuan(q.outstanding)} valueStyle={{ fontWeight: 600 }} />
                </Col>
              </Row>
              {q.payees.length === 0 ? (
                <Alert
                  type="warning"
                  showIcon
                  title={`「${q.counterpartyName}」不在您生效的定向支付白名单中`}
                  description="定向支付只能付给审核通过的白名单收款方，且收款方名称须与订单供应商一致。"
                  action={<Link to="/user/openLastDirPayment">开通定向支付</Link>}
                />
              ) : (
                <Form
                  form={form}
                  layout="vertical"
                  onFinish={(v) => setConfirming({ payeeId: v.payeeId, amount: tryParseYuan(v.amount)! })}
                >
                  <Form.Item name="payeeId" label="收款方（白名单）" rules={[{ required: true, message: '请选择收款方' }]}>
                    <Select
                      options={q.payees.map((p) => ({ value: p.id, label: `${p.name} · ${p.bankName} · ${p.accountNo}` }))}
                      data-testid="payment-payee"
                    />
                  </Form.Item>
                  <Form.Item
                    name="amount"
                    label="本次支付金额（元）"
                    extra="可部分支付，不超过订单未付金额"
                    rules={[
                      yuanRule(
                        '支付金额',
                        () => q.outstanding,
                        (cap) => `支付金额不能超过订单未付金额 ${formatYuan(cap)} 元`,
                      ),
                    ]}
                  >
                    <Input inputMode="decimal" data-testid="payment-amount" />
                  </Form.Item>
                  {split && !split.ok && <Alert type="error" showIcon title={split.message} style={{ marginBottom: 16 }} />}
                  <Button type="primary" htmlType="submit" disabled={!split?.ok} data-testid="payment-submit">
                    支付
                  </Button>
                </Form>
              )}
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title="资金来源（先受控资金，后可用资金）">
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label="受控资金余额">{yuan(q.controlled)}</Descriptions.Item>
                <Descriptions.Item label="可用余额">{yuan(q.available)}</Descriptions.Item>
                <Descriptions.Item label="手续费（从可用余额扣除）">{yuan(q.fee)}</Descriptions.Item>
                {split?.ok && (
                  <>
                    <Descriptions.Item label="本次使用受控资金">
                      <Typography.Text strong data-testid="split-controlled">
                        {yuan(split.fromControlled)}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label="本次使用可用资金（含手续费）">
                      <Typography.Text strong data-testid="split-free">
                        {yuan(split.freeTotal)}
                      </Typography.Text>
                    </Descriptions.Item>
                  </>
                )}
              </Descriptions>
            </Card>
          </Col>
        </Row>
      )}
      <ConfirmPasswordModal<PaymentResult>
        open={confirming !== null}
        title="确认定向支付"
        okText="确认支付"
        summary={
          confirming && q
            ? [
                { label: '采购订单', value: q.orderNo },
                { label: '收款方', value: payee ? `${payee.name}（${payee.accountNo}）` : '—' },
                { label: '支付金额', value: <b>{yuan(confirming.amount)}</b> },
                { label: '手续费', value: yuan(q.fee) },
                { label: '资金来源', value: split?.ok ? `受控资金 ${yuan(split.fromControlled)}，可用资金 ${yuan(split.fromFree)}` : '—' },
              ]
            : []
        }
        onConfirm={(confirmation) =>
          pay.mutateAsync({ id: q!.orderId, payeeId: confirming!.payeeId, amount: confirming!.amount as Cents, confirmation })
        }
        onDone={(r) => {
          setConfirming(null);
          setDone(r);
        }}
        onCancel={() => setConfirming(null)}
      />
    </Space>
  );
}
