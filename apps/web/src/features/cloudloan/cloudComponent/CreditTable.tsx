import { formatYuan } from '@factoring/domain';
import { Alert, Card, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmPasswordModal } from '../../../lib/ConfirmPasswordModal.tsx';
import { percent } from '../../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../../lib/money.ts';
import { isRequestFailure } from '../../../lib/request.ts';
import { useCredits, useDraw, useDrawPreview, type CloudLoanCredit } from '../api.ts';
import { ScheduleTable } from '../ScheduleTable.tsx';
import { CREDIT_COLORS } from './labels.ts';

/** Draw on a grant: the amount, the plan that will be booked (the server's preview), then the password. */
function DrawDialog({ credit, onClose }: { credit: CloudLoanCredit | null; onClose(): void }) {
  const [form] = Form.useForm<{ amount: string }>();
  const [amount, setAmount] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = useDrawPreview(credit?.applicationId ?? null, amount);
  const draw = useDraw();
  const navigate = useNavigate();
  const close = () => {
    form.resetFields();
    setAmount(null);
    onClose();
  };
  return (
    <>
      <Modal
        open={credit !== null && !confirming}
        title="提款"
        width={760}
        okText="确认提款"
        okButtonProps={{ disabled: !preview.data, 'data-testid': 'draw-ok' } as never}
        onOk={() => setConfirming(true)}
        onCancel={close}
        destroyOnHidden
      >
        {credit && (
          <Form
            form={form}
            layout="vertical"
            // Only an amount the field accepts asks for the plan: an amount over the available credit is
            // said once, on the field, not a second time by the preview's refusal (issue 24).
            onValuesChange={(_, v) => {
              const cents = tryParseYuan(v.amount);
              setAmount(cents !== null && cents <= credit.availableAmount ? cents : null);
            }}
          >
            <Form.Item
              name="amount"
              label={`提款金额（元），可用 ${formatYuan(credit.availableAmount)}`}
              rules={[
                yuanRule(
                  '提款金额',
                  () => credit.availableAmount,
                  (cap) => `提款金额超过可用额度 ${formatYuan(cap)} 元`,
                ),
              ]}
            >
              <Input inputMode="decimal" data-testid="draw-amount" />
            </Form.Item>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={`年利率 ${percent(credit.annualRatePpm)}，${credit.termMonths} 个月，${credit.methodLabel}，自今日起息；下表即入账的还款计划。`}
            />
            {preview.isError && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                title={isRequestFailure(preview.error) ? preview.error.message : '无法生成还款计划'}
              />
            )}
            <ScheduleTable schedule={amount ? preview.data : undefined} loading={preview.isFetching} testId="draw-preview" />
          </Form>
        )}
      </Modal>
      <ConfirmPasswordModal
        open={confirming}
        title="确认提款"
        okText="确认提款"
        summary={[
          { label: '提款金额', value: yuan(amount) },
          { label: '入账账户', value: '本企业虚拟账户（可用余额）' },
          { label: '期数', value: `${preview.data?.rows.length ?? 0} 期，首期 ${yuan(preview.data?.rows[0]?.payment)}` },
        ]}
        onConfirm={(c) => draw.mutateAsync({ applicationId: credit!.applicationId, amount: amount!, ...c })}
        onDone={(r) => {
          setConfirming(false);
          close();
          navigate(`/supplyloan/myfinancing/cloudComponent/CloudLoanInfo?id=${r.id}`);
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** `/supplyloan/myfinancing/cloudComponent/CreditTable`: credit granted, drawn, available and validity; draw from here. */
export default function CreditTable() {
  const credits = useCredits();
  const [drawing, setDrawing] = useState<CloudLoanCredit | null>(null);
  return (
    <Card title="银行授信" size="small" data-testid="cloud-credit-table">
      <Table<CloudLoanCredit>
        rowKey="applicationId"
        size="small"
        loading={credits.isLoading}
        dataSource={credits.data ?? []}
        locale={{ emptyText: '暂无银行授信，银行批复申请后显示在这里' }}
        scroll={{ x: 1000 }}
        pagination={false}
        columns={[
          { title: '申请编号', dataIndex: 'applicationNo' },
          { title: '授信额度', dataIndex: 'grantedAmount', align: 'right', render: yuan },
          { title: '已提款', dataIndex: 'drawnAmount', align: 'right', render: yuan },
          { title: '可用额度', dataIndex: 'availableAmount', align: 'right', render: yuan },
          { title: '年利率', dataIndex: 'annualRatePpm', render: percent },
          { title: '期限', dataIndex: 'termMonths', render: (v: number, c) => `${v} 个月 · ${c.methodLabel}` },
          { title: '有效期', render: (_, c) => `${c.grantedAt} 至 ${c.expiryDate}` },
          { title: '状态', dataIndex: 'state', render: (s: string, c) => <Tag color={CREDIT_COLORS[s]}>{c.stateLabel}</Tag> },
          {
            title: '操作',
            render: (_, c) => (
              <Space size={4}>
                {c.state === 'VALID' && (
                  <a onClick={() => setDrawing(c)} data-testid={`draw-${c.applicationId}`}>
                    提款
                  </a>
                )}
                {c.state === 'UNSIGNED' && <Link to="/user/contractList">签署借款协议</Link>}
              </Space>
            ),
          },
        ]}
      />
      <DrawDialog credit={drawing} onClose={() => setDrawing(null)} />
    </Card>
  );
}
