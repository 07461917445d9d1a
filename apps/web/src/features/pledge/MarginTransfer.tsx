import { Divider, Skeleton } from 'antd';
import { usePaymentInfo, type VoucherKind } from './payment-api.ts';
import { VoucherForm } from './VoucherForm.tsx';

/** On /pledge/bondVoucher and /pledge/giveGold: the margin or top-up paid by bank transfer instead of from the account. */
export function MarginTransfer({
  financingId,
  kind,
  amount,
}: {
  financingId: number;
  kind: Exclude<VoucherKind, 'REPAYMENT'>;
  amount: number;
}) {
  const info = usePaymentInfo(financingId);
  return (
    <>
      <Divider titlePlacement="start">或通过银行转账缴纳，上传转账凭证</Divider>
      {info.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : info.data ? (
        <VoucherForm info={info.data} kind={kind} fixedAmount={amount} />
      ) : null}
    </>
  );
}
