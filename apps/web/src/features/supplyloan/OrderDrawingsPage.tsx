import { addDays, chinaDate, financingCharges, formatYuan, trancheLifecycle, type Cents } from '@factoring/domain';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Modal, Row, Select, Space, Statistic, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { percent } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { useDrawable, useDrawdowns, useRequestDrawdown, type Drawdown } from './api.ts';
import { TRANCHE_COLORS } from './labels.ts';
import { money } from '../../lib/Money.tsx';
import { parseTerm, termRule } from '../../lib/term.ts';
import { TermInput } from '../../lib/TermInput.tsx';

/**
 * `/supplyloan/orderdrawings` (PRODUCT §6): drawdowns of a signed order loan in tranches, each with
 * its own term and due date, within the approved amount; each is disbursed by the operator.
 */
export default function OrderDrawingsPage() {
  const [params, setParams] = useSearchParams();
  const drawable = useDrawable();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const selectedId = Number(params.get('id')) || drawable.data?.[0]?.id || undefined;
  const history = useDrawdowns({ ...paging, financingId: selectedId });
  const loan = drawable.data?.find((d) => d.id === selectedId);
  const [form] = Form.useForm<{ amount: string; termDays: number }>();
  const amount = tryParseYuan(Form.useWatch('amount', form));
  const termDays = parseTerm(Form.useWatch('termDays', form)) ?? 0;
  const submit = useRequestDrawdown();
  // One key per drawdown request: a double click on 确认提款 or a retry draws once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();
  const [confirming, setConfirming] = useState(false);

  useEffect(() => form.resetFields(), [selectedId, form]);

  // The same charges the server prices a drawdown with: the loan's rates, actual/360, rounded half-up.
  let charges: ReturnType<typeof financingCharges> | null = null;
  if (loan && amount && termDays > 0) {
    try {
      charges = financingCharges({
        principal: amount as Cents,
        annualRatePpm: loan.annualRatePpm,
        days: termDays,
        serviceFeeRatePpm: loan.serviceFeeRatePpm,
        interestMode: loan.interestMode,
      });
    } catch {
      charges = null;
    }
  }
  const due = termDays > 0 ? addDays(chinaDate(), termDays) : '—';

  const send = async () => {
    if (!loan) return;
    const sent = await submit.run({ financingId: loan.id, amount: amount!, termDays, idempotencyKey: submissionKey }, { form });
    setConfirming(false);
    if (!sent) return;
    renewKey();
    form.resetFields();
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="order-drawings-page">
      <Card
        title="订单融资提款"
        loading={drawable.isLoading}
        extra={
          <Select
            aria-label="订单融资"
            style={{ width: 320 }}
            placeholder="选择订单融资"
            value={selectedId}
            options={(drawable.data ?? []).map((d) => ({ value: d.id, label: `${d.financingNo}（订单 ${d.orderNo ?? '—'}）` }))}
            onChange={(id) => setParams({ id: String(id) })}
          />
        }
      >
        {!drawable.isLoading && !loan ? (
          <Empty
            description={
              <span>
                暂无可提款的订单融资。订单融资合同签署后可在此分笔提款，<Link to="/supplyloan/orderLoan">申请订单融资</Link>
              </span>
            }
          />
        ) : loan ? (
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label="平台">{loan.platformName}</Descriptions.Item>
                <Descriptions.Item label="批准金额">{yuan(loan.amount)}</Descriptions.Item>
                <Descriptions.Item label="已提款">{yuan(loan.drawn)}</Descriptions.Item>
                <Descriptions.Item label="待放款">{yuan(loan.waiting)}</Descriptions.Item>
                <Descriptions.Item label="可提款">
                  <b>{yuan(loan.room)}</b>
                </Descriptions.Item>
                <Descriptions.Item label="年化利率 / 服务费率">
                  {percent(loan.annualRatePpm)} / {percent(loan.serviceFeeRatePpm)}
                </Descriptions.Item>
                <Descriptions.Item label="单笔最长期限">{loan.termDays} 天</Descriptions.Item>
              </Descriptions>
            </Col>
            <Col xs={24} lg={12}>
              {loan.overdue && <Alert type="warning" showIcon title="该融资存在逾期，暂不能提款" style={{ marginBottom: 16 }} />}
              <Form form={form} layout="vertical" onFinish={() => setConfirming(true)} disabled={loan.overdue || loan.room <= 0}>
                <Form.Item
                  name="amount"
                  label="提款金额（元）"
                  rules={[
                    yuanRule(
                      '提款金额',
                      () => loan.room,
                      (cap) => `提款金额不能超过可提款额度 ${formatYuan(cap)} 元`,
                    ),
                  ]}
                >
                  <Input inputMode="decimal" />
                </Form.Item>
                <Form.Item name="termDays" label="提款期限（天）" rules={[termRule('提款期限', { max: loan.termDays })]}>
                  <TermInput />
                </Form.Item>
                {charges && (
                  <Row gutter={16} style={{ marginBottom: 16 }}>
                    <Col span={8}>
                      <Statistic title="利息（元）" value={formatYuan(charges.interest)} />
                    </Col>
                    <Col span={8}>
                      <Statistic title="服务费（元）" value={formatYuan(charges.serviceFee)} />
                    </Col>
                    <Col span={8}>
                      <Statistic title="实际到账（元）" value={formatYuan(charges.netDisbursed)} />
                    </Col>
                  </Row>
                )}
                <Button type="primary" htmlType="submit">
                  申请提款
                </Button>
              </Form>
            </Col>
          </Row>
        ) : null}
      </Card>
      <Card title="提款记录">
        <Table<Drawdown>
          rowKey="id"
          loading={history.isLoading}
          dataSource={history.data?.items ?? []}
          locale={{ emptyText: '暂无提款记录' }}
          scroll={{ x: 900 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: history.data?.totalCount ?? 0,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          columns={[
            { title: '融资编号', dataIndex: 'financingNo' },
            { title: '笔次', dataIndex: 'seq', render: (v: number) => `第 ${v} 笔` },
            { title: '提款金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
            { title: '期限', dataIndex: 'termDays', render: (v: number) => `${v} 天` },
            { title: '利息', dataIndex: 'interest', align: 'right', render: (v: number) => money(v) },
            { title: '实际到账', dataIndex: 'netAmount', align: 'right', render: (v: number) => money(v) },
            { title: '放款日', dataIndex: 'startDate', render: (v: string | null) => v ?? '—' },
            { title: '到期日', dataIndex: 'dueDate', render: (v: string | null) => v ?? '—' },
            { title: '未还本金', dataIndex: 'outstanding', align: 'right', render: (v: number) => money(v) },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: Drawdown['status'], r) => (
                <Space>
                  <Tag color={TRANCHE_COLORS[s]}>{trancheLifecycle.label(s)}</Tag>
                  {r.overdue && <Tag color="error">逾期</Tag>}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={confirming}
        title="确认提款"
        okText="确认提款"
        onOk={send}
        confirmLoading={submit.isPending}
        onCancel={() => setConfirming(false)}
      >
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="融资编号">{loan?.financingNo}</Descriptions.Item>
          <Descriptions.Item label="提款金额">{yuan(amount)}</Descriptions.Item>
          <Descriptions.Item label="期限">
            {termDays} 天（到期日以放款日起算，预计 {due}）
          </Descriptions.Item>
          <Descriptions.Item label="利息">{yuan(charges?.interest)}</Descriptions.Item>
          <Descriptions.Item label="服务费">{yuan(charges?.serviceFee)}</Descriptions.Item>
          <Descriptions.Item label="实际到账（受控资金）">{yuan(charges?.netDisbursed)}</Descriptions.Item>
        </Descriptions>
      </Modal>
    </Space>
  );
}
