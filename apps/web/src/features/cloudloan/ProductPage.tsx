import { formatYuan, REPAYMENT_METHODS } from '@factoring/domain';
import { Button, Card, Col, Descriptions, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { date, percent } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { useApplications, useEligibility, useProduct } from './api.ts';
import { APPLICATION_COLORS } from './cloudComponent/labels.ts';
import { EligibilityNotice } from './EligibilityNotice.tsx';

/**
 * The enterprise's latest application and where it stands (issue 24): while the bank decides, the page
 * says so here — the entries stay in the sider — instead of vanishing; nothing when it never applied.
 */
function LatestApplication() {
  const list = useApplications({ page: 1, size: 1 });
  const a = list.data?.items[0];
  if (!a) return null;
  return (
    <Card
      title="我的云贷申请"
      extra={
        <Link to="/supplyloan/myfinancing/cloudComponent/CloudLoanTab?cloudTab=apply" style={{ textDecoration: 'underline' }}>
          全部申请
        </Link>
      }
      data-testid="cloud-latest-application"
    >
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
        <Descriptions.Item label="申请编号">{a.applicationNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={APPLICATION_COLORS[a.status]} data-testid="latest-application-status">
            {a.statusLabel}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="申请金额">{yuan(a.amount)}</Descriptions.Item>
        <Descriptions.Item label="期限与还款方式">
          {a.termMonths} 个月 · {a.methodLabel}
        </Descriptions.Item>
        <Descriptions.Item label="申请日">{date(a.createdAt)}</Descriptions.Item>
        {a.status === 'GRANTED' && (
          <Descriptions.Item label="银行批复">
            {yuan(a.grantedAmount)} · {percent(a.grantedRatePpm)} · {a.grantedTermMonths} 个月，有效期至 {a.expiryDate}
          </Descriptions.Item>
        )}
        {a.status === 'REJECTED' && <Descriptions.Item label="拒绝原因">{a.rejectReason}</Descriptions.Item>}
      </Descriptions>
      {a.status === 'SUBMITTED' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          银行正在审批这笔申请，结果将显示在这里和“我的融资 · 银行云贷”中；审批期间不能再次申请，还款试算照常可用。
        </Typography.Paragraph>
      )}
      {a.status === 'GRANTED' && !a.agreementSigned && (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          银行已批复，请先在{' '}
          <Link to="/user/contractList" style={{ textDecoration: 'underline' }}>
            合同管理
          </Link>{' '}
          签署借款协议，再提款。
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** `/supplyloan/ccbft` (PRODUCT §7): the bank cloud loan — amounts, terms, rates, eligibility, apply and trial. */
export default function ProductPage() {
  const product = useProduct();
  const eligibility = useEligibility();
  const navigate = useNavigate();
  const p = product.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="cloudloan-product-page">
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          银行云贷
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          由合作银行直接授信、线上申请、随借随还的企业经营贷款。额度批复后签署借款协议即可提款，资金实时进入贵司在本平台的虚拟账户，每期还款日自动扣款。
        </Typography.Paragraph>
        {product.isLoading || !p ? (
          <Skeleton active />
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title="最高额度（元）" value={formatYuan(p.maxAmount)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="借款期限" value={`${p.minTermMonths}–${p.maxTermMonths} 个月`} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="年利率" value={`${percent(p.minRatePpm)} 起`} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="合作银行" value={p.bankName} valueStyle={{ fontSize: 18 }} />
            </Col>
          </Row>
        )}
      </Card>
      <Card title="申请资格">
        <EligibilityNotice />
      </Card>
      <LatestApplication />
      {p && (
        <Card title="产品要素">
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label="申请金额">
              {formatYuan(p.minAmount)} – {formatYuan(p.maxAmount)} 元
            </Descriptions.Item>
            <Descriptions.Item label="借款期限">
              {p.minTermMonths} – {p.maxTermMonths} 个月
            </Descriptions.Item>
            <Descriptions.Item label="年利率">
              {percent(p.minRatePpm)} – {percent(p.maxRatePpm)}（以银行审批为准，参考 {percent(p.referenceRatePpm)}）
            </Descriptions.Item>
            <Descriptions.Item label="逾期罚息">
              按借款利率的 {(p.penaltyMultiplierPpm / 1_000_000).toFixed(1)} 倍按日计收
            </Descriptions.Item>
            <Descriptions.Item label="还款方式">
              <Space size={4} wrap>
                {REPAYMENT_METHODS.map((m) => (
                  <Tag key={m.value}>{m.label}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="额度有效期">批复之日起 {p.validityDays} 天</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Space wrap>
        <Button
          type="primary"
          size="large"
          disabled={!eligibility.data?.allowed}
          onClick={() => navigate('/supplyloan/ccbftApply')}
          data-testid="go-apply"
        >
          立即申请
        </Button>
        <Button size="large" onClick={() => navigate('/supplyloan/ccbftTrialPayment')}>
          还款试算
        </Button>
        <Button size="large" onClick={() => navigate('/supplyloan/myfinancing/cloudComponent/CloudLoanTab')}>
          我的云贷
        </Button>
      </Space>
    </Space>
  );
}
