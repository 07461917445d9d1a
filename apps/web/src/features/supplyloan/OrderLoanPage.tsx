import { addDays, chinaDate, financingAmountProblem, financingLifecycle, financingLimit, formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Modal, Result, Row, Select, Space, Statistic, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { DatePicker } from '../../lib/date-picker.ts';
import { percent } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { UploadField } from '../../lib/UploadField.tsx';
import { useApplyOrderLoan, useCreditLines, useFinancings, useTrial, type AppliedFinancing, type FinancingRow } from './api.ts';
import { FINANCING_COLORS } from './labels.ts';
import { money } from '../../lib/Money.tsx';
import { SignContract } from './SignContract.tsx';
import { Slot } from '../../lib/slots.tsx';
import { parseTerm, termRule } from '../../lib/term.ts';
import { TermInput } from '../../lib/TermInput.tsx';

interface Values {
  creditLineId: number;
  orderNo: string;
  orderAmount: string;
  deliveryDate: Dayjs;
  attachmentUploadId?: number | null;
  amount: string;
  termDays: number;
  purpose?: string;
}

/**
 * `/supplyloan/orderLoan` (PRODUCT §6): financing against a purchase order from the core enterprise
 * (order number, amount, delivery date, attachment) instead of invoices; the same lifecycle, then
 * drawn in tranches on `/supplyloan/orderdrawings`.
 */
export default function OrderLoanPage() {
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const lines = useCreditLines();
  const mine = useFinancings({ page: 1, size: 20, kind: 'ORDER' });
  const submit = useApplyOrderLoan();
  // One key per application: a double click on 提交申请 or a retry applies once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<AppliedFinancing | null>(null);

  const usable = (lines.data ?? []).filter((l) => l.status === 'ACTIVE');
  const creditLineId = Form.useWatch('creditLineId', form);
  const line = usable.find((l) => l.id === creditLineId);
  const orderAmount = tryParseYuan(Form.useWatch('orderAmount', form));
  const amount = tryParseYuan(Form.useWatch('amount', form));
  const termDays = parseTerm(Form.useWatch('termDays', form)) ?? undefined;
  // The server's rule (domain): min(available credit, advance rate × order amount), the same in hint, check and trial.
  const limits = line ? { available: line.available, advanceRatePpm: line.platform.advanceRatePpm, receivables: orderAmount } : null;
  const maxAmount = (limits && financingLimit(limits).maxAmount) ?? undefined;
  const amountProblem = amount && limits && orderAmount ? financingAmountProblem(amount, limits) : null;
  const trial = useTrial({ creditLineId, amount: amountProblem ? null : amount, termDays, orderAmount });

  useEffect(() => {
    if (form.getFieldValue('creditLineId') || !usable.length) return;
    const wanted = Number(params.get('creditLineId'));
    form.setFieldValue('creditLineId', usable.find((l) => l.id === wanted)?.id ?? usable[0].id);
  }, [usable, params, form]);

  const send = async () => {
    const v = form.getFieldsValue();
    const applied = await submit.run(
      {
        creditLineId: v.creditLineId,
        orderNo: v.orderNo.trim(),
        orderAmount: orderAmount!,
        deliveryDate: v.deliveryDate.format('YYYY-MM-DD'),
        attachmentUploadId: v.attachmentUploadId ?? undefined,
        amount: amount!,
        termDays: v.termDays,
        purpose: v.purpose,
        idempotencyKey: submissionKey,
      },
      { form },
    );
    setConfirming(false);
    if (!applied) return;
    renewKey();
    setDone(applied);
    form.resetFields(['orderNo', 'orderAmount', 'amount', 'termDays', 'purpose', 'attachmentUploadId']);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="order-loan-page">
      {done && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setDone(null)}
          title={`订单融资申请已提交，融资编号 ${done.financingNo}`}
          description={<SignContract contract={{ id: done.contractId }} onSigned={() => setDone(null)} size="small" />}
        />
      )}
      {lines.isSuccess && usable.length === 0 ? (
        <Result
          status="info"
          title="暂无可用授信"
          subTitle="请先加入供应链平台并获得授信。"
          extra={
            <Link to="/supplyloan/myPlatform">
              <Button type="primary">平台管理</Button>
            </Link>
          }
        />
      ) : (
        <Row gutter={16}>
          <Col xs={24} xl={15}>
            <Card title="申请订单融资" loading={lines.isLoading}>
              <Form form={form} layout="vertical" onFinish={() => setConfirming(true)}>
                <Form.Item name="creditLineId" label="授信（平台）" rules={[{ required: true, message: '请选择授信' }]}>
                  <Select options={usable.map((l) => ({ value: l.id, label: `${l.platform.name}（可用 ${yuan(l.available)}）` }))} />
                </Form.Item>
                <Slot name="order-loan.order-source" creditLineId={creditLineId} onPick={(fields) => form.setFieldsValue(fields)} />
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="orderNo"
                      label={`采购订单号（${line?.platform.coreEnterpriseName ?? '核心企业'}）`}
                      rules={[
                        { required: true, whitespace: true, message: '请输入订单编号' },
                        { max: 40, message: '订单编号不能超过40个字符' },
                      ]}
                    >
                      <Input placeholder="例如 PO-2026-0518" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="orderAmount" label="订单金额（元）" rules={[yuanRule('订单金额')]}>
                      <Input inputMode="decimal" placeholder="例如 2,000,000.00" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="deliveryDate" label="交货日期" rules={[{ required: true, message: '请选择交货日期' }]}>
                      <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') < addDays(chinaDate(), -365)} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="attachmentUploadId" label="订单附件">
                      <UploadField purpose="ORDER" label="采购订单" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="amount"
                      label="融资金额（元）"
                      extra={
                        maxAmount !== undefined
                          ? `最高可申请 ${yuan(maxAmount)}（${percent(line?.platform.advanceRatePpm)} × 订单金额，且不超过可用授信）`
                          : undefined
                      }
                      dependencies={['orderAmount', 'creditLineId']}
                      rules={[
                        yuanRule('融资金额', undefined, undefined, (cents) =>
                          limits && orderAmount ? financingAmountProblem(cents, limits) : null,
                        ),
                      ]}
                    >
                      <Input inputMode="decimal" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="termDays"
                      label="融资期限（天）"
                      extra={line ? `最长 ${line.platform.maxTermDays} 天；每笔提款期限不超过此期限` : undefined}
                      rules={[termRule('融资期限', { max: () => line?.platform.maxTermDays ?? 3650 })]}
                    >
                      <TermInput />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name="purpose" label="融资用途">
                  <Input.TextArea rows={2} maxLength={200} />
                </Form.Item>
                <Button type="primary" htmlType="submit">
                  提交申请
                </Button>
              </Form>
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Card title="融资试算（按全额一次提款）">
              {amountProblem || (trial.isError && amount && termDays) ? (
                <Alert type="error" showIcon title={amountProblem ?? (trial.error instanceof Error ? trial.error.message : '试算失败')} />
              ) : !trial.data || !amount ? (
                <Empty description="填写订单金额、融资金额和期限后试算" />
              ) : (
                <Row gutter={[16, 16]}>
                  <Col span={12}>
                    <Statistic title="利息（元）" value={formatYuan(trial.data.interest)} />
                  </Col>
                  <Col span={12}>
                    <Statistic title="服务费（元）" value={formatYuan(trial.data.serviceFee)} />
                  </Col>
                  <Col span={12}>
                    <Statistic title="实际到账（元）" value={formatYuan(trial.data.netDisbursed)} />
                  </Col>
                  <Col span={12}>
                    <Statistic title="年化利率" value={percent(trial.data.annualRatePpm)} />
                  </Col>
                </Row>
              )}
            </Card>
          </Col>
        </Row>
      )}
      <Card title="我的订单融资">
        <Table<FinancingRow>
          rowKey="id"
          loading={mine.isLoading}
          dataSource={mine.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: '暂无订单融资' }}
          scroll={{ x: 800 }}
          columns={[
            { title: '融资编号', dataIndex: 'financingNo' },
            { title: '平台', dataIndex: 'platformName' },
            { title: '批准金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
            { title: '已提款', dataIndex: 'drawn', align: 'right', render: (v: number) => money(v) },
            { title: '未还本金', dataIndex: 'outstanding', align: 'right', render: (v: number) => money(v) },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: FinancingRow['status']) => <Tag color={FINANCING_COLORS[s]}>{financingLifecycle.label(s)}</Tag>,
            },
            {
              title: '操作',
              render: (_, r) => (
                <Space>
                  {r.actions.drawdown && <Link to={`/supplyloan/orderdrawings?id=${r.id}`}>提款</Link>}
                  <Link to={`/supplyloan/myfinancing?id=${r.id}`}>详情</Link>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={confirming}
        title="确认提交订单融资"
        okText="确认提交"
        onOk={send}
        confirmLoading={submit.isPending}
        onCancel={() => setConfirming(false)}
      >
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="平台">{line?.platform.name}</Descriptions.Item>
          <Descriptions.Item label="订单金额">{yuan(orderAmount)}</Descriptions.Item>
          <Descriptions.Item label="融资金额">{yuan(amount)}</Descriptions.Item>
          <Descriptions.Item label="融资期限">{termDays} 天</Descriptions.Item>
        </Descriptions>
      </Modal>
    </Space>
  );
}
