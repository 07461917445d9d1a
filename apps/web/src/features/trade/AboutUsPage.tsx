import { EnvironmentOutlined, PhoneOutlined, SafetyCertificateOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Row, Skeleton, Typography } from 'antd';
import { useSiteConfig } from '../../lib/site-config.ts';

const VALUES = [
  { icon: <SafetyCertificateOutlined />, title: '合规稳健', text: '依法经营商业保理业务，资金由合作银行存管，每笔资金变动可追溯。' },
  { icon: <ThunderboltOutlined />, title: '全程线上', text: '认证、授信、申请、签约、放款与还款均可在线完成，资料一次提交、多次复用。' },
  { icon: <TeamOutlined />, title: '产业协同', text: '依托核心企业信用，服务上下游中小企业，降低产业链整体融资成本。' },
];

/** `/trade/aboutus`: company introduction, contact phone and address from the site configuration. */
export default function AboutUsPage() {
  const config = useSiteConfig();
  return (
    <div style={{ maxWidth: 960, margin: '0 auto' }} data-testid="aboutus">
      <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 8 }}>
        关于我们
      </Typography.Title>
      <Card>
        {config.isPending ? (
          <Skeleton active />
        ) : (
          <Typography.Paragraph style={{ fontSize: 16, whiteSpace: 'pre-wrap' }}>{config.data?.companyIntro}</Typography.Paragraph>
        )}
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {VALUES.map((v) => (
          <Col xs={24} md={8} key={v.title}>
            <Card style={{ height: '100%' }}>
              <Typography.Title level={4}>
                {v.icon} {v.title}
              </Typography.Title>
              <Typography.Text type="secondary">{v.text}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title="联系我们" style={{ marginTop: 16 }}>
        <Descriptions column={1}>
          <Descriptions.Item
            label={
              <>
                <PhoneOutlined /> 客服热线
              </>
            }
          >
            <span data-testid="aboutus-phone">{config.data?.contactPhone ?? '…'}</span>（工作日 9:00–18:00）
          </Descriptions.Item>
          <Descriptions.Item
            label={
              <>
                <EnvironmentOutlined /> 公司地址
              </>
            }
          >
            <span data-testid="aboutus-address">{config.data?.address ?? '…'}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
