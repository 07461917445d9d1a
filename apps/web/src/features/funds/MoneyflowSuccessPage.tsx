import { formatYuan } from '@factoring/domain';
import { Button, Card, Descriptions, Result, Skeleton } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isRequestFailure } from '../../lib/request.ts';
import { useMoneyResult, type MoneyResult } from './api.ts';
import { dateTime } from '../../lib/format.ts';

const TITLES: Record<string, { title: string; sub: string; again?: [string, string] }> = {
  WITHDRAWAL: {
    title: '提现申请已提交',
    sub: '资金已冻结，平台出款后将转入您的结算账户；如出款失败，提现金额与手续费将原路退回可用余额。',
    again: ['/user/withdrawal', '继续提现'],
  },
  WITHDRAWAL_REQUEST: { title: '提现申请已提交', sub: '平台出款后将转入您的结算账户。', again: ['/user/withdrawal', '继续提现'] },
  TRANSFER: { title: '转账成功', sub: '款项已实时转入对方虚拟账户。', again: ['/user/internalTransfer', '继续转账'] },
  TARGETED_PAYMENT: { title: '定向支付成功', sub: '受控资金已支付给白名单收款方。', again: ['/user/purchasePayment', '继续支付'] },
};

/** `/user/moneyflowSuccess` (PRODUCT §5): the result of a money movement — what, amount, fee, reference number — and links onward. */
export default function MoneyflowSuccessPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as MoneyResult | null) ?? null;
  const refNo = params.get('refNo') ?? fromState?.refNo ?? null;
  // After a reload the router state is gone: the result is read back by its reference number.
  const fetched = useMoneyResult(refNo, !fromState);
  const r = fromState ?? fetched.data;

  if (!refNo)
    return (
      <Result
        status="info"
        title="没有可显示的交易结果"
        extra={
          <Link to="/user/moneySummary">
            <Button type="primary">查看账户</Button>
          </Link>
        }
      />
    );
  if (!r && fetched.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (!r) {
    return (
      <Result
        status="warning"
        title="未找到该笔交易"
        subTitle={isRequestFailure(fetched.error) ? fetched.error.message : `流水号 ${refNo}`}
        extra={
          <Link to="/user/moneySummary">
            <Button type="primary">查看资金流水</Button>
          </Link>
        }
      />
    );
  }
  const t = TITLES[r.kind] ?? { title: `${r.typeLabel ?? '交易'}已完成`, sub: '' };
  const payee = r.payeeName ?? r.bankAccountName ?? r.counterpartyName;
  const payeeAccount = r.payeeAccountNo ?? r.bankAccountNo ?? r.counterpartyAccount;
  return (
    <Card data-testid="moneyflow-success">
      <Result
        status="success"
        title={t.title}
        subTitle={t.sub}
        extra={[
          <Link key="flows" to="/user/moneySummary">
            <Button type="primary">查看资金流水</Button>
          </Link>,
          t.again && (
            <Link key="again" to={t.again[0]}>
              <Button>{t.again[1]}</Button>
            </Link>
          ),
        ]}
      >
        <Descriptions column={1} bordered size="small" style={{ maxWidth: 560, margin: '0 auto' }}>
          <Descriptions.Item label="流水号">
            <span data-testid="result-ref">{r.refNo}</span>
          </Descriptions.Item>
          <Descriptions.Item label="金额">
            <span data-testid="result-amount">¥{formatYuan(r.amount)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="手续费">
            <span data-testid="result-fee">¥{formatYuan(r.fee)}</span>
          </Descriptions.Item>
          {payee && (
            <Descriptions.Item label="收款方">
              {payee}
              {payeeAccount ? `（${payeeAccount}）` : ''}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="时间">{dateTime(r.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Result>
    </Card>
  );
}
