import { pledgeLifecycle, type PledgeStatus } from '@factoring/domain';
import { Button, Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { yuan } from '../../lib/money.ts';
import { isRequestFailure } from '../../lib/request.ts';
import { useFinancing } from './api.ts';
import { PledgeContractsCard } from './PledgeContractsCard.tsx';

/**
 * /pledge/pledgeSucess: the application is in; next the margin and the contracts. Everything shown
 * is read from the financing itself (the address names only its id): opened without one, or with
 * one that is not the caller's, the page says so instead of an empty "申请已提交" (issue 24).
 */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || null;
  const detail = useFinancing(id);
  const ways = [
    <Button type="primary" key="list" onClick={() => navigate('/pledge/pledgeFinacy')}>
      我的融资
    </Button>,
    <Button key="apply" onClick={() => navigate('/pledge/applyFinacing')}>
      申请融资
    </Button>,
  ];
  if (!id)
    return (
      <Result
        status="info"
        title="未指定质押融资申请"
        subTitle="本页在提交质押融资申请后显示该申请。已提交的申请请在“我的融资”中查看，或发起新的申请。"
        extra={ways}
        data-testid="pledge-success-missing"
      />
    );
  if (detail.isPending) return <Skeleton active />;
  if (detail.isError && !(isRequestFailure(detail.error) && detail.error.status === 404))
    return <LoadFailure title="质押融资申请加载失败" error={detail.error} retry={() => detail.refetch()} />;
  const d = detail.data;
  if (!d)
    return (
      <Result
        status="warning"
        title="未找到该质押融资申请"
        subTitle="该申请不存在或不属于本企业。请在“我的融资”中查看本企业的申请。"
        extra={ways}
        data-testid="pledge-success-missing"
      />
    );
  const status = d.status as PledgeStatus;
  const marginDue = status === 'MARGIN_PENDING';
  return (
    <Result
      status={pledgeLifecycle.isTerminal(status) ? 'info' : 'success'}
      title={marginDue || status === 'SUBMITTED' ? '质押融资申请已提交' : `质押融资 ${d.financingNo}：${pledgeLifecycle.label(status)}`}
      subTitle={
        marginDue
          ? `融资编号 ${d.financingNo}，${d.goodsName} ${d.pledgedQuantity} ${d.unit} 已质押。缴纳保证金 ${yuan(d.margin)} 并签署下方的质押合同与保证金协议后进入审批。`
          : `融资编号 ${d.financingNo}，当前状态：${pledgeLifecycle.label(status)}。`
      }
      extra={[
        ...(marginDue
          ? [
              <Button type="primary" key="margin" onClick={() => navigate(`/pledge/bondVoucher?id=${d.id}`)}>
                缴纳保证金
              </Button>,
            ]
          : []),
        <Button key="list" type={marginDue ? 'default' : 'primary'} onClick={() => navigate('/pledge/pledgeFinacy')}>
          我的融资
        </Button>,
      ]}
    >
      {!pledgeLifecycle.isTerminal(status) && <PledgeContractsCard financingId={d.id} />}
    </Result>
  );
}
