import { Alert, Button, Card, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { useOpenPayee, type Payee, type PayeeInput } from './api.ts';
import { PayeeForm } from './PayeeForm.tsx';

/** `/user/openLastDirPayment` (PRODUCT §5): open directed payment to a new payee → pending operator review → whitelist. */
export default function OpenLastDirPaymentPage() {
  const submit = useOpenPayee();
  // One key per new payee: a double click on 提交审核 or a retry adds it once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();
  const [done, setDone] = useState<Payee | null>(null);

  const send = async (values: PayeeInput) => {
    const payee = await submit.run({ ...values, idempotencyKey: submissionKey });
    if (!payee) return;
    renewKey();
    setDone(payee);
  };

  if (done) {
    return (
      <Card>
        <Result
          status="success"
          title="已提交，等待平台审核"
          subTitle={`收款方「${done.name}」（${done.accountNo}）审核通过后加入白名单，即可用于定向支付。`}
          extra={[
            <Link key="list" to="/user/seeWhiteList">
              <Button type="primary">查看白名单</Button>
            </Link>,
            <Button key="again" onClick={() => setDone(null)}>
              继续添加
            </Button>,
          ]}
        />
      </Card>
    );
  }
  return (
    <Card title="开通定向支付：新增收款方" data-testid="open-payee-page">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16, maxWidth: 640 }}
        title="受控资金只能定向支付给白名单中已生效的收款方。新增的收款方经平台审核通过后生效。"
      />
      <PayeeForm submitText="提交审核" busy={submit.isPending} onSubmit={send} />
    </Card>
  );
}
