import { DUE_DATE_RULE, financingAmountProblem, financingLimit, formatYuan } from '@factoring/domain';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Select,
  Spin,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { percent } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { isRequestFailure } from '../../lib/request.ts';
import { useApplyInvoiceFinancing, useCreditLines, useInvoices, useTrial, type AppliedFinancing, type Invoice } from './api.ts';
import { money } from '../../lib/Money.tsx';
import { SignContract } from './SignContract.tsx';
import { parseTerm, termProblem, termRule } from '../../lib/term.ts';
import { TermInput } from '../../lib/TermInput.tsx';

interface Values {
  creditLineId: number;
  amount: string;
  termDays: number;
  purpose?: string;
}

/**
 * `/supplyloan/financing` (PRODUCT §6): choose a credit line and verified invoices; amount ≤
 * min(available credit, advance rate × invoices), term ≤ the platform maximum; the live trial shows
 * interest, fee, net amount and due date; confirm → submitted, and the contract is ready to sign.
 * The hint, the inline check and the trial use the server's own rule (`financingLimit` /
 * `financingAmountProblem` of the domain package), so what the form allows the server accepts.
 */
export default function FinancingApplyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const lines = useCreditLines();
  const verified = useInvoices({ page: 1, size: 200, status: 'VERIFIED' });
  const [selected, setSelected] = useState<number[]>(() => (params.get('invoiceId') ? [Number(params.get('invoiceId'))] : []));
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<AppliedFinancing | null>(null);
  const submit = useApplyInvoiceFinancing();
  // One key per application: a double click on 提交申请 or a retry applies once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();
  const feedback = useFeedback();

  const creditLineId = Form.useWatch('creditLineId', form);
  const amountText = Form.useWatch('amount', form);
  const termText = Form.useWatch('termDays', form);
  const usable = (lines.data ?? []).filter((l) => l.status === 'ACTIVE');
  const line = usable.find((l) => l.id === creditLineId);
  const invoices = useMemo(
    () => (verified.data?.items ?? []).filter((i) => !line || i.buyerEnterpriseId === line.platform.coreEnterpriseId),
    [verified.data, line],
  );
  const chosen = invoices.filter((i) => selected.includes(i.id));
  const receivables = chosen.reduce((s, i) => s + i.amount, 0);
  const amount = tryParseYuan(amountText);
  const maxTermDays = line?.platform.maxTermDays ?? 3650;
  // Only a term the form accepts goes to the trial (the same limits: 1 – the platform maximum).
  const termDays = termProblem('融资期限', termText, { max: maxTermDays }) ? undefined : (parseTerm(termText) ?? undefined);
  // min(available credit, advance rate × chosen invoices): no maximum until an invoice is chosen.
  const limits = line
    ? { available: line.available, advanceRatePpm: line.platform.advanceRatePpm, receivables: chosen.length ? receivables : null }
    : null;
  const limit = limits ? financingLimit(limits) : null;
  const amountProblem = amount && limits && chosen.length ? financingAmountProblem(amount, limits) : null;
  const trial = useTrial({
    creditLineId,
    amount: amountProblem ? null : amount,
    termDays,
    invoiceIds: chosen.map((i) => i.id),
  });

  useEffect(() => {
    if (form.getFieldValue('creditLineId') || !usable.length) return;
    const wanted = Number(params.get('creditLineId'));
    form.setFieldValue('creditLineId', usable.find((l) => l.id === wanted)?.id ?? usable[0].id);
  }, [usable, params, form]);

  // A new choice of invoices or credit line moves the cap: check what was typed against it at once.
  const maxAmount = limit?.maxAmount ?? null;
  useEffect(() => {
    if (form.isFieldTouched('amount')) void form.validateFields(['amount']).catch(() => undefined);
  }, [maxAmount, form]);

  if (done) {
    return (
      <Card data-testid="financing-submitted">
        <Result
          status="success"
          title="融资申请已提交"
          subTitle={`融资编号 ${done.financingNo}。请签署融资合同；运营审核通过且合同签署后即安排放款。`}
          extra={[
            <SignContract
              key="sign"
              contract={{ id: done.contractId, amount: undefined }}
              onSigned={() => navigate('/supplyloan/myfinancing')}
            />,
            <Button key="list" onClick={() => navigate('/supplyloan/myfinancing')}>
              查看我的融资
            </Button>,
          ]}
        />
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ maxWidth: 720, margin: '0 auto' }}>
          <Descriptions.Item label="利息">{yuan(done.interest)}</Descriptions.Item>
          <Descriptions.Item label="服务费">{yuan(done.serviceFee)}</Descriptions.Item>
          <Descriptions.Item label="预计到账">{yuan(done.netAmount)}</Descriptions.Item>
          <Descriptions.Item label="预计到期日">{done.dueDate}</Descriptions.Item>
        </Descriptions>
      </Card>
    );
  }

  if (lines.isSuccess && usable.length === 0) {
    return (
      <Result
        status="info"
        title="暂无可用授信"
        subTitle="请先加入供应链平台并获得授信后再申请融资。"
        extra={
          <Link to="/supplyloan/myPlatform">
            <Button type="primary">平台管理</Button>
          </Link>
        }
      />
    );
  }

  const send = async () => {
    const v = form.getFieldsValue();
    const applied = await submit.run(
      {
        creditLineId: v.creditLineId,
        invoiceIds: selected,
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
  };

  return (
    <Spin spinning={lines.isLoading}>
      <Row gutter={16} data-testid="financing-apply-page">
        <Col xs={24} xl={15}>
          <Card title="申请融资">
            <Form
              form={form}
              layout="vertical"
              onFinish={() => {
                if (!chosen.length) return feedback.error('请至少选择一张已核验的发票');
                setConfirming(true);
              }}
            >
              <Form.Item name="creditLineId" label="授信（平台）" rules={[{ required: true, message: '请选择授信' }]}>
                <Select
                  options={usable.map((l) => ({
                    value: l.id,
                    label: `${l.platform.name}（可用 ${yuan(l.available)}，至 ${l.expiryDate}）`,
                  }))}
                  onChange={() => setSelected([])}
                  data-testid="apply-credit-line"
                />
              </Form.Item>
              <Form.Item label={`选择已核验的发票（购买方：${line?.platform.coreEnterpriseName ?? '—'}）`} required>
                <Table<Invoice>
                  size="small"
                  rowKey="id"
                  loading={verified.isLoading}
                  dataSource={invoices}
                  pagination={false}
                  locale={{
                    emptyText: (
                      <Empty
                        description={
                          <span>
                            暂无已核验的发票，<Link to="/supplyloan/invoice">去登记发票</Link>
                          </span>
                        }
                      />
                    ),
                  }}
                  rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
                  columns={[
                    { title: '发票号码', render: (_, i) => `${i.invoiceCode}-${i.invoiceNumber}` },
                    { title: '开票日期', dataIndex: 'issueDate' },
                    { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
                  ]}
                />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="amount"
                    label="融资金额（元）"
                    dependencies={['creditLineId']}
                    extra={
                      <span data-testid="apply-max-hint">
                        {limit && limit.maxAmount !== null
                          ? `最高可申请 ${yuan(limit.maxAmount)}（融资比例 ${percent(line?.platform.advanceRatePpm)} × 发票合计 ${yuan(receivables)} = ${yuan(limit.advanceCap)}，可用授信 ${yuan(limit.available)}，取较小者）`
                          : '选择发票后显示最高可申请金额'}
                      </span>
                    }
                    rules={[
                      yuanRule('融资金额', undefined, undefined, (cents) =>
                        limits && chosen.length ? financingAmountProblem(cents, limits) : null,
                      ),
                    ]}
                  >
                    <Input placeholder="例如 800,000.00" inputMode="decimal" data-testid="apply-amount" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="termDays"
                    label="融资期限（天）"
                    extra={line ? `1–${line.platform.maxTermDays} 天（平台最长期限）；到期日 = 放款日 + 期限天数` : undefined}
                    rules={[termRule('融资期限', { max: () => line?.platform.maxTermDays ?? 3650 })]}
                  >
                    <TermInput placeholder="例如 90" data-testid="apply-term" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="purpose" label="融资用途" rules={[{ max: 200, message: '融资用途不能超过200个字符' }]}>
                <Input.TextArea rows={2} placeholder="例如：支付上游原材料货款" />
              </Form.Item>
              <Button type="primary" htmlType="submit" data-testid="apply-submit">
                提交申请
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card title="融资试算" data-testid="apply-trial">
            {amountProblem || (trial.isError && amount && termDays) ? (
              // The trial refuses what the application would refuse, with the same words, before submit.
              <Alert
                type="error"
                showIcon
                data-testid="trial-refused"
                title={amountProblem ?? (isRequestFailure(trial.error) ? trial.error.message : '试算失败')}
              />
            ) : !trial.data || !amount || !termDays ? (
              <Empty description="选择发票、填写融资金额和期限后实时试算" />
            ) : (
              <Spin spinning={trial.isFetching}>
                <Row gutter={[16, 16]}>
                  <Col span={12}>
                    <Statistic title="利息（元）" value={formatYuan(trial.data.interest)} data-testid="trial-interest" />
                  </Col>
                  <Col span={12}>
                    <Statistic title="服务费（元）" value={formatYuan(trial.data.serviceFee)} data-testid="trial-fee" />
                  </Col>
                  <Col span={12}>
                    <Statistic
                      title="实际到账（元）"
                      value={formatYuan(trial.data.netDisbursed)}
                      valueStyle={{ color: 'var(--ant-color-link)' }}
                      data-testid="trial-net"
                    />
                  </Col>
                  <Col span={12}>
                    <Statistic title="到期日（如今日放款）" value={trial.data.dueDate} data-testid="trial-due" />
                  </Col>
                </Row>
                <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
                  <Descriptions.Item label="年化利率">{percent(trial.data.annualRatePpm)}（实际天数/360）</Descriptions.Item>
                  <Descriptions.Item label="服务费率">{percent(trial.data.serviceFeeRatePpm)}</Descriptions.Item>
                  <Descriptions.Item label="计息方式">{trial.data.interestModeLabel}</Descriptions.Item>
                  <Descriptions.Item label="到期应还">{yuan(trial.data.dueAtMaturity)}</Descriptions.Item>
                </Descriptions>
                <Typography.Text type="secondary">
                  {trial.data.interestMode === 'UPFRONT'
                    ? '预收息：放款时扣除利息和服务费，到期归还本金。'
                    : '利随本清：放款时扣除服务费，利息按实际天数计收，随本金归还；提前还款按实际天数计息。'}
                  {DUE_DATE_RULE}：期限 {trial.data.termDays} 天即放款日加 {trial.data.termDays} 天，以实际放款日起算。
                </Typography.Text>
              </Spin>
            )}
          </Card>
        </Col>
      </Row>
      <Modal
        open={confirming}
        title="确认提交融资申请"
        okText="确认提交"
        onOk={send}
        confirmLoading={submit.isPending}
        onCancel={() => setConfirming(false)}
        okButtonProps={{ 'data-testid': 'apply-confirm' } as React.ComponentProps<typeof Modal>['okButtonProps']}
      >
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="平台">{line?.platform.name}</Descriptions.Item>
          <Descriptions.Item label="融资发票">{chosen.map((i) => i.invoiceNumber).join('、')}</Descriptions.Item>
          <Descriptions.Item label="融资金额">{yuan(amount)}</Descriptions.Item>
          <Descriptions.Item label="融资期限">{termDays} 天</Descriptions.Item>
          <Descriptions.Item label="利息">{yuan(trial.data?.interest)}</Descriptions.Item>
          <Descriptions.Item label="服务费">{yuan(trial.data?.serviceFee)}</Descriptions.Item>
          <Descriptions.Item label="实际到账">{yuan(trial.data?.netDisbursed)}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          提交后将占用相应授信额度并生成融资合同，放款前可取消申请。
        </Typography.Paragraph>
      </Modal>
    </Spin>
  );
}
