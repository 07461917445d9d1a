import { formatYuan, REPAYMENT_METHOD_LABELS } from '@factoring/domain';
import { Alert, Button, Card, Checkbox, Descriptions, Empty, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { useApply, useProduct } from './api.ts';
import { clearDraft, readDraft } from './draft.ts';

/** `/supplyloan/ccbftSubmit` (PRODUCT §7): review the application, accept the service agreement, submit to the bank. */
export default function SubmitPage() {
  const navigate = useNavigate();
  const [draft] = useState(readDraft);
  const [accepted, setAccepted] = useState(false);
  const [done, setDone] = useState<{ applicationNo: string } | null>(null);
  const apply = useApply();
  // One key per application: a double click on 提交 or a retry applies once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();
  const product = useProduct();

  if (done) {
    return (
      <Result
        status="success"
        title="申请已提交银行审批"
        subTitle={`申请编号 ${done.applicationNo}。银行审批通过后，请在“合同管理”签署借款协议，再在“我的融资 · 银行云贷”中提款。`}
        extra={[
          <Button
            type="primary"
            key="mine"
            onClick={() => navigate('/supplyloan/myfinancing/cloudComponent/CloudLoanTab')}
            data-testid="submit-done"
          >
            查看我的云贷
          </Button>,
          <Button key="home" onClick={() => navigate('/')}>
            返回首页
          </Button>,
        ]}
      />
    );
  }
  if (!draft) {
    return (
      <Card>
        <Empty description="没有待提交的申请">
          <Link to="/supplyloan/ccbftApply">填写申请</Link>
        </Empty>
      </Card>
    );
  }

  const submit = async () => {
    const result = await apply.run({ ...draft, agreementAccepted: accepted, idempotencyKey: submissionKey });
    if (result) {
      renewKey();
      clearDraft();
      setDone(result);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="cloudloan-submit-page">
      <Card title="确认申请信息" extra={<Link to="/supplyloan/ccbftApply">修改</Link>}>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label="合作银行">{product.data?.bankName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="申请金额">¥{formatYuan(Number(draft.amount))}</Descriptions.Item>
          <Descriptions.Item label="借款期限">{draft.termMonths} 个月</Descriptions.Item>
          <Descriptions.Item label="还款方式">
            {REPAYMENT_METHOD_LABELS[draft.method as keyof typeof REPAYMENT_METHOD_LABELS]}
          </Descriptions.Item>
          <Descriptions.Item label="借款用途">{draft.purpose}</Descriptions.Item>
          <Descriptions.Item label="上年度营业收入">¥{formatYuan(Number(draft.lastYearRevenue))}</Descriptions.Item>
          <Descriptions.Item label="上年度纳税额">¥{formatYuan(Number(draft.lastYearTax))}</Descriptions.Item>
          <Descriptions.Item label="联系人">
            {draft.contactName} {draft.contactPhone}
          </Descriptions.Item>
          <Descriptions.Item label="征信查询授权">已授权</Descriptions.Item>
          {draft.remark && <Descriptions.Item label="备注">{draft.remark}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title="云贷服务协议">
        <Typography.Paragraph style={{ maxHeight: 200, overflow: 'auto' }}>
          一、贵司通过本平台向合作银行申请云贷，授权本平台向合作银行提供贵司在本平台的交易数据、账户流水等信息，用于借款审批及贷后管理。
          <br />
          二、借款金额、利率、期限以银行最终审批结果为准。审批通过后，平台依据审批结果生成《银行云贷借款协议》，贵司签署后方可提款。
          <br />
          三、提款资金进入贵司在本平台开立的虚拟账户；每期还款日，平台自贵司虚拟账户可用余额自动扣收当期应还款项；余额不足的，自还款日次日起按借款利率的
          1.5 倍按日计收罚息。
          <br />
          四、贵司可随时提前归还当期款项，或按当日报价（剩余本金 + 计至当日的利息 + 罚息）提前结清。
        </Typography.Paragraph>
        <Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} data-testid="submit-accept">
          我已阅读并同意《云贷服务协议》
        </Checkbox>
      </Card>
      {!accepted && <Alert type="info" showIcon message="请阅读并同意《云贷服务协议》后提交" />}
      <Space>
        <Button
          type="primary"
          size="large"
          disabled={!accepted}
          loading={apply.isPending}
          onClick={submit}
          data-testid="submit-application"
        >
          提交申请
        </Button>
        <Button size="large" onClick={() => navigate('/supplyloan/ccbftApply')}>
          上一步
        </Button>
      </Space>
    </Space>
  );
}
