import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { yuan } from '../../lib/money.ts';
import { PledgeContractsCard } from './PledgeContractsCard.tsx';

/** /pledge/pledgeSucess: the application is in; next the margin. */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  return (
    <Result
      status="success"
      title="质押融资申请已提交"
      subTitle={`融资编号 ${params.get('no') ?? ''}，货物已质押。请缴纳保证金 ${yuan(Number(params.get('margin') ?? 0))} ，并签署质押合同与保证金协议后进入审批。`}
      extra={[
        <Button type="primary" key="margin" onClick={() => navigate(`/pledge/bondVoucher?id=${id}`)}>
          缴纳保证金
        </Button>,
        <Button key="list" onClick={() => navigate('/pledge/pledgeFinacy')}>
          我的融资
        </Button>,
      ]}
    >
      {id && <PledgeContractsCard financingId={Number(id)} />}
    </Result>
  );
}
