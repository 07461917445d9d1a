import { formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { dateTime } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { money } from '../../lib/Money.tsx';
import {
  useFactorCollection,
  useFeatureLog,
  useFeatureUsers,
  useOperatorOrders,
  useSwitchFeature,
  type FactorCollectionSubmitted,
  type FeatureUser,
  type OperatorOrder,
} from './api.ts';

/** Operator: switch a user's purchase/sales feature on or off, with a reason; every change is logged. */
function FeatureSwitches() {
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const users = useFeatureUsers(keyword, paging);
  const log = useFeatureLog();
  const toggle = useSwitchFeature();
  const [target, setTarget] = useState<FeatureUser | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Card
      title="购销管理开通"
      size="small"
      extra={
        <Input.Search
          allowClear
          aria-label="搜索用户：登录名、姓名或企业"
          placeholder="登录名 / 姓名 / 企业"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging({ page: 1, size: 10 });
          }}
          style={{ width: 240 }}
        />
      }
    >
      <Table<FeatureUser>
        rowKey="id"
        size="small"
        loading={users.isLoading}
        dataSource={users.data?.items ?? []}
        scroll={{ x: 640 }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: users.data?.totalCount ?? 0,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          { title: '登录名', dataIndex: 'loginName' },
          { title: '姓名', dataIndex: 'displayName' },
          { title: '企业', dataIndex: 'enterpriseName', render: (v: string | null) => v ?? '—' },
          { title: '最近变更', dataIndex: 'changedAt', render: (v: string | null, r) => (v ? `${dateTime(v)} ${r.changedBy ?? ''}` : '—') },
          {
            title: '购销管理',
            dataIndex: 'enabled',
            render: (on: boolean, r) => (
              <Switch
                checked={on}
                checkedChildren="开"
                unCheckedChildren="关"
                data-testid={`feature-${r.loginName}`}
                onChange={() => {
                  form.resetFields();
                  setTarget(r);
                }}
              />
            ),
          },
        ]}
      />
      <Typography.Title level={5}>变更记录</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        loading={log.isLoading}
        dataSource={log.data ?? []}
        pagination={{ pageSize: 5 }}
        scroll={{ x: 560 }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
          { title: '用户', dataIndex: 'loginName' },
          { title: '变更', dataIndex: 'enabled', render: (v: boolean) => (v ? <Tag color="green">开通</Tag> : <Tag>关闭</Tag>) },
          { title: '原因', dataIndex: 'reason' },
          { title: '操作人', dataIndex: 'operatorName' },
        ]}
      />
      <Modal
        open={target !== null}
        title={target ? `${target.enabled ? '关闭' : '开通'} ${target.displayName}（${target.loginName}）的购销管理` : ''}
        okText="确认"
        confirmLoading={toggle.isPending}
        onOk={() => form.submit()}
        onCancel={() => setTarget(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            if (target && (await toggle.run({ userId: target.id, enabled: !target.enabled, reason: v.reason }, { form }))) setTarget(null);
          }}
        >
          <Form.Item
            name="reason"
            label="原因（记入审计记录）"
            rules={[{ required: true, whitespace: true, message: '请填写原因' }, { max: 200 }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <Typography.Text type="secondary">变更在该用户下次加载菜单时生效；关闭后其直接调用购销接口将被拒绝（403）。</Typography.Text>
        </Form>
      </Modal>
    </Card>
  );
}

/**
 * Operator: the buyer's payment of a sales order reached the factor. Recorded here, it waits as a
 * 购销回款入账复核 task until another operator approves it in the inbox (four eyes); only then is the
 * seller credited, repaying its order loan first.
 */
function FactorCollection() {
  const [orderNo, setOrderNo] = useState('');
  const found = useOperatorOrders(orderNo);
  const collect = useFactorCollection();
  const [target, setTarget] = useState<OperatorOrder | null>(null);
  const [submitted, setSubmitted] = useState<FactorCollectionSubmitted | null>(null);
  // One idempotency key per opened collection dialog: a double click on its OK or a retry books once.
  const [collectKey, renewCollectKey] = useSubmissionKey();
  const [form] = Form.useForm<{ amount: string; payerName?: string }>();
  return (
    <Card
      title="登记订单回款"
      size="small"
      extra={
        <Input.Search
          allowClear
          aria-label="按订单号查找（至少 4 位）"
          placeholder="订单号（至少 4 位）"
          onSearch={(v) => setOrderNo(v.trim())}
          style={{ width: 240 }}
        />
      }
    >
      {submitted && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => setSubmitted(null) }}
          style={{ marginBottom: 12 }}
          data-testid="collection-submitted"
          title={`${submitted.orderNo} 回款 ${yuan(submitted.amount)}：已提交，待另一位操作员复核入账`}
          description={`购销回款入账复核任务 #${submitted.taskId} 已进入任务列表，须由另一位操作员核对银行回单后通过，方记入 ${submitted.sellerName} 的虚拟账户${submitted.repaysFinancingNo ? `，并优先归还订单融资 ${submitted.repaysFinancingNo}` : ''}。`}
        />
      )}
      <Table<OperatorOrder>
        rowKey="id"
        size="small"
        loading={found.isFetching}
        dataSource={found.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: orderNo ? '未找到订单' : '输入订单号查找' }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '卖方', dataIndex: 'sellerName' },
          { title: '买方', dataIndex: 'buyerName' },
          { title: '未收', dataIndex: 'outstanding', align: 'right', render: money },
          { title: '状态', dataIndex: 'statusLabel' },
          {
            title: '融资',
            dataIndex: 'financing',
            render: (f: OperatorOrder['financing']) => (f ? <Tag color="purple">{f.financingNo}</Tag> : '—'),
          },
          {
            title: '操作',
            render: (_, r) => (
              <Button
                size="small"
                disabled={r.outstanding === 0 || !['CONFIRMED', 'DELIVERED', 'RECEIVED'].includes(r.status)}
                onClick={() => {
                  form.resetFields();
                  renewCollectKey();
                  setTarget(r);
                }}
              >
                登记回款
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={target !== null}
        title={`登记回款 ${target?.orderNo ?? ''}`}
        okText="提交复核"
        confirmLoading={collect.isPending}
        onOk={() => form.submit()}
        onCancel={() => setTarget(null)}
        destroyOnHidden
      >
        {target && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="卖方（入账）">{target.sellerName}</Descriptions.Item>
              <Descriptions.Item label="未收">{yuan(target.outstanding)}</Descriptions.Item>
            </Descriptions>
            <Alert
              type="info"
              showIcon
              title="核对银行到账回单后登记：登记后生成「购销回款入账复核」任务，另一位操作员复核通过后，回款才记入卖方虚拟账户。"
            />
            {target.financing && (
              <Alert
                type="info"
                showIcon
                title={`该订单已用于订单融资 ${target.financing.financingNo}：复核通过、记入卖方账户后，优先归还该融资。`}
              />
            )}
            <Form
              form={form}
              layout="vertical"
              onFinish={async (v) => {
                const answer = await collect.run(
                  { id: target.id, amount: tryParseYuan(v.amount) ?? 0, payerName: v.payerName, idempotencyKey: collectKey },
                  { form },
                );
                if (answer) {
                  renewCollectKey();
                  setSubmitted(answer);
                  setTarget(null);
                }
              }}
            >
              <Form.Item
                name="amount"
                label="到账金额（元）"
                rules={[
                  yuanRule(
                    '到账金额',
                    () => target.outstanding,
                    (cap) => `不能超过未收金额 ${formatYuan(cap)} 元`,
                  ),
                ]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
              <Form.Item name="payerName" label="付款人" rules={[{ max: 100 }]}>
                <Input />
              </Form.Item>
            </Form>
          </Space>
        )}
      </Modal>
    </Card>
  );
}

/** The purchase/sales desk inside /bpm/tasks. */
export default function OperatorPanel() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="ps-operator">
      <FeatureSwitches />
      <FactorCollection />
    </Space>
  );
}
