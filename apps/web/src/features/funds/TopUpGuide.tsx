import { Alert, Descriptions, Typography } from 'antd';
import type { AccountBalance } from './api.ts';

/** The "如何充值" dialog's body on /user/moneySummary: a chunk of its own, loaded when the dialog first opens. */
export default function TopUpGuide({ account }: { account: AccountBalance }) {
  return (
    <div data-testid="topup-guide">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title="通过网银或柜台，从贵司银行账户转账到下面的虚拟账号即可充值。" />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="收款户名">{account.accountName}</Descriptions.Item>
        <Descriptions.Item label="收款账号">
          <Typography.Text copyable>{account.accountNo}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="开户银行">{account.bank}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        到账后由平台核对银行回单并入账，入账后即可在资金流水中看到“充值入账”。请使用贵司对公账户转账，并在附言中注明用途。
      </Typography.Paragraph>
    </div>
  );
}
