import { Alert, Card, Col, Descriptions, Empty, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { formatYuan } from '@factoring/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLoginUser, type LoginUser } from '../../lib/session.ts';
import { useAccountBalance, useContractStats, useCreditLines, useLatestAuthentication, useLoanSummary, usePendingTasks } from './api.ts';

const yuan = (cents: number | undefined) => `¥ ${formatYuan(cents ?? 0)}`;

function CardBody({ loading, error, children }: { loading: boolean; error: unknown; children: ReactNode }) {
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (error) return <Typography.Text type="secondary">{(error as { message?: string }).message ?? '暂不可用'}</Typography.Text>;
  return <>{children}</>;
}

/** `/` once logged in (PRODUCT §3): balance, credit lines, what falls due, and what waits for the user. */
export default function DashboardPage() {
  const user = useLoginUser();
  if (!user) return null;
  return (
    <div data-testid="dashboard">
      <Typography.Title level={4}>您好，{user.displayName}</Typography.Title>
      {user.authority === 'operator' ? <OperatorCards /> : <MerchantCards user={user} />}
    </div>
  );
}

function OperatorCards() {
  const tasks = usePendingTasks(true);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card title="待审批任务" extra={<Link to="/bpm/tasks">进入审批中心</Link>}>
          <CardBody loading={tasks.isPending} error={tasks.error}>
            <Statistic value={tasks.data?.totalCount ?? 0} suffix="件" />
          </CardBody>
        </Card>
      </Col>
    </Row>
  );
}

function MerchantCards({ user }: { user: LoginUser }) {
  const certified = user.certified;
  const balance = useAccountBalance(certified);
  const summary = useLoanSummary(certified);
  const lines = useCreditLines(certified);
  const contracts = useContractStats(true);
  const authentication = useLatestAuthentication(!certified);
  const rejected = authentication.data?.items[0]?.status === 'REJECTED';

  return (
    <>
      {!certified && (
        <Alert
          type={rejected ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          title={rejected ? '实名认证被驳回，请修改后重新提交' : '企业尚未完成实名认证'}
          description={
            <span>
              {rejected && authentication.data?.items[0]?.rejectReason
                ? `驳回原因：${authentication.data.items[0].rejectReason}。`
                : '完成认证后方可办理融资、付款与提现。'}
              <Link to={rejected ? '/user/autenticalList' : '/user/autentication'}>{rejected ? '查看并重新提交' : '立即认证'}</Link>
            </span>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="资金账户" extra={<Link to="/user/moneySummary">我的账户</Link>} data-testid="card-balance">
            {certified ? (
              <CardBody loading={balance.isPending} error={balance.error}>
                <Row gutter={16}>
                  <Col span={12}>
                    <Statistic title="账户余额" value={yuan(balance.data?.balance)} />
                  </Col>
                  <Col span={12}>
                    <Statistic title="可用余额" value={yuan(balance.data?.available)} />
                  </Col>
                </Row>
                <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
                  <Descriptions.Item label="虚拟账号">{balance.data?.accountNo}</Descriptions.Item>
                  <Descriptions.Item label="冻结 / 受控">
                    {yuan(balance.data?.frozen)} / {yuan(balance.data?.controlled)}
                  </Descriptions.Item>
                </Descriptions>
              </CardBody>
            ) : (
              <Empty description="认证通过后开立虚拟资金账户" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="待办事项" data-testid="card-tasks">
            <List size="small">
              <List.Item extra={<Link to="/user/contractList">去签署</Link>}>
                待签署合同 <Tag color={contracts.data?.toSign ? 'orange' : 'default'}>{contracts.data?.toSign ?? 0}</Tag>
              </List.Item>
              <List.Item extra={<Link to="/user/factorRepayment">去还款</Link>}>
                7 天内到期融资 <Tag color={summary.data?.dueSoon.count ? 'orange' : 'default'}>{summary.data?.dueSoon.count ?? 0}</Tag>
                {summary.data?.dueSoon.overdueCount ? <Tag color="red">逾期 {summary.data.dueSoon.overdueCount}</Tag> : null}
              </List.Item>
              <List.Item extra={<Link to="/user/autenticalList">查看</Link>}>
                实名认证{' '}
                <Tag color={certified ? 'green' : rejected ? 'red' : 'orange'}>{certified ? '已认证' : rejected ? '已驳回' : '未完成'}</Tag>
              </List.Item>
            </List>
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="授信额度" extra={<Link to="/supplyloan/myPlatform">平台管理</Link>} data-testid="card-credit">
            {certified ? (
              <CardBody loading={lines.isPending} error={lines.error}>
                {lines.data?.length ? (
                  <List
                    size="small"
                    dataSource={lines.data}
                    renderItem={(l) => (
                      <List.Item>
                        <List.Item.Meta title={l.platform.name} description={`到期日 ${l.expiryDate}`} />
                        <span>
                          额度 {yuan(l.limit)} · 已用 {yuan(l.used)} · 可用 <b>{yuan(l.available)}</b>
                        </span>
                      </List.Item>
                    )}
                  />
                ) : (
                  <Empty description="尚未获得授信，可在平台管理中申请加入平台" />
                )}
              </CardBody>
            ) : (
              <Empty description="认证通过后可申请加入融资平台" />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
