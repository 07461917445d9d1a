import { formatYuan, REPAYMENT_METHODS } from '@factoring/domain';
import { Button, Card, Col, Descriptions, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { percent } from '../../lib/format.ts';
import { useEligibility, useProduct } from './api.ts';
import { EligibilityNotice } from './EligibilityNotice.tsx';

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
