import { BankOutlined, CloudOutlined, GoldOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Card, Col, Collapse, Empty, Row, Space, Statistic, Steps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLoginUser } from '../../lib/session.ts';
import { useSiteConfig } from '../../lib/site-config.ts';
import { useFaq } from './api.ts';

interface Product {
  key: string;
  icon: ReactNode;
  title: string;
  rate: string;
  term: string;
  points: string[];
  to: string;
}

const PRODUCTS: Product[] = [
  {
    key: 'supply',
    icon: <BankOutlined />,
    title: '供应链贷款',
    rate: '4.35% – 8.00%',
    term: '30 – 360 天',
    points: ['以对核心企业的应收账款、订单申请融资', '最高按应收账款金额的 80% 放款', '预收息或利随本清，按实际天数计息'],
    to: '/supplyloan/myPlatform',
  },
  {
    key: 'pledge',
    icon: <GoldOutlined />,
    title: '货押融资',
    rate: '5.00% – 9.00%',
    term: '30 – 180 天',
    points: ['货物存入合作监管仓库即可质押融资', '按质押物评估价值的一定比例放款', '分批还款、按比例赎货，周转灵活'],
    to: '/pledge/myPlatform',
  },
  {
    key: 'cloud',
    icon: <CloudOutlined />,
    title: '银行云贷',
    rate: '3.85% 起',
    term: '3 – 36 个月',
    points: ['合作银行线上信用贷款，无需抵押', '等额本息、等额本金、先息后本等还款方式', '支持在线还款试算'],
    to: '/supplyloan/ccbft',
  },
];

const STEPS = ['注册并激活账户', '企业实名认证', '加入融资平台获得授信', '在线申请、签约、放款'];

/** `/trade/index`: the public product portal — product cards with their rates, how it works, FAQ highlights. */
export default function PortalPage() {
  const user = useLoginUser();
  const config = useSiteConfig();
  const faq = useFaq('');
  const highlights = (faq.data ?? []).flatMap((g) => g.items.filter((i) => i.highlight));

  return (
    <div style={{ maxWidth: 1120, margin: '0 auto' }} data-testid="portal">
      <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 8 }}>
        产品与服务
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        依托核心企业信用与受控资金账户，为产业链上下游企业提供全程线上的融资服务。以下利率为年化参考区间，实际以审批结果和合同为准。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {PRODUCTS.map((p) => (
          <Col xs={24} md={8} key={p.key}>
            <Card
              title={
                <Space>
                  {p.icon}
                  {p.title}
                </Space>
              }
              style={{ height: '100%' }}
              data-testid={`product-${p.key}`}
            >
              <Row gutter={8}>
                <Col span={12}>
                  <Statistic title="年化利率" value={p.rate} styles={{ content: { fontSize: 18 } }} />
                </Col>
                <Col span={12}>
                  <Statistic title="期限" value={p.term} styles={{ content: { fontSize: 18 } }} />
                </Col>
              </Row>
              <ul style={{ paddingLeft: 18, margin: '12px 0' }}>
                {p.points.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
              <Link to={user ? p.to : '/trade/register'}>
                <Button type="primary" block>
                  {user ? '去办理' : '注册后申请'}
                </Button>
              </Link>
            </Card>
          </Col>
        ))}
      </Row>

      <Card title="办理流程" style={{ marginTop: 16 }}>
        <Steps responsive items={STEPS.map((title) => ({ title }))} current={-1} />
      </Card>

      <Card
        title="常见问题"
        extra={<Link to="/trade/faq">查看全部</Link>}
        style={{ marginTop: 16 }}
        loading={faq.isPending}
        data-testid="faq-highlights"
      >
        {highlights.length ? (
          <Collapse
            ghost
            items={highlights.map((h) => ({
              key: h.id,
              label: h.question,
              children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{h.answer}</Typography.Paragraph>,
            }))}
          />
        ) : (
          <Empty description="暂无" />
        )}
      </Card>

      <Card style={{ marginTop: 16 }}>
        <Space wrap>
          <PhoneOutlined />
          客服热线：<b>{config.data?.contactPhone ?? '…'}</b>
          {config.data?.address && <Tag>{config.data.address}</Tag>}
          <Link to="/trade/aboutus">关于我们</Link>
        </Space>
      </Card>
    </div>
  );
}
