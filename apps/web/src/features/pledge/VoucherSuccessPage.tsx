import { Button, Descriptions, Empty, Result, Skeleton, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { dateTime } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { useVoucher } from './payment-api.ts';

const NEXT: Record<string, Record<string, string>> = {
  PENDING: {
    MARGIN: '运营核对到账后，保证金转入保证金账户冻结，融资进入审批；质押合同与保证金协议如未签署，请在缴款页面签署。',
    TOP_UP: '运营核对到账后，补缴的保证金转入保证金账户，补缴通知即告完成。',
    REPAYMENT: '运营核对到账后，按罚息、利息、本金顺序冲抵，之后可在“还款”页面申请赎货。',
  },
};

/** /pledge/voucherSucess: a transfer voucher is in; its reference number, what it pays and what happens next. */
export default function VoucherSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('voucher')) || null;
  const voucher = useVoucher(id);
  if (!id) return <Empty description="没有要查看的转账凭证" />;
  if (voucher.isPending) return <Skeleton active />;
  const v = voucher.data;
  if (!v) return <Empty description="转账凭证不存在" />;
  const pending = v.status === 'PENDING';
  return (
    <Result
      status={pending || v.status === 'CONFIRMED' ? 'success' : 'warning'}
      title={pending ? '转账凭证已提交，等待运营确认到账' : `转账凭证${v.statusLabel}`}
      subTitle={NEXT[v.status]?.[v.kind] ?? (v.reviewNote ? `说明：${v.reviewNote}` : undefined)}
      data-testid="pledge-voucher-result"
      extra={[
        <Button type="primary" key="list" onClick={() => navigate('/pledge/pledgeFinacy')}>
          我的融资
        </Button>,
        v.kind === 'REPAYMENT' ? (
          <Button key="repay" onClick={() => navigate(`/pledge/repaymentList?id=${v.financingId}`)}>
            还款与赎货
          </Button>
        ) : (
          <Button key="margin" onClick={() => navigate(`/pledge/${v.kind === 'MARGIN' ? 'bondVoucher' : 'giveGold'}?id=${v.financingId}`)}>
            返回缴款页面
          </Button>
        ),
      ]}
    >
      <Descriptions
        bordered
        size="small"
        column={1}
        style={{ maxWidth: 560, margin: '0 auto' }}
        styles={{ label: { whiteSpace: 'nowrap' }, content: { wordBreak: 'break-all' } }}
      >
        <Descriptions.Item label="凭证编号">{v.voucherNo}</Descriptions.Item>
        <Descriptions.Item label="融资编号">{v.financingNo}</Descriptions.Item>
        <Descriptions.Item label="款项">{v.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="转账金额">{yuan(v.amount)}</Descriptions.Item>
        <Descriptions.Item label="付款账户">
          {v.payerAccountName} {v.payerAccountNo}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={pending ? 'processing' : v.status === 'CONFIRMED' ? 'success' : 'error'}>{v.statusLabel}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="提交时间">{dateTime(v.createdAt)}</Descriptions.Item>
        {v.refNo && <Descriptions.Item label="入账流水号">{v.refNo}</Descriptions.Item>}
      </Descriptions>
    </Result>
  );
}
