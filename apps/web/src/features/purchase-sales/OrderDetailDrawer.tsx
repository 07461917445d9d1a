import { compareQuantities, formatYuan, subtractQuantity, type OrderStatus } from '@factoring/domain';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { dateTime, formatBytes, percent } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { money } from '../../lib/Money.tsx';
import { UploadField } from '../../lib/UploadField.tsx';
import { useLoginUser } from '../../lib/session.ts';
import { useAttach, useCollect, useFulfil, useOrder, useOrderCommand, type OrderDetail } from './api.ts';
import { ORDER_KIND_LABELS, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, STATUS_COLORS } from './labels.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

type Line = OrderDetail['lines'][number];

interface Props {
  id: number | null;
  onClose(): void;
  onEdit(order: OrderDetail): void;
}

/** The order as the viewer's side sees it: lines, history, payments, attachments, and the actions its state allows. */
export function OrderDetailDrawer({ id, onClose, onEdit }: Props) {
  const order = useOrder(id);
  const command = useOrderCommand();
  const fulfil = useFulfil();
  const attach = useAttach();
  const collect = useCollect();
  const [fulfilOpen, setFulfilOpen] = useState(false);
  const [reasonFor, setReasonFor] = useState<'cancel' | 'return' | null>(null);
  const [collectOpen, setCollectOpen] = useState(false);
  const [fulfilForm] = Form.useForm<{ quantities: Record<number, string>; note?: string }>();
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const [collectForm] = Form.useForm<{ amount: string; note?: string }>();
  // One idempotency key per opening of each dialog: a double click on its OK or a retry registers once.
  const [fulfilKey, renewFulfilKey] = useSubmissionKey();
  const [collectKey, renewCollectKey] = useSubmissionKey();
  const o = order.data;
  // Without the feature (an order another enterprise sent, issue 24): see it, confirm or send it back — no uploads.
  const full = useLoginUser()?.purchaseSales === true;
  const buyer = o?.kind === 'PURCHASE';
  const fulfilWord = buyer ? '收货' : '发货';

  const run = (command_: 'confirm' | 'accept' | 'close') => o && command.run({ id: o.id, command: command_ });

  const submitFulfil = async (v: { quantities: Record<number, string>; note?: string }) => {
    if (!o) return;
    const lines = Object.entries(v.quantities ?? {})
      .filter(([, q]) => q && /^\d+(\.\d+)?$/.test(String(q).trim()) && compareQuantities(String(q).trim(), '0') > 0)
      .map(([lineId, q]) => ({ lineId: Number(lineId), quantity: String(q).trim() }));
    if (!lines.length) return fulfilForm.setFields([{ name: 'note', errors: ['请至少填写一行本次数量'] }]);
    if (!(await fulfil.run({ id: o.id, lines, note: v.note, idempotencyKey: fulfilKey }))) return;
    renewFulfilKey();
    setFulfilOpen(false);
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="min(880px, 100vw)"
      title={o ? `${ORDER_KIND_LABELS[o.kind]} ${o.orderNo}` : '订单详情'}
      data-testid="order-detail"
    >
      {!o ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap data-testid="order-actions">
            <Tag color={STATUS_COLORS[o.status as OrderStatus]} data-testid="order-status">
              {o.statusLabel}
            </Tag>
            {o.partlyFulfilled && <Tag color="gold">部分{fulfilWord}</Tag>}
            {o.overdue && <Tag color="red">逾期未{buyer ? '付' : '收'}</Tag>}
            {o.actions.edit && <Button onClick={() => onEdit(o)}>编辑</Button>}
            {o.actions.confirm && (
              <Popconfirm
                title={o.counterpartyOnPortal ? '提交对方确认？提交后须由对方确认订单。' : '确认订单？确认后订单生效，不能再修改。'}
                {...promptButtons(o.counterpartyOnPortal ? '提交对方确认' : '确认订单')}
                onConfirm={() => run('confirm')}
              >
                <Button type="primary" loading={command.isPending}>
                  {o.counterpartyOnPortal ? '提交对方确认' : '确认订单'}
                </Button>
              </Popconfirm>
            )}
            {o.actions.counterpartyConfirm && (
              <>
                <Button type="primary" onClick={() => run('accept')} loading={command.isPending}>
                  确认订单
                </Button>
                <Button onClick={() => setReasonFor('return')}>退回</Button>
              </>
            )}
            {o.actions.fulfil && (
              <Button
                type="primary"
                onClick={() => {
                  fulfilForm.resetFields();
                  renewFulfilKey();
                  setFulfilOpen(true);
                }}
                data-testid="fulfil-open"
              >
                登记{fulfilWord}
              </Button>
            )}
            {o.actions.pay && (
              <Link to={`/purchaseSalesManage/targetedPayment?id=${o.id}`}>
                <Button type="primary">定向支付</Button>
              </Link>
            )}
            {o.actions.collect && (
              <Button
                onClick={() => {
                  collectForm.resetFields();
                  renewCollectKey();
                  setCollectOpen(true);
                }}
              >
                登记回款
              </Button>
            )}
            {o.actions.close && (
              <Popconfirm title="关闭订单？关闭后订单归档。" {...promptButtons('关闭订单')} onConfirm={() => run('close')}>
                <Button>关闭订单</Button>
              </Popconfirm>
            )}
            {o.actions.cancel && (
              <Button danger onClick={() => setReasonFor('cancel')}>
                取消订单
              </Button>
            )}
          </Space>
          {o.financing && (
            <Alert
              type="info"
              showIcon
              title={`该订单已用于订单融资 ${o.financing.financingNo}：买方货款须付至保理商回款账户，平台登记回款后优先归还融资。`}
              action={<Link to={`/supplyloan/myfinancing?id=${o.financing.id}`}>查看融资</Link>}
            />
          )}
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={buyer ? '供应商' : '客户'}>
              {o.counterpartyName} {o.counterpartyOnPortal && <Tag>平台企业</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="交货日期">{o.deliveryDate}</Descriptions.Item>
            {o.counterpartyAccountNo && (
              <Descriptions.Item label="对方账户" span={2}>
                {o.counterpartyBankName} {o.counterpartyAccountNo}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="不含税金额">{yuan(o.amount)}</Descriptions.Item>
            <Descriptions.Item label="税额">{yuan(o.tax)}</Descriptions.Item>
            <Descriptions.Item label="价税合计">
              <Typography.Text strong>{yuan(o.totalAmount)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={buyer ? '已付 / 未付' : '已收 / 未收'}>
              <span data-testid="order-paid">{yuan(o.paidAmount)}</span> /{' '}
              <span data-testid="order-outstanding">{yuan(o.outstanding)}</span>
            </Descriptions.Item>
            {o.remark && (
              <Descriptions.Item label="备注" span={2}>
                {o.remark}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'lines',
                label: '明细',
                children: (
                  <Table<Line>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={o.lines}
                    scroll={{ x: 760 }}
                    columns={[
                      { title: '#', dataIndex: 'seq', width: 40 },
                      { title: '商品', dataIndex: 'goodsName', render: (v: string, l) => `${v}${l.spec ? ` ${l.spec}` : ''}` },
                      { title: '数量', dataIndex: 'quantity', align: 'right', render: (v: string, l) => `${v} ${l.unit}` },
                      { title: `已${fulfilWord}`, dataIndex: 'fulfilled', align: 'right' },
                      { title: '单价', dataIndex: 'unitPrice', align: 'right', render: money },
                      { title: '税率', dataIndex: 'taxRatePpm', render: (v: number) => percent(v) },
                      { title: '价税合计', dataIndex: 'total', align: 'right', render: money },
                    ]}
                  />
                ),
              },
              {
                key: 'payments',
                label: `${buyer ? '付款' : '回款'}（${o.payments.length}）`,
                children: o.payments.length ? (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={o.payments}
                    scroll={{ x: 720 }}
                    columns={[
                      { title: '时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
                      { title: '方式', dataIndex: 'method', render: (m: keyof typeof PAYMENT_METHOD_LABELS) => PAYMENT_METHOD_LABELS[m] },
                      { title: '金额', dataIndex: 'amount', align: 'right', render: money },
                      {
                        title: '资金来源 / 去向',
                        render: (_, p) =>
                          p.method === 'TARGETED'
                            ? `受控 ${formatYuan(p.fromControlled)}，可用 ${formatYuan(p.fromFree)}，手续费 ${formatYuan(p.fee)}`
                            : p.loanRepaid
                              ? `优先还融资 ${formatYuan(p.loanRepaid)}`
                              : (p.note ?? '—'),
                      },
                      { title: '收款方', dataIndex: 'payeeName', render: (v: string | null) => v ?? '—' },
                      { title: '流水号', dataIndex: 'refNos', render: (v: string[]) => v.join('，') || '—' },
                    ]}
                  />
                ) : (
                  <Empty description={buyer ? '暂无付款' : '暂无回款'} />
                ),
              },
              {
                key: 'history',
                label: '历史',
                children: (
                  <Timeline
                    items={o.events.map((e) => ({
                      children: (
                        <>
                          <Typography.Text strong>{e.action}</Typography.Text>
                          {e.toStatus && e.fromStatus !== e.toStatus && (
                            <Tag style={{ marginLeft: 8 }}>{ORDER_STATUS_LABELS[e.toStatus as OrderStatus] ?? e.toStatus}</Tag>
                          )}
                          <div>
                            <Typography.Text type="secondary">
                              {dateTime(e.createdAt)} · {e.enterpriseName ?? ''} {e.actorName}
                            </Typography.Text>
                          </div>
                          {e.note && <div>{e.note}</div>}
                        </>
                      ),
                    }))}
                  />
                ),
              },
              {
                key: 'files',
                label: `附件（${o.attachments.length}）`,
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {o.attachments.map((a) => (
                      <div key={a.id}>
                        <a href={`/api/uploads/${a.uploadId}`} target="_blank" rel="noreferrer">
                          {a.fileName}
                        </a>{' '}
                        <Typography.Text type="secondary">
                          {formatBytes(a.size)} · {dateTime(a.createdAt)}
                        </Typography.Text>
                      </div>
                    ))}
                    {!full && o.attachments.length === 0 && <Empty description="暂无附件" />}
                    {o.status !== 'CANCELLED' && full && (
                      <UploadField
                        purpose="ORDER"
                        label="上传附件"
                        value={null}
                        onChange={(uploadId) => uploadId && attach.run({ id: o.id, uploadIds: [uploadId] })}
                      />
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      )}
      <Modal
        open={fulfilOpen}
        title={`登记${fulfilWord}（可部分登记）`}
        okText="登记"
        onOk={() => fulfilForm.submit()}
        confirmLoading={fulfil.isPending}
        onCancel={() => setFulfilOpen(false)}
        destroyOnHidden
        width="min(640px, 100vw)"
      >
        <Form form={fulfilForm} layout="vertical" onFinish={submitFulfil}>
          {o?.lines.map((l) => {
            const left = subtractQuantity(l.quantity, l.fulfilled);
            const open = compareQuantities(left, '0') > 0;
            return (
              <Form.Item
                key={l.id}
                name={['quantities', l.id]}
                label={`${l.goodsName}${l.spec ? ` ${l.spec}` : ''}（未${fulfilWord} ${left} ${l.unit}）`}
                initialValue={open ? left : undefined}
              >
                <InputNumber<string>
                  stringMode
                  style={{ width: '100%' }}
                  min="0"
                  max={left}
                  precision={3}
                  disabled={!open}
                  data-testid={`fulfil-${l.seq}`}
                />
              </Form.Item>
            );
          })}
          <Form.Item name="note" label="说明">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={reasonFor !== null}
        title={reasonFor === 'cancel' ? '取消订单' : '退回订单'}
        okText={reasonFor === 'cancel' ? '确认取消' : '确认退回'}
        okButtonProps={{ danger: true }}
        onOk={() => reasonForm.submit()}
        confirmLoading={command.isPending}
        onCancel={() => setReasonFor(null)}
        destroyOnHidden
      >
        <Form
          form={reasonForm}
          layout="vertical"
          onFinish={async (v) => {
            if (o && reasonFor && (await command.run({ id: o.id, command: reasonFor, reason: v.reason }, { form: reasonForm })))
              setReasonFor(null);
          }}
        >
          <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }, { max: 200 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={collectOpen}
        title="登记线下回款"
        okText="登记"
        onOk={() => collectForm.submit()}
        confirmLoading={collect.isPending}
        onCancel={() => setCollectOpen(false)}
        destroyOnHidden
      >
        <Form
          form={collectForm}
          layout="vertical"
          onFinish={async (v) => {
            if (
              o &&
              (await collect.run(
                { id: o.id, amount: tryParseYuan(v.amount) ?? 0, note: v.note, idempotencyKey: collectKey },
                { form: collectForm },
              ))
            ) {
              renewCollectKey();
              setCollectOpen(false);
            }
          }}
        >
          <Form.Item
            name="amount"
            label={`回款金额（元），未收 ${yuan(o?.outstanding)}`}
            rules={[
              yuanRule(
                '回款金额',
                () => o?.outstanding,
                (cap) => `回款金额不能超过未收金额 ${formatYuan(cap)} 元`,
              ),
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="note" label="说明" rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
