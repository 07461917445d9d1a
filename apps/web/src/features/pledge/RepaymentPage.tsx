import { formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Radio, Skeleton, Space, Table } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { useFinancing, useRedeem } from './api.ts';
import { ReceiverPicker, type Receiver } from './ReceiverPicker.tsx';
import { useLoanFunds, useRepayFrom, type RepaySource } from './repay-sources.ts';

const SOURCE_LABELS: Record<RepaySource, string> = { CONTROLLED: '本笔融资受控资金', AVAILABLE: '可用资金' };

/**
 * /pledge/repaymentList: repay from the account (password) — from the controlled funds this financing
 * disbursed or from the free funds (issue 24) — then redeem goods (赎货) within what the repayment
 * covers; each redemption becomes a release order the warehouse executes.
 */
export default function RepaymentPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const detail = useFinancing(id);
  const repay = useRepayFrom();
  const redeem = useRedeem();
  const [form] = Form.useForm<{ amount: string; source: RepaySource }>();
  const [pending, setPending] = useState<{ amount: number; source: RepaySource } | null>(null);
  const funds = useLoanFunds(detail.data?.financingNo ?? null);
  const sourceField = Form.useWatch('source', form);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [receiver, setReceiver] = useState<Receiver | null>(null);
  const [redeemKey, renewRedeemKey] = useSubmissionKey();
  if (!id) return <Empty description="请从“我的融资”中选择一笔融资" />;
  if (detail.isPending) return <Skeleton active />;
  const d = detail.data;
  if (!d) return <Empty description="质押融资不存在" />;
  const owed = d.outstanding + d.interestOwed + d.penaltyOwed;
  const live = d.status === 'DISBURSED' || d.status === 'REPAYING';
  const balances = funds.data ? { CONTROLLED: funds.data.controlled, AVAILABLE: funds.data.available } : null;
  const source: RepaySource = sourceField ?? 'AVAILABLE';
  const chosen = Object.entries(quantities)
    .filter(([, q]) => q && Number(q) > 0)
    .map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }));

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large" data-testid="pledge-repay">
      <Card title="还款">
        <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="融资编号">{d.financingNo}</Descriptions.Item>
          <Descriptions.Item label="未还本金">{yuan(d.outstanding)}</Descriptions.Item>
          <Descriptions.Item label="应还合计">{yuan(owed)}</Descriptions.Item>
          {live && d.interestRefund > 0 && (
            <Descriptions.Item label="今日结清退还未用天数利息">
              <span data-testid="interest-refund">{yuan(d.interestRefund)}</span>
            </Descriptions.Item>
          )}
          {live && balances && (
            <>
              <Descriptions.Item label="本笔融资受控资金">
                <span data-testid="source-controlled">{yuan(balances.CONTROLLED)}</span>
              </Descriptions.Item>
              <Descriptions.Item label="可用资金">
                <span data-testid="source-available">{yuan(balances.AVAILABLE)}</span>
              </Descriptions.Item>
            </>
          )}
        </Descriptions>
        {live && funds.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : live ? (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ source: 'AVAILABLE' }}
            onFinish={(v) => setPending({ amount: tryParseYuan(v.amount)!, source: v.source ?? source })}
            style={{ maxWidth: 560 }}
          >
            <Form.Item name="source" label="还款资金来源" extra="受控资金只能归还放出它的这笔融资；结清后剩余受控资金自动转为可用资金。">
              <Radio.Group
                data-testid="repay-source"
                options={(['CONTROLLED', 'AVAILABLE'] as const).map((value) => ({
                  value,
                  label: `${SOURCE_LABELS[value]}${balances ? `（余额 ${yuan(balances[value])}）` : ''}`,
                  disabled: value === 'CONTROLLED' && (!balances || balances.CONTROLLED <= 0),
                }))}
                onChange={() => form.validateFields(['amount']).catch(() => undefined)}
              />
            </Form.Item>
            <Form.Item
              name="amount"
              label="还款金额（元）"
              rules={[
                yuanRule(
                  '还款金额',
                  () => Math.min(owed, balances?.[source] ?? owed),
                  (cap) =>
                    cap < owed
                      ? `${SOURCE_LABELS[source]}余额 ${formatYuan(cap)} 元，不足支付此金额`
                      : `还款金额不能超过应还 ${formatYuan(cap)} 元`,
                ),
              ]}
            >
              <Input inputMode="decimal" style={{ maxWidth: 240 }} />
            </Form.Item>
            <Space wrap size="middle">
              <Button htmlType="submit" type="primary">
                账户还款
              </Button>
              <Link to={`/pledge/repaymentVoucher?id=${id}`} style={{ textDecoration: 'underline' }}>
                线下转账还款（上传凭证）
              </Link>
            </Space>
          </Form>
        ) : (
          <Alert type="info" showIcon message="该融资当前不需要还款" />
        )}
      </Card>
      {live && (
        <Card title="赎货（按已还本金比例释放质押货物，且不超过按当前价格保持质押率所允许的数量）">
          {d.releasable && (
            <Alert
              type={Number(d.releasable.quantity) > 0 ? 'success' : 'info'}
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="releasable"
              title={`现可赎回 ${d.releasable.quantity} ${d.unit}`}
              description={d.releasable.reason}
            />
          )}
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            // Wider than a phone: the table scrolls inside its card, the page does not.
            scroll={{ x: 'max-content' }}
            dataSource={d.items}
            columns={[
              { title: '批次', dataIndex: 'batchNo' },
              { title: '质押数量', render: (_, i) => `${i.quantity} ${d.unit}` },
              { title: '已赎回', render: (_, i) => `${i.releasedQuantity} ${d.unit}` },
              { title: '剩余质押', render: (_, i) => `${i.remaining} ${d.unit}` },
              {
                title: '本次赎回',
                render: (_, i) => (
                  <InputNumber<string>
                    stringMode
                    min="0"
                    max={i.remaining}
                    precision={d.scale}
                    aria-label={`赎回数量 ${i.batchNo}`}
                    value={quantities[i.id]}
                    onChange={(v) => setQuantities((q) => ({ ...q, [i.id]: v ?? '' }))}
                    addonAfter={d.unit}
                  />
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 12 }} wrap>
            <ReceiverPicker value={receiver} onChange={setReceiver} />
            <Button
              type="primary"
              disabled={!chosen.length || !receiver}
              loading={redeem.isPending}
              onClick={async () => {
                const r = await redeem.run({ id, items: chosen, receiver: receiver!, idempotencyKey: redeemKey });
                if (r) {
                  renewRedeemKey();
                  setQuantities({});
                }
              }}
            >
              申请赎货（生成放货单）
            </Button>
          </Space>
        </Card>
      )}
      <ConfirmPasswordModal
        open={pending !== null}
        title="确认还款"
        summary={[
          { label: '融资编号', value: d.financingNo },
          { label: '还款金额', value: yuan(pending?.amount ?? 0) },
          {
            label: '付款来源',
            value: pending?.source === 'CONTROLLED' ? '本笔融资的受控资金' : '本企业虚拟账户可用资金',
          },
          // Paying everything settles: the prepaid interest of the days not used comes back (the server's figure).
          ...(pending?.amount === owed && d.interestRefund > 0
            ? [{ label: '结清退还未用天数利息（转入可用资金）', value: yuan(d.interestRefund) }]
            : []),
        ]}
        okText="确认还款"
        onConfirm={(c) => repay.mutateAsync({ id, amount: pending!.amount, source: pending!.source, ...c })}
        onDone={() => {
          setPending(null);
          form.resetFields();
        }}
        onCancel={() => setPending(null)}
      />
    </Space>
  );
}
