import { Alert, Card, Col, Descriptions, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useLoginUser } from '../../lib/session.ts';

/** `/` once logged in: who you are and the areas you work in; business cards join as their areas open. */
export default function DashboardPage() {
  const user = useLoginUser();
  if (!user) return null;
  return (
    <div data-testid="dashboard">
      <Typography.Title level={4}>您好，{user.displayName}</Typography.Title>
      {user.authority === 'merchant' && !user.certified && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="企业尚未完成实名认证"
          description={
            <span>
              完成认证后方可办理融资、付款与提现。<Link to="/user/autentication">立即认证</Link>
            </span>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="账户信息">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="登录名">{user.loginName}</Descriptions.Item>
              <Descriptions.Item label="所属企业">{user.enterpriseName ?? '平台运营方'}</Descriptions.Item>
              <Descriptions.Item label="角色">{user.authority === 'operator' ? '运营人员' : '企业用户'}</Descriptions.Item>
              <Descriptions.Item label="实名状态">{user.authority === 'operator' ? '—' : user.certified ? '已认证' : '未认证'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="常用入口">
            {user.authority === 'operator' ? (
              <Link to="/bpm/tasks">审批中心</Link>
            ) : (
              <Row gutter={[8, 8]}>
                {[
                  ['/supplyloan/myPlatform', '平台管理'],
                  ['/supplyloan/myfinancing', '我的融资'],
                  ['/user/moneySummary', '我的账户'],
                  ['/user/contractList', '合同管理'],
                ].map(([to, label]) => (
                  <Col span={12} key={to}>
                    <Link to={to}>{label}</Link>
                  </Col>
                ))}
              </Row>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
