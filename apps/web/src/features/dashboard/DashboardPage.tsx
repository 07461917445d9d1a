import { Alert, Card, Col, Descriptions, Empty, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dateTime, formatBytes } from '../../lib/format.ts';
import { Money } from '../../lib/Money.tsx';
import { useContributions } from '../../lib/contributions.ts';
import type { TodoRowProps } from '../../lib/feature-module.ts';
import { useLoginUser, type LoginUser } from '../../lib/session.ts';
import { Slot } from '../../lib/slots.tsx';
import RiskRatiosCard from './RiskRatiosCard.tsx';
import {
  useAccountBalance,
  useBackupStatus,
  useBankSummary,
  useContractStats,
  useCreditLines,
  useLatestAuthentication,
  useOperatorOverview,
} from './api.ts';

// ¥ and its amount on one line (lib/Money.tsx): at 390 px a balance broke after the sign.
const yuan = (cents: number | undefined) => <Money cents={cents ?? 0} />;

function CardBody({ loading, error, children }: { loading: boolean; error: unknown; children: ReactNode }) {
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (error) return <Typography.Text type="secondary">{(error as { message?: string }).message ?? '暂不可用'}</Typography.Text>;
  return <>{children}</>;
}

/**
 * A credit line's limit and where it went: used, reserved by applications under review (审批中占用)
 * and available, written as the sum it is, so the figures visibly add up.
 */
function CreditFigures({ line: l }: { line: { limit: number; used: number; reserved: number; available: number } }) {
  const adds = l.used + l.reserved + l.available === l.limit;
  const sep = adds ? ' + ' : ' · ';
  return (
    <span data-testid="credit-figures" style={{ whiteSpace: 'normal' }}>
      {/* Each label with its amount on one line: "¥" never ends a line alone at 390 px. */}
      <span style={{ whiteSpace: 'nowrap' }}>额度 {yuan(l.limit)}</span>
      {adds ? ' = ' : ' · '}
      <span style={{ whiteSpace: 'nowrap' }}>已用 {yuan(l.used)}</span>
      {sep}
      <span style={{ whiteSpace: 'nowrap' }}>审批中占用 {yuan(l.reserved)}</span>
      {sep}
      <span style={{ whiteSpace: 'nowrap' }}>
        可用 <b>{yuan(l.available)}</b>
      </span>
    </span>
  );
}

/** A line's expiry: the date, and the days left once within the reminder's 30 days (or that it expired). */
function ExpiryText({ line: l }: { line: { expiryDate: string; daysLeft: number; status: string; statusLabel: string } }) {
  const soon = l.status === 'ACTIVE' && l.daysLeft <= 30;
  return (
    <span>
      到期日 {l.expiryDate}{' '}
      {l.status !== 'ACTIVE' ? (
        <Tag color="red">{l.statusLabel}</Tag>
      ) : soon ? (
        <Tag color="orange" data-testid="credit-expiring">
          {l.daysLeft === 0 ? '今日到期' : `${l.daysLeft} 天后到期`}
        </Tag>
      ) : null}
    </span>
  );
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

/** How long a task has waited, in words: 3 天 2 小时, 45 分钟. */
function waited(since: string | Date | null | undefined, now = Date.now()) {
  if (!since) return '—';
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return `${days} 天 ${hours} 小时`;
  if (hours) return `${hours} 小时 ${minutes % 60} 分钟`;
  return `${minutes} 分钟`;
}

// How the home page names what started a backup.
const BACKUP_TRIGGER_WORDS = { SCHEDULE: '定时备份', CATCH_UP: '定时备份（补跑）', MANUAL: '手动备份' } as const;

/**
 * The operator home's backup card (issue 25): when the last successful backup was taken and how big it
 * is, a scheduled backup that failed since, and whether the daily backup is on (BACKUP_SCHEDULE). It speaks
 * to the operator, who runs no commands: what to ask the administrator for, never a command or a setting's name (issue 37).
 */
function BackupCard() {
  const backup = useBackupStatus(true);
  const b = backup.data;
  return (
    <Card title="数据备份" data-testid="card-backup">
      <CardBody loading={backup.isPending} error={backup.error}>
        {b?.last ? (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="最近成功备份">{dateTime(b.last.at)}</Descriptions.Item>
            <Descriptions.Item label="大小">{formatBytes(b.last.size)}</Descriptions.Item>
            <Descriptions.Item label="方式">{BACKUP_TRIGGER_WORDS[b.last.trigger]}</Descriptions.Item>
            <Descriptions.Item label="内容">
              {b.last.journalEntries} 笔分录、{b.last.stockMovements} 条库存流水、{b.last.files} 个文件
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description="尚无成功的备份：请联系系统管理员执行一次备份" />
        )}
        {b?.lastFailure && (
          <Typography.Paragraph type="danger" style={{ marginTop: 8, marginBottom: 0 }}>
            {dateTime(b.lastFailure.at)} 定时备份失败：{b.lastFailure.error}
          </Typography.Paragraph>
        )}
        {b && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {b.schedule.enabled
              ? `定时备份：每日 ${b.schedule.hour} 时（中国时间），保留最近 ${b.schedule.keep} 份`
              : '定时备份未开启：请联系系统管理员开启每日定时备份'}
          </Typography.Paragraph>
        )}
      </CardBody>
    </Card>
  );
}

/** The collection account against the bank's statement (issue 26): what is left to work, and the days that do not reconcile. */
function BankCard() {
  const bank = useBankSummary(true);
  const b = bank.data;
  return (
    <Card title="银行对账" extra={<Link to="/bpm/reconciliation">进入银行对账</Link>} style={{ marginBottom: 16 }} data-testid="card-bank">
      <CardBody loading={bank.isPending} error={bank.error}>
        {b && (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="未匹配流水">
              <Link to="/bpm/reconciliation?tab=exceptions" data-testid="bank-unmatched">
                {b.unmatchedLines} 笔
              </Link>
              {b.pendingLines > 0 && `（另有 ${b.pendingLines} 笔待复核）`}
            </Descriptions.Item>
            <Descriptions.Item label="未平日期">
              <Link to="/bpm/reconciliation?tab=days" data-testid="bank-unreconciled">
                {b.unreconciledDays} 天
              </Link>
              {b.oldestUnreconciledDate && `（最早 ${b.oldestUnreconciledDate}）`}
            </Descriptions.Item>
            <Descriptions.Item label="待导出出款">{b.payoutsToExport} 笔</Descriptions.Item>
            <Descriptions.Item label="最近导入">
              {b.lastImportedAt ? `${dateTime(b.lastImportedAt)}（对账单至 ${b.lastBookDate}）` : '尚未导入对账单'}
            </Descriptions.Item>
          </Descriptions>
        )}
      </CardBody>
    </Card>
  );
}

/** The operator's home (PRODUCT §11): the queues by type, the oldest waiting task, today's disbursements and pay-outs. */
function OperatorCards() {
  const overview = useOperatorOverview(true);
  const o = overview.data;
  const total = o?.queues.reduce((n, q) => n + q.count, 0) ?? 0;
  const executed = o?.today.filter((x) => x.executed).length ?? 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={8}>
        <Card data-testid="card-pending">
          <CardBody loading={overview.isPending} error={overview.error}>
            <Statistic title="待处理任务" value={total} suffix="件" />
          </CardBody>
        </Card>
      </Col>
      <Col xs={24} sm={8}>
        <Card>
          <CardBody loading={overview.isPending} error={overview.error}>
            <Statistic title="最久等待" value={o?.oldest ? waited(o.oldest.createdAt) : '无'} />
          </CardBody>
        </Card>
      </Col>
      <Col xs={24} sm={8}>
        <Card>
          <CardBody loading={overview.isPending} error={overview.error}>
            <Statistic title="今日放款 / 出款" value={executed} suffix="笔" />
          </CardBody>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="待办队列" extra={<Link to="/bpm/tasks">进入审批中心</Link>} data-testid="card-queues">
          <CardBody loading={overview.isPending} error={overview.error}>
            <List
              size="small"
              locale={{ emptyText: <Empty description="没有待处理的任务" /> }}
              dataSource={o?.queues ?? []}
              renderItem={(q) => (
                <List.Item
                  actions={[
                    <Link key="open" to={`/bpm/tasks?type=${encodeURIComponent(q.type)}`}>
                      去处理
                    </Link>,
                  ]}
                >
                  <List.Item.Meta title={q.label} description={`最早一件已等待 ${waited(q.oldestAt)}`} />
                  <Tag color={q.count > 0 ? 'processing' : 'default'}>{q.count} 件</Tag>
                </List.Item>
              )}
            />
          </CardBody>
        </Card>
        <RiskRatiosCard />
      </Col>
      <Col xs={24} lg={10}>
        <Card title="最久等待的任务" style={{ marginBottom: 16 }} data-testid="card-oldest">
          <CardBody loading={overview.isPending} error={overview.error}>
            {o?.oldest ? (
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="类型">{o.oldest.typeLabel}</Descriptions.Item>
                <Descriptions.Item label="事项">{o.oldest.subject}</Descriptions.Item>
                <Descriptions.Item label="企业">{o.oldest.enterpriseName ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="已等待">{waited(o.oldest.createdAt)}</Descriptions.Item>
              </Descriptions>
            ) : (
              <Empty description="没有待处理的任务" />
            )}
          </CardBody>
        </Card>
        <Card title="今日放款与出款" style={{ marginBottom: 16 }} data-testid="card-today">
          <CardBody loading={overview.isPending} error={overview.error}>
            <List
              size="small"
              locale={{ emptyText: <Empty description="今日尚无放款或出款" /> }}
              dataSource={o?.today ?? []}
              renderItem={(x) => (
                // The whole subject, wrapping: it ends with the amount, which an ellipsis cut off (issue 24).
                <List.Item style={{ alignItems: 'flex-start', gap: 8 }} data-testid="today-item">
                  <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {x.subject}
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {x.typeLabel} · {dateTime(x.decidedAt)}
                    </Typography.Text>
                  </span>
                  <Tag color={x.executed ? 'success' : 'error'} style={{ marginInlineEnd: 0, flex: 'none' }}>
                    {x.stateLabel}
                  </Tag>
                </List.Item>
              )}
            />
          </CardBody>
        </Card>
        <BankCard />
        <BackupCard />
      </Col>
    </Row>
  );
}

/** A row of the to-do card: the count in orange while there is something to do, a warning in red beside it. */
function TodoRow({ label, count, to, action, alert, testId }: TodoRowProps) {
  return (
    <List.Item extra={<Link to={to}>{action}</Link>} data-testid={testId}>
      {label} <Tag color={count ? 'orange' : 'default'}>{count}</Tag>
      {alert ? <Tag color="red">{alert}</Tag> : null}
    </List.Item>
  );
}

function MerchantCards({ user }: { user: LoginUser }) {
  const certified = user.certified;
  const balance = useAccountBalance(certified);
  const lines = useCreditLines(certified);
  // How each lending product's lines are shown, and where they are managed: the products say (issue 35).
  const lineKinds = useContributions().creditLines;
  const kindOf = (product: string) => lineKinds.find((k) => k.product === product);
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
      {certified && (
        <div style={{ marginBottom: 16 }}>
          <Slot name="dashboard.alerts" />
        </div>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="资金账户" extra={<Link to="/user/moneySummary">我的账户</Link>} data-testid="card-balance">
            {certified ? (
              <CardBody loading={balance.isPending} error={balance.error}>
                <Row gutter={[16, 8]}>
                  <Col xs={24} sm={12}>
                    <Statistic title="账户余额" value={balance.data?.balance ?? 0} formatter={(v) => yuan(Number(v))} />
                  </Col>
                  <Col xs={24} sm={12}>
                    <Statistic title="可用余额" value={balance.data?.available ?? 0} formatter={(v) => yuan(Number(v))} />
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
              <TodoRow label="待签署合同" count={contracts.data?.toSign ?? 0} to="/user/contractList" action="去签署" />
              {/* Each area's rows: what falls due, orders to confirm (the areas fill the slot, drawn by TodoRow). */}
              <Slot name="dashboard.todos" TodoRow={TodoRow} />
              <List.Item extra={<Link to="/user/autenticalList">查看</Link>}>
                实名认证{' '}
                <Tag color={certified ? 'green' : rejected ? 'red' : 'orange'}>{certified ? '已认证' : rejected ? '已驳回' : '未完成'}</Tag>
              </List.Item>
            </List>
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="授信额度" extra={lineKinds[0] && <Link to={lineKinds[0].platformPage}>平台管理</Link>} data-testid="card-credit">
            {certified ? (
              <CardBody loading={lines.isPending} error={lines.error}>
                {lines.data?.length ? (
                  <List
                    size="small"
                    dataSource={lines.data}
                    renderItem={(l) => {
                      // Every product's line, each with the expiry the reminder announces too (issue 24).
                      const kind = kindOf(l.product);
                      return (
                        <List.Item data-testid="credit-line" data-product={l.product}>
                          <List.Item.Meta
                            title={
                              <span>
                                <Tag color={kind?.color}>{l.productLabel}</Tag>
                                {kind ? <Link to={kind.platformPage}>{l.platformName}</Link> : l.platformName}
                              </span>
                            }
                            description={<ExpiryText line={l} />}
                          />
                          <CreditFigures line={l} />
                        </List.Item>
                      );
                    }}
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
