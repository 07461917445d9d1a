import { formatYuan } from '@factoring/domain';
import { Button, Card, Col, Empty, Progress, Row, Space, Statistic, Table } from 'antd';
import { Link } from 'react-router';
import { useControlled, type Tranche } from './api.ts';
import { dateTime } from '../../lib/format.ts';
import { yuanCell } from '../../lib/Money.tsx';

/** `/user/moneyflowControl` (PRODUCT §5): each controlled tranche, its remaining amount and the targeted payments made from it. */
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
          <Col xs={24} sm={8}>
            <Statistic title="受控放款合计（元）" value={formatYuan(totals.amount)} />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title="已定向支付（元）" value={formatYuan(totals.paid)} />
          </Col>
          <Col xs={24} sm={8}>
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
          { title: '剩余（元）', dataIndex: 'remaining', align: 'right', render: yuanCell },
          {
            title: '使用进度',
            key: 'progress',
            width: 160,
            render: (_: unknown, t) => <Progress percent={Math.floor((t.paid / t.amount) * 100)} size="small" />,
          },
          { title: '支付笔数', key: 'n', render: (_: unknown, t) => t.payments.length },
        ]}
      />
    </Card>
  );
}
