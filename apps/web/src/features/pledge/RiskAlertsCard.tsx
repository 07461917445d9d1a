import { formatPercent, PLEDGE_RISK_LABELS } from '@factoring/domain';
import { Card, List, Tag } from 'antd';
import { Link } from 'react-router';
import { date } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { usePledgeAlerts } from './delivery-api.ts';

/**
 * The dashboard's goods-pledge risk (slot `dashboard.alerts`, pledge/module.ts): margin calls to meet and
 * financings over the warning line. Shown only when there is something to act on, so enterprises
 * without pledge financing see no empty card.
 */
export default function RiskAlertsCard() {
  const alerts = usePledgeAlerts();
  const a = alerts.data;
  if (!a || (a.marginCalls.length === 0 && a.warnings.length === 0)) return null;
  return (
    <Card
      title="货押风险提示"
      extra={<Link to="/pledge/pledgeFinacy">我的融资（货押）</Link>}
      data-testid="card-pledge-risk"
      styles={{ header: { borderBottom: `2px solid ${a.marginCalls.length ? '#f5222d' : '#fa8c16'}` } }}
    >
      <List size="small">
        {a.marginCalls.map((c) => (
          <List.Item key={`call-${c.id}`} extra={<Link to={`/pledge/giveGold?id=${c.financingId}`}>去补缴</Link>}>
            <span>
              <Tag color="red">{c.status === 'DEFAULTED' ? '补缴逾期' : '补缴保证金'}</Tag>
              {c.financingNo} 应补缴 <b>{yuan(c.amount)}</b>，期限 {date(c.deadline)}
            </span>
          </List.Item>
        ))}
        {a.warnings.map((w) => (
          <List.Item key={`ltv-${w.id}`} extra={<Link to="/pledge/pledgeFinacy">查看</Link>}>
            <span>
              <Tag color={w.risk === 'LIQUIDATION' ? 'red' : 'orange'}>{PLEDGE_RISK_LABELS[w.risk]}</Tag>
              {w.financingNo} {w.goodsName} 质押率 <b>{formatPercent(w.ltvPpm)}</b>（预警线 {formatPercent(w.warningLinePpm)}，平仓线{' '}
              {formatPercent(w.liquidationLinePpm)}）
            </span>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
