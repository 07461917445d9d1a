import { Button, Card, Col, Descriptions, Empty, List, Row, Space, Steps, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { usePlatforms } from './api.ts';
import { percent } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { rateHeadline } from './pricing.ts';

const DOCUMENTS = [
  '与核心企业签订的购销合同或框架协议',
  '对核心企业开具的增值税发票（登记后由运营核验）',
  '订单融资：核心企业下达的采购订单及交货计划',
  '企业实名认证已通过，并已开立虚拟账户',
];

/** `/supplyloan/supplyLoan`: the supply-chain loan product — what it is, rates, documents, and the way in. */
export default function SupplyLoanPage() {
  const platforms = usePlatforms();
  const navigate = useNavigate();
  const rows = platforms.data ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="supply-loan-page">
      <Card>
        <Typography.Title level={3}>供应链贷款</Typography.Title>
        <Typography.Paragraph>
          依托核心企业的信用，供应商以对核心企业的应收账款（增值税发票）或核心企业的采购订单为依据，在平台授信额度内申请融资。
          放款进入企业虚拟账户的受控资金，仅可定向支付给白名单收款人；到期一次还本付息，可提前还款、线下转账还款或申请展期。
        </Typography.Paragraph>
        <Steps
          size="small"
          items={[
            { title: '加入平台', description: '申请准入，运营核定授信额度' },
            { title: '登记发票', description: '登记对核心企业的发票，运营核验' },
            { title: '申请融资', description: '选择发票，试算利息与到账金额' },
            { title: '签署合同', description: '在线签署融资合同' },
            { title: '审批放款', description: '审核通过后放款至受控账户' },
            { title: '到期还款', description: '账户还款或线下转账' },
          ]}
        />
        <Space style={{ marginTop: 24 }}>
          <Button type="primary" onClick={() => navigate('/supplyloan/financing')}>
            立即申请融资
          </Button>
          <Button onClick={() => navigate('/supplyloan/invoice')}>登记发票</Button>
          <Button onClick={() => navigate('/supplyloan/myPlatform')}>平台管理</Button>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="平台与费率" loading={platforms.isLoading}>
            {rows.length === 0 ? (
              <Empty description="暂无供应链平台" />
            ) : (
              <List
                dataSource={rows}
                renderItem={(p) => (
                  <List.Item
                    actions={[
                      <Link key="price" to={`/supplyloan/priceList?platformId=${p.id}`}>
                        价格表
                      </Link>,
                    ]}
                  >
                    <List.Item.Meta
                      title={
                        <Space>
                          {p.name}
                          {p.creditLine ? <Tag color="success">已加入 · 可用 {yuan(p.creditLine.available)}</Tag> : <Tag>未加入</Tag>}
                        </Space>
                      }
                      description={
                        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
                          <Descriptions.Item label="核心企业">{p.coreEnterpriseName}</Descriptions.Item>
                          <Descriptions.Item label="年化利率">{rateHeadline(p)}</Descriptions.Item>
                          <Descriptions.Item label="融资比例">{percent(p.advanceRatePpm)}</Descriptions.Item>
                          <Descriptions.Item label="最长期限">{p.maxTermDays} 天</Descriptions.Item>
                          <Descriptions.Item label="计息方式">{p.interestModeLabel}</Descriptions.Item>
                          <Descriptions.Item label="服务费率">{percent(p.serviceFeeRatePpm)}</Descriptions.Item>
                        </Descriptions>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="所需材料">
            <List size="small" dataSource={DOCUMENTS} renderItem={(d) => <List.Item>{d}</List.Item>} />
          </Card>
          <Card title="计费规则" style={{ marginTop: 16 }}>
            <Typography.Paragraph>
              利息按实际天数计算（实际天数/360）：利息 = 本金 × 年化利率 × 天数 ÷ 360，四舍五入到分。
            </Typography.Paragraph>
            <Typography.Paragraph>
              预收息：放款时扣除利息和服务费；利随本清：放款时扣除服务费，利息按日累计，随本金归还。
            </Typography.Paragraph>
            <Typography.Paragraph>逾期罚息 = 逾期本金 × 日利率 × 罚息倍数（默认 1.5 倍）× 逾期天数。</Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
