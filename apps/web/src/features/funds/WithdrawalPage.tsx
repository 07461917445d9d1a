import { formatYuan, withdrawalLifecycle } from '@factoring/domain';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmPasswordModal } from '../../lib/ConfirmPasswordModal.tsx';
import { dateTime } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { tryParseYuan, yuanRule } from '../../lib/money.ts';
import { yuanCell } from '../../lib/Money.tsx';
import { useWithdraw, useWithdrawalInfo, useWithdrawals, type Withdrawal } from './api.ts';
import { WITHDRAWAL_COLORS } from './labels.ts';

/** `/user/withdrawal` (PRODUCT §5): withdraw to the bound settlement account; amount ≤ available − fee; password confirmation. */
export default function WithdrawalPage() {
  const navigate = useNavigate();
  const info = useWithdrawalInfo();
  const [paging, setPaging] = useState({ page: 1, size: 5 });
  const history = useWithdrawals(paging);
  const [form] = Form.useForm<{ amount: string }>();
  const amountText = Form.useWatch('amount', form);
  const [confirming, setConfirming] = useState<number | null>(null);
  const withdraw = useWithdraw();

  if (info.isError) return <LoadFailure title="暂不能提现" error={info.error} />;
  const d = info.data;
  const amount = tryParseYuan(amountText);
  const fee = d?.fee ?? 0;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="提现" loading={info.isLoading} data-testid="withdrawal-page">
        {d && !d.settlementAccount && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="尚未绑定结算账户"
            description="提现将转入企业认证时绑定的结算账户，请先完成企业认证或绑定结算账户。"
          />
        )}
        {d && (
          <>
            <Descriptions column={1} size="small" style={{ maxWidth: 640, marginBottom: 16 }}>
              <Descriptions.Item label="可用余额">¥{formatYuan(d.available)}</Descriptions.Item>
              <Descriptions.Item label="提现手续费">
                <span data-testid="withdraw-fee">¥{formatYuan(fee)}</span> / 笔
              </Descriptions.Item>
              <Descriptions.Item label="最多可提现">¥{formatYuan(d.maxAmount)}</Descriptions.Item>
              {d.settlementAccount && (
                <Descriptions.Item label="收款账户">
                  {d.settlementAccount.accountName} · {d.settlementAccount.accountNo} ·{' '}
                  {d.settlementAccount.branchName || d.settlementAccount.bankName}
                </Descriptions.Item>
              )}
            </Descriptions>
            <Form
              form={form}
              layout="vertical"
              style={{ maxWidth: 420 }}
              onFinish={({ amount: text }) => setConfirming(tryParseYuan(text))}
            >
              <Form.Item
                name="amount"
                label="提现金额（元）"
                validateFirst
                rules={[yuanRule('提现金额', () => d.maxAmount, `提现金额不能超过 ¥${formatYuan(d.maxAmount)}（可用余额 − 手续费）`)]}
                extra={amount ? `手续费 ¥${formatYuan(fee)}，合计从可用余额扣除 ¥${formatYuan(amount + fee)}` : '最多两位小数'}
              >
                <Input prefix="¥" placeholder="请输入提现金额" inputMode="decimal" data-testid="withdraw-amount" />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" disabled={!d.settlementAccount || d.maxAmount <= 0} data-testid="withdraw-submit">
                  下一步
                </Button>
                <Button onClick={() => form.setFieldValue('amount', (d.maxAmount / 100).toFixed(2))} disabled={d.maxAmount <= 0}>
                  全部提现
                </Button>
              </Space>
            </Form>
          </>
        )}
      </Card>

      <Card title="提现记录">
        <Table<Withdrawal>
          rowKey="id"
          size="small"
          loading={history.isFetching}
          dataSource={history.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="暂无提现记录" /> }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: history.data?.totalCount ?? 0,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          columns={[
            { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
            { title: '流水号', dataIndex: 'refNo' },
            { title: '金额（元）', dataIndex: 'amount', align: 'right', render: yuanCell },
            { title: '手续费（元）', dataIndex: 'fee', align: 'right', render: yuanCell },
            { title: '收款账号', dataIndex: 'bankAccountNo' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: Withdrawal['status'], w) => (
                <Space size={4}>
                  <Tag color={WITHDRAWAL_COLORS[s]}>{withdrawalLifecycle.label(s)}</Tag>
                  {w.reason && <Typography.Text type="secondary">{w.reason}</Typography.Text>}
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <ConfirmPasswordModal
        open={confirming !== null}
        title="确认提现"
        summary={
          confirming === null || !d
            ? []
            : [
                { label: '提现金额', value: `¥${formatYuan(confirming)}` },
                { label: '手续费', value: `¥${formatYuan(fee)}` },
                { label: '合计扣除', value: <b>¥{formatYuan(confirming + fee)}</b> },
                {
                  label: '收款账户',
                  value: d.settlementAccount ? `${d.settlementAccount.accountName} ${d.settlementAccount.accountNo}` : '—',
                },
              ]
        }
        onConfirm={(confirmation) => withdraw.mutateAsync({ amount: confirming!, ...confirmation })}
        onCancel={() => setConfirming(null)}
        onDone={(result) => {
          setConfirming(null);
          form.resetFields();
          navigate(`/user/moneyflowSuccess?refNo=${encodeURIComponent(result.refNo)}`, { state: result });
        }}
      />
    </Space>
  );
}
