import { formatYuan, PLEDGE_VOUCHER_KIND_LABELS } from '@factoring/domain';
import { Alert, Button, Col, Descriptions, Form, Input, Modal, Row, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { UploadField } from '../../lib/UploadField.tsx';
import { useSubmitVoucher, type PledgePaymentInfo, type VoucherKind } from './payment-api.ts';

interface Props {
  info: PledgePaymentInfo;
  kind: VoucherKind;
  /** The margin or top-up due: paid in full, not typed. Absent for a repayment (the amount is typed, up to what is owed). */
  fixedAmount?: number;
}

type Values = { amount?: string; payerAccountName: string; payerAccountNo: string; voucherUploadId: number };

/**
 * Pay by bank transfer: the factor's receiving account, then the voucher (回单) with the paying
 * account. Submitting asks for a confirmation first; the money is booked only when an operator
 * confirms it arrived, and the result page (/pledge/voucherSucess) shows the reference number.
 */
export function VoucherForm({ info, kind, fixedAmount }: Props) {
  const [form] = Form.useForm<Values>();
  const submit = useSubmitVoucher();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<(Values & { cents: number }) | null>(null);
  // One key per voucher submission: a double click on 确认提交 or a retry submits one voucher.
  const [submissionKey, renewKey] = useSubmissionKey();
  const label = PLEDGE_VOUCHER_KIND_LABELS[kind];
  const pending = info.vouchers.find((v) => v.kind === kind && v.status === 'PENDING');
  const acct = info.receivingAccount;
  const owed = info.owed?.total ?? 0;

  if (pending) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="voucher-pending"
        title={`已提交${label}转账凭证 ${pending.voucherNo}（${yuan(pending.amount)}），等待运营确认到账`}
        description={<Link to={`/pledge/voucherSucess?voucher=${pending.id}`}>查看凭证</Link>}
      />
    );
  }
  return (
    <Row gutter={[24, 16]} data-testid="voucher-form">
      <Col xs={24} lg={10}>
        <Descriptions title="保理商收款账户" column={1} size="small" bordered>
          <Descriptions.Item label="户名">{acct.accountName}</Descriptions.Item>
          <Descriptions.Item label="开户行">{acct.bankBranchName}</Descriptions.Item>
          <Descriptions.Item label="账号">{acct.accountNo}</Descriptions.Item>
          <Descriptions.Item label="附言">
            {info.financingNo} {label}
          </Descriptions.Item>
          {fixedAmount !== undefined && <Descriptions.Item label="转账金额">{yuan(fixedAmount)}</Descriptions.Item>}
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          请通过企业网银转账至上述账户，完成后上传转账回单。运营确认到账后，款项计入贵司账户并即时
          {kind === 'REPAYMENT' ? '冲抵罚息、利息、本金' : '转入保证金账户冻结'}；未到账的凭证将被驳回，账户不受影响。
        </Typography.Paragraph>
      </Col>
      <Col xs={24} lg={14}>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => {
            const cents = fixedAmount ?? tryParseYuan(v.amount);
            if (cents !== null && cents !== undefined) setConfirming({ ...v, cents });
          }}
        >
          {fixedAmount === undefined && (
            <Form.Item
              name="amount"
              label="转账金额（元）"
              rules={[
                yuanRule(
                  '转账金额',
                  () => owed,
                  (cap) => `转账金额不能超过应还金额 ${formatYuan(cap)} 元`,
                ),
              ]}
            >
              <Input inputMode="decimal" placeholder={`最多 ${formatYuan(owed)}`} />
            </Form.Item>
          )}
          <Form.Item
            name="payerAccountName"
            label="付款账户名称"
            rules={[{ required: true, whitespace: true, message: '请输入付款账户名称' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="payerAccountNo"
            label="付款账号"
            rules={[{ required: true, pattern: /^\d{6,32}$/, message: '付款账号应为6–32位数字' }]}
          >
            <Input inputMode="numeric" maxLength={32} />
          </Form.Item>
          <Form.Item name="voucherUploadId" label="转账回单" rules={[{ required: true, message: '请上传转账凭证' }]}>
            <UploadField purpose="PLEDGE_VOUCHER" label="转账回单" testId="voucher-upload" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            提交转账凭证
          </Button>
        </Form>
      </Col>
      <Modal
        open={confirming !== null}
        title={`确认提交${label}转账凭证`}
        okText="确认提交"
        confirmLoading={submit.isPending}
        okButtonProps={{ 'data-testid': 'confirm-voucher' } as ButtonProps}
        onCancel={() => setConfirming(null)}
        onOk={async () => {
          const v = confirming!;
          const done = await submit.run(
            {
              financingId: info.financingId,
              kind,
              amount: v.cents,
              voucherUploadId: v.voucherUploadId,
              payerAccountName: v.payerAccountName.trim(),
              payerAccountNo: v.payerAccountNo,
              idempotencyKey: submissionKey,
            },
            { form },
          );
          setConfirming(null);
          if (!done) return;
          renewKey();
          navigate(`/pledge/voucherSucess?voucher=${done.id}`);
        }}
        destroyOnHidden
      >
        {confirming && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="融资编号">{info.financingNo}</Descriptions.Item>
            <Descriptions.Item label="款项">{label}</Descriptions.Item>
            <Descriptions.Item label="转账金额">{yuan(confirming.cents)}</Descriptions.Item>
            <Descriptions.Item label="付款账户">
              {confirming.payerAccountName} {confirming.payerAccountNo}
            </Descriptions.Item>
            <Descriptions.Item label="收款账户">
              {acct.accountName} {acct.accountNo}
            </Descriptions.Item>
          </Descriptions>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          请确认已完成转账且金额一致。提交后由运营核对到账，核对无误才会入账。
        </Typography.Paragraph>
      </Modal>
    </Row>
  );
}
