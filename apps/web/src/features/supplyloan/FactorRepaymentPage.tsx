import { formatYuan } from '@factoring/domain';
import { Card, Col, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { isRequestFailure } from '../../lib/request.ts';
import { useDue, type DueRow } from './api.ts';
import { financingLifecycle } from '@factoring/domain';
import { FINANCING_COLORS } from './labels.ts';
import { money } from '../../lib/Money.tsx';

/** `/user/factorRepayment` (PRODUCT §5): the financings to repay, due soon or overdue first flagged, the amount due today, repay from the account. */
export default function FactorRepaymentPage() {
  const due = useDue();
  const t = due.data?.totals;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="factor-repayment-page">
      <Card>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title="待还笔数" value={t?.count ?? 0} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="今日结清应还合计（元）" value={formatYuan(t?.dueToday ?? 0)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="7 天内到期"
              value={t?.dueSoonCount ?? 0}
              valueStyle={t?.dueSoonCount ? { color: 'var(--ant-color-warning)' } : undefined}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="逾期笔数"
              value={t?.overdueCount ?? 0}
              valueStyle={t?.overdueCount ? { color: 'var(--ant-color-error)' } : undefined}
            />
          </Col>
        </Row>
      </Card>
      <Card title="保理还款">
        <Table<DueRow>
          rowKey="id"
          loading={due.isLoading}
          dataSource={due.data?.items ?? []}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: due.isError ? (isRequestFailure(due.error) ? due.error.message : '加载失败') : '暂无待还款的融资' }}
          columns={[
            {
              title: '融资编号',
              dataIndex: 'financingNo',
              render: (v: string, r) => <Link to={`/supplyloan/myfinancing?id=${r.id}`}>{v}</Link>,
            },
            { title: '平台', dataIndex: 'platformName' },
            {
              title: '到期日',
              dataIndex: 'nextDueDate',
              render: (v: string, r) => (
                <Space>
                  {v}
                  {r.overdue ? <Tag color="error">逾期 {r.overdueDays} 天</Tag> : r.dueSoon && <Tag color="warning">7 天内到期</Tag>}
                </Space>
              ),
            },
            { title: '未还本金', dataIndex: 'principal', align: 'right', render: (v: number) => money(v) },
            { title: '利息', dataIndex: 'interest', align: 'right', render: (v: number) => money(v) },
            { title: '罚息', dataIndex: 'penalty', align: 'right', render: (v: number) => money(v) },
            {
              title: '今日应还',
              dataIndex: 'dueToday',
              align: 'right',
              render: (v: number) => <Typography.Text strong>{money(v)}</Typography.Text>,
            },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: DueRow['status']) => <Tag color={FINANCING_COLORS[s]}>{financingLifecycle.label(s)}</Tag>,
            },
            { title: '操作', render: (_, r) => <Link to={`/supplyloan/muserRefund?id=${r.id}`}>还款</Link> },
          ]}
        />
      </Card>
    </Space>
  );
}
