import { Alert, Card, Descriptions, Empty, Result, Skeleton, Space } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { yuan } from '../../lib/money.ts';
import { usePaymentInfo } from './payment-api.ts';
import { VoucherHistory } from './VoucherHistory.tsx';
import { VoucherForm } from './VoucherForm.tsx';

/**
 * /pledge/repaymentVoucher: repay by an offline bank transfer — what is owed now, the factor's
 * receiving account, the voucher upload (confirmed before it is sent), and the vouchers so far.
 */
export default function RepaymentVoucherPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const info = usePaymentInfo(id);
  if (!id)
    return <Result status="info" title="请选择一笔融资" extra={<Link to="/pledge/pledgeFinacy">前往“我的融资”选择要还款的融资</Link>} />;
  if (info.isPending) return <Skeleton active />;
  const d = info.data;
  if (!d) return <Empty description="质押融资不存在" />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="pledge-repayment-voucher">
      <Card title="线下转账还款">
        {d.owed ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions bordered size="small" column={{ xs: 1, md: 4 }}>
              <Descriptions.Item label="融资编号">{d.financingNo}</Descriptions.Item>
              <Descriptions.Item label="未还本金">{yuan(d.owed.principal)}</Descriptions.Item>
              <Descriptions.Item label="应付利息 / 罚息">
                {yuan(d.owed.interest)} / {yuan(d.owed.penalty)}
              </Descriptions.Item>
              <Descriptions.Item label="应还合计">{yuan(d.owed.total)}</Descriptions.Item>
              {d.owed.interestRefund > 0 && (
                <Descriptions.Item label="今日结清退还未用天数利息">{yuan(d.owed.interestRefund)}</Descriptions.Item>
              )}
            </Descriptions>
            <VoucherForm info={d} kind="REPAYMENT" />
            <Link to={`/pledge/repaymentList?id=${d.financingId}`}>改用账户余额还款，或还款后赎货</Link>
          </Space>
        ) : (
          <Alert type="info" showIcon title="该融资当前不需要还款" description={`融资编号 ${d.financingNo}`} />
        )}
      </Card>
      <Card title="转账凭证记录">
        <VoucherHistory vouchers={d.vouchers} />
      </Card>
    </Space>
  );
}
