import { formatYuan } from '@factoring/domain';
import { Button, Card, Col, Empty, Progress, Row, Space, Statistic, Table } from 'antd';
import { Link } from 'react-router';
import { useControlled, type Tranche } from './api.ts';
import { dateTime } from '../../lib/format.ts';
import { yuanCell } from '../../lib/Money.tsx';

/**
 * `/user/moneyflowControl` (PRODUCT §5): each controlled tranche, its remaining amount and the targeted
 * payments made from it; what repaid its own loan, and what became free funds when that loan was settled (issue 24).
 */
export default function MoneyflowControlPage() {
  const q = useControlled();
  const totals = q.data?.totals;
  return (
    <Card
      title="受控资金"
      loading={q.isLoading}
      extra={
        <Space wrap>
          <Link to="/user/purchasePayment">
            <Button type="primary" data-testid="to-purchase-payment">
              定向支付
            </Button>
          </Link>
          <Link to="/user/seeWhiteList">
            <Button>收款方白名单</Button>
          </Link>
          <Link to="/user/openConsignment">
            <Button>申请代付</Button>
          </Link>
        </Space>
      }
    >
      {totals && (
        <Row gutter={[16, 8]} style={{ marginBottom: 16 }}>
          <Col xs={12} md={8} xl={4}>
            <Statistic title="受控放款合计（元）" value={formatYuan(totals.amount)} />
          </Col>
          <Col xs={12} md={8} xl={5}>
            <Statistic title="已定向支付（元）" value={formatYuan(totals.paid)} />
          </Col>
          <Col xs={12} md={8} xl={5}>
            <Statistic title="已归还本笔融资（元）" value={formatYuan(totals.repaid)} />
          </Col>
          <Col xs={12} md={12} xl={5}>
            <Statistic title="结清后转为可用（元）" value={formatYuan(totals.released)} />
          </Col>
          <Col xs={24} md={12} xl={5}>
            <Statistic title="剩余受控资金（元）" value={formatYuan(totals.remaining)} />
          </Col>
        </Row>
      )}
      <Table<Tranche>
        rowKey="id"
        dataSource={q.data?.items ?? []}
        // Wider than a phone: the table scrolls inside its card, the page does not.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="暂无受控资金：融资放款为受控资金时将在此显示" /> }}
        pagination={false}
        expandable={{
          rowExpandable: (t) => t.payments.length > 0,
          expandedRowRender: (t) => (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={t.payments}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: '支付时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
                { title: '流水号', dataIndex: 'refNo' },
                { title: '收款方', dataIndex: 'payeeName' },
                { title: '收款账号', dataIndex: 'payeeAccountNo' },
                { title: '用途', dataIndex: 'purpose', render: (v: string | null) => v ?? '—' },
                { title: '金额（元）', dataIndex: 'amount', align: 'right', render: yuanCell },
              ]}
            />
          ),
        }}
        columns={[
          { title: '放款时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
          { title: '融资编号', dataIndex: 'sourceRef' },
          { title: '受控金额（元）', dataIndex: 'amount', align: 'right', render: yuanCell },
          { title: '已支付（元）', dataIndex: 'paid', align: 'right', render: yuanCell },
          { title: '已还款（元）', dataIndex: 'repaid', align: 'right', render: yuanCell },
          { title: '结清转可用（元）', dataIndex: 'released', align: 'right', render: yuanCell },
          { title: '剩余（元）', dataIndex: 'remaining', align: 'right', render: yuanCell },
          {
            title: '使用进度',
            key: 'progress',
            width: 160,
            render: (_: unknown, t) => {
              const used = Math.floor(((t.amount - t.remaining) / t.amount) * 100);
              return <Progress percent={used} size="small" aria-label={`${t.sourceRef} 已使用 ${used}%`} />;
            },
          },
          { title: '支付笔数', key: 'n', render: (_: unknown, t) => t.payments.length },
        ]}
      />
    </Card>
  );
}
