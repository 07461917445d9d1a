import { formatPercent } from '@factoring/domain';
import { Button, Card, Descriptions, Empty, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { date } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { useFinancing, usePayMargin, useTopUp } from './api.ts';
import { MarginTransfer } from './MarginTransfer.tsx';
import { PledgeContractsCard } from './PledgeContractsCard.tsx';
import { AddGoodsCard } from './AddGoodsCard.tsx';
import type { AddGoodsResult } from './delivery-api.ts';

/**
 * /pledge/bondVoucher (the margin before approval) and /pledge/giveGold (the top-up a margin call
 * asks for): paid from the account's available funds after the password confirmation.
 */
export default function MarginPage() {
  const [params] = useSearchParams();
  const topUp = useLocation().pathname.endsWith('giveGold');
  const id = Number(params.get('id')) || null;
  const detail = useFinancing(id);
  const pay = usePayMargin();
  const top = useTopUp();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [goodsAdded, setGoodsAdded] = useState<AddGoodsResult | null>(null);
  const navigate = useNavigate();
  if (!id) return <Empty description="请从“我的融资”中选择一笔融资" />;
  if (detail.isPending) return <Skeleton active />;
  const d = detail.data;
  if (!d) return <Empty description="质押融资不存在" />;
  const amount = topUp ? (d.openMarginCall?.amount ?? 0) : d.margin;
  const due = topUp ? d.openMarginCall !== null : d.status === 'MARGIN_PENDING';
  if (goodsAdded) {
    return (
      <Result
        status="success"
        title="补充质押成功，补缴保证金通知已解除"
        subTitle={`补充质押 ${goodsAdded.addedQuantity} ${d.unit}，质押合计 ${goodsAdded.pledgedQuantity} ${d.unit}，货值 ${yuan(goodsAdded.value)}，质押率 ${formatPercent(goodsAdded.ltvPpm)}`}
        extra={
          <Button type="primary" onClick={() => navigate('/pledge/pledgeFinacy')}>
            我的融资
          </Button>
        }
      />
    );
  }
  if (done) {
    return (
      <Result
        status="success"
        title={topUp ? '补缴保证金成功' : '保证金已缴纳，等待审批'}
        subTitle={`流水号 ${done}`}
        extra={
          <Button type="primary" onClick={() => navigate('/pledge/pledgeFinacy')}>
            我的融资
          </Button>
        }
      />
    );
  }
  return (
    <Card title={topUp ? '补缴保证金' : '缴纳保证金'} data-testid="pledge-margin">
      <Descriptions bordered size="small" column={1} style={{ maxWidth: 560, marginBottom: 16 }}>
        <Descriptions.Item label="融资编号">{d.financingNo}</Descriptions.Item>
        <Descriptions.Item label="融资金额">{yuan(d.amount)}</Descriptions.Item>
        <Descriptions.Item label="当前货值">{yuan(d.value)}</Descriptions.Item>
        <Descriptions.Item label="当前质押率（LTV）">{formatPercent(d.ltvPpm)}</Descriptions.Item>
        {topUp && d.openMarginCall && <Descriptions.Item label="补缴期限">{date(d.openMarginCall.deadline)}</Descriptions.Item>}
        <Descriptions.Item label={topUp ? '应补缴' : '应缴保证金'}>{yuan(amount)}</Descriptions.Item>
      </Descriptions>
      {due ? (
        <Button type="primary" onClick={() => setConfirming(true)}>
          从账户支付 {yuan(amount)}
        </Button>
      ) : (
        <Empty description={topUp ? '该融资没有待补缴的保证金' : '该融资当前无需缴纳保证金'} />
      )}
      {due && <MarginTransfer financingId={id} kind={topUp ? 'TOP_UP' : 'MARGIN'} amount={amount} />}
      {topUp && due && (
        <div style={{ marginTop: 16 }}>
          <AddGoodsCard id={id} onDone={setGoodsAdded} />
        </div>
      )}
      {!topUp && (
        <div style={{ marginTop: 16 }}>
          <PledgeContractsCard financingId={id} />
        </div>
      )}
      <ConfirmPasswordModal
        open={confirming}
        title={topUp ? '确认补缴保证金' : '确认缴纳保证金'}
        summary={[
          { label: '融资编号', value: d.financingNo },
          { label: '金额', value: yuan(amount) },
          { label: '付款账户', value: '本企业虚拟账户可用余额' },
        ]}
        okText="确认支付"
        onConfirm={(c) => (topUp ? top : pay).mutateAsync({ id, ...c })}
        onDone={(r) => {
          setConfirming(false);
          setDone(r.refNo ?? '—');
        }}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
