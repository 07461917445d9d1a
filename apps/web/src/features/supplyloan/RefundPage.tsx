import { financingLifecycle, formatYuan } from '@factoring/domain';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { UploadField } from '../../lib/UploadField.tsx';
import { useFinancings, useQuote, useRepay, useSubmitVoucher, type RepayResult, type RepaymentQuote } from './api.ts';
import { FINANCING_COLORS } from './labels.ts';
import { money } from '../../lib/Money.tsx';

/**
 * `/supplyloan/muserRefund` (PRODUCT §6): what is owed today — outstanding principal, interest to
 * today, penalty if overdue (the early pay-off quote); repay in full or in part from the account
 * with password confirmation, or upload an offline transfer voucher for the operator to confirm.
 */
export default function RefundPage() {
  const [params, setParams] = useSearchParams();
  const repayable = useFinancings({ page: 1, size: 100, status: undefined });
  const options = (repayable.data?.items ?? []).filter((f) => f.actions.repay);
  const id = Number(params.get('id')) || options[0]?.id || null;
  const quote = useQuote(id);
  const q = quote.data;
  // The chosen financing stays among the options in today's words once it is no longer repayable (settled):
  // without it the select would keep showing the label it last had (未还 …), which the repayment made false.
  const choices = options.map((f) => ({ value: f.id, label: `${f.financingNo}（未还 ${yuan(f.outstanding)}）` }));
  if (q && q.financing.id === id && !options.some((f) => f.id === id))
    choices.push({ value: id, label: `${q.financing.financingNo}（${financingLifecycle.label(q.financing.status)}）` });
  const navigate = useNavigate();
  const [done, setDone] = useState<RepayResult | null>(null);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="refund-page">
      <Card
        title="还款"
        extra={
          <Select
            aria-label="还款的融资"
            // Wide enough for the number and the whole amount (issue 37: it was cut at ¥300,000.0…); on a
            // phone, where it sits under the title, as wide as the card's header (the screen less 88 px).
            style={{ width: 'min(360px, calc(100vw - 88px))' }}
            popupMatchSelectWidth={false}
            placeholder="选择融资"
            value={id ?? undefined}
            loading={repayable.isLoading}
            options={choices}
            onChange={(v) => setParams({ id: String(v) })}
          />
        }
      >
        {!id && !repayable.isLoading && <Empty description="暂无待还款的融资" />}
        {quote.isError && <LoadFailure title="还款信息加载失败" error={quote.error} retry={() => quote.refetch()} />}
        {q && <QuoteView q={q} />}
      </Card>
      {done && (
        <Card>
          <Result
            status="success"
            title={done.status === 'SETTLED' ? '还款成功，融资已结清' : '还款成功'}
            subTitle={`流水号 ${done.refNo}：本金 ${yuan(done.principal)}，利息 ${yuan(done.interest)}，罚息 ${yuan(done.penalty)}${done.interestRefund > 0 ? `；退还未用天数利息 ${yuan(done.interestRefund)} 已转入可用资金` : ''}；剩余应还 ${yuan(done.owedAfter)}`}
            extra={[
              <Button key="again" onClick={() => setDone(null)} disabled={done.status === 'SETTLED'}>
                继续还款
              </Button>,
              <Button key="list" type="primary" onClick={() => navigate('/supplyloan/myfinancing')}>
                返回我的融资
              </Button>,
            ]}
            data-testid="repay-done"
          />
        </Card>
      )}
      {!done && q && q.repayable && (
        <Card>
          <Tabs
            items={[
              { key: 'online', label: '账户还款', children: <OnlineRepay q={q} onDone={setDone} /> },
              { key: 'offline', label: '线下转账还款', children: <OfflineRepay q={q} /> },
            ]}
          />
        </Card>
      )}
      {!done && q && !q.repayable && (
        <Result
          status={q.financing.status === 'SETTLED' ? 'success' : 'info'}
          title={
            q.financing.status === 'SETTLED'
              ? '该融资已结清'
              : `该融资当前状态为“${financingLifecycle.label(q.financing.status)}”，无需还款`
          }
          extra={<Link to="/supplyloan/myfinancing">返回我的融资</Link>}
        />
      )}
    </Space>
  );
}

function QuoteView({ q }: { q: RepaymentQuote }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space>
        <Typography.Text strong>{q.financing.financingNo}</Typography.Text>
        <Tag color={FINANCING_COLORS[q.financing.status]}>{financingLifecycle.label(q.financing.status)}</Tag>
        {q.financing.overdue && <Tag color="error">逾期 {q.quote.overdueDays} 天</Tag>}
      </Space>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Statistic title="未还本金（元）" value={formatYuan(q.quote.principal)} data-testid="owed-principal" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="利息至今日（元）" value={formatYuan(q.quote.interest)} data-testid="owed-interest" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="罚息（元）"
            value={formatYuan(q.quote.penalty)}
            valueStyle={q.quote.penalty ? { color: 'var(--ant-color-error)' } : undefined}
            data-testid="owed-penalty"
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="今日结清应还（元）"
            value={formatYuan(q.quote.total)}
            valueStyle={{ color: 'var(--ant-color-link)' }}
            data-testid="owed-total"
          />
        </Col>
      </Row>
      {q.quote.interestRefund > 0 && (
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="owed-refund">
          <Descriptions.Item label="退还未用天数利息（元）">{formatYuan(q.quote.interestRefund)}</Descriptions.Item>
          <Descriptions.Item label="结清净支出（元）">{formatYuan(q.quote.total - q.quote.interestRefund)}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Text type="secondary">
        提前结清报价：截至 {q.quote.asOf} 一次还清需支付 {yuan(q.quote.total)}
        {q.quote.interestRefund > 0 ? `，同时退还未用天数的预收利息 ${yuan(q.quote.interestRefund)} 至可用资金` : ''}。
        {q.financing.interestMode === 'ARREARS'
          ? '利随本清按实际天数计息（放款当日还款按 1 天计息），越早还款利息越少。'
          : '预收息的利息已在放款时扣收，提前还款只需归还本金；未用天数的利息按 本金 × 年利率 × 未用天数 ÷ 360（向下取整到分）退还，放款当日还款按 1 天计息。'}
        部分还款依次冲抵罚息、利息、本金。
      </Typography.Text>
      {q.quote.tranches.length > 1 && (
        <Table
          size="small"
          rowKey="trancheId"
          pagination={false}
          dataSource={q.quote.tranches}
          columns={[
            { title: '笔次', dataIndex: 'seq' },
            { title: '到期日', dataIndex: 'dueDate' },
            { title: '本金', dataIndex: 'principal', align: 'right', render: (v: number) => money(v) },
            { title: '利息', dataIndex: 'interest', align: 'right', render: (v: number) => money(v) },
            { title: '罚息', dataIndex: 'penalty', align: 'right', render: (v: number) => money(v) },
            { title: '合计', dataIndex: 'total', align: 'right', render: (v: number) => money(v) },
            { title: '退还利息', dataIndex: 'interestRefund', align: 'right', render: (v: number) => money(v) },
          ]}
        />
      )}
    </Space>
  );
}

function OnlineRepay({ q, onDone }: { q: RepaymentQuote; onDone(r: RepayResult): void }) {
  const [form] = Form.useForm<{ mode: 'FULL' | 'PART'; amount?: string }>();
  const mode = Form.useWatch('mode', form) ?? 'FULL';
  const partText = Form.useWatch('amount', form);
  const repay = useRepay();
  const [confirming, setConfirming] = useState<number | null>(null);
  const cap = Math.min(q.quote.total, q.available);
  const amount = mode === 'FULL' ? q.quote.total : tryParseYuan(partText);

  return (
    <>
      <Descriptions column={1} size="small" style={{ maxWidth: 560, marginBottom: 16 }}>
        <Descriptions.Item label="账户可用余额">{yuan(q.available)}</Descriptions.Item>
      </Descriptions>
      {q.available < q.quote.total && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16, maxWidth: 560 }}
          title={`可用余额不足以一次结清，可部分还款或先充值（转账至虚拟账户）`}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mode: 'FULL' }}
        style={{ maxWidth: 560 }}
        onFinish={() => amount && setConfirming(amount)}
      >
        <Form.Item name="mode" label="还款方式">
          <Radio.Group
            options={[
              { value: 'FULL', label: `全部结清（${yuan(q.quote.total)}）` },
              { value: 'PART', label: '部分还款' },
            ]}
            data-testid="repay-mode"
          />
        </Form.Item>
        {mode === 'PART' && (
          <Form.Item
            name="amount"
            label="还款金额（元）"
            rules={[
              yuanRule(
                '还款金额',
                () => cap,
                (c) =>
                  c < q.quote.total ? `还款金额不能超过可用余额 ${formatYuan(c)} 元` : `还款金额不能超过应还总额 ${formatYuan(c)} 元`,
              ),
            ]}
          >
            <Input inputMode="decimal" placeholder="例如 100,000.00" data-testid="repay-amount" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" disabled={mode === 'FULL' && q.available < q.quote.total} data-testid="repay-submit">
          立即还款
        </Button>
      </Form>
      <ConfirmPasswordModal<RepayResult>
        open={confirming !== null}
        title="确认还款"
        okText="确认还款"
        summary={[
          { label: '融资编号', value: q.financing.financingNo },
          { label: '还款金额', value: <b data-testid="confirm-amount">{yuan(confirming)}</b> },
          { label: '扣款账户', value: '本企业虚拟账户（可用余额）' },
          { label: '冲抵顺序', value: '罚息 → 利息 → 本金' },
        ]}
        onConfirm={(confirmation) => repay.mutateAsync({ financingId: q.financing.id, amount: confirming!, ...confirmation })}
        onDone={(r) => {
          setConfirming(null);
          form.resetFields();
          onDone(r);
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

function OfflineRepay({ q }: { q: RepaymentQuote }) {
  const [form] = Form.useForm<{ amount: string; voucherUploadId: number; payerAccountName: string; payerAccountNo: string }>();
  const submit = useSubmitVoucher();
  // One key per voucher submission: a double click or a retry submits one voucher (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();
  const acct = q.receivingAccount;
  if (q.pendingVoucher) {
    return <Alert type="info" showIcon title={`已提交线下还款凭证 ${yuan(q.pendingVoucher.amount)}，等待运营确认到账`} />;
  }
  return (
    <Row gutter={24}>
      <Col xs={24} lg={10}>
        <Descriptions title="保理商收款账户" column={1} size="small" bordered>
          <Descriptions.Item label="户名">{acct.accountName}</Descriptions.Item>
          <Descriptions.Item label="开户行">{acct.bankBranchName}</Descriptions.Item>
          <Descriptions.Item label="账号">{acct.accountNo}</Descriptions.Item>
          <Descriptions.Item label="附言">{q.financing.financingNo} 还款</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          请通过企业网银转账至上述账户，转账完成后上传回单；运营确认到账后按到账日冲抵罚息、利息、本金。
        </Typography.Paragraph>
      </Col>
      <Col xs={24} lg={14}>
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            const sent = await submit.run(
              { financingId: q.financing.id, ...v, amount: tryParseYuan(v.amount)!, idempotencyKey: submissionKey },
              { form },
            );
            if (!sent) return;
            renewKey();
            form.resetFields();
          }}
        >
          <Form.Item
            name="amount"
            label="转账金额（元）"
            rules={[
              yuanRule(
                '转账金额',
                () => q.quote.total,
                (c) => `转账金额不能超过应还总额 ${formatYuan(c)} 元`,
              ),
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="payerAccountName"
            label="付款账户名称"
            rules={[{ required: true, whitespace: true, message: '请输入付款账户名称' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="payerAccountNo"
            label="付款账号"
            rules={[{ required: true, pattern: /^\d{6,32}$/, message: '付款账号应为6–32位数字' }]}
          >
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item name="voucherUploadId" label="转账回单" rules={[{ required: true, message: '请上传转账凭证' }]}>
            <UploadField purpose="REPAYMENT_VOUCHER" label="转账回单" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            提交凭证
          </Button>
        </Form>
      </Col>
    </Row>
  );
}
