import { formatYuan, parsePercent, REPAYMENT_METHOD_LABELS, type RepaymentMethod } from '@factoring/domain';
import { cloudLoanGrantInput } from '@factoring/domain/contract/schemas';
import { Form, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { date } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { yuanCell } from '../../lib/Money.tsx';
import { schemaRule } from '../../lib/schema-rule.ts';
import { useGrant, usePendingApplications, useRejectApplication, type PendingApplication } from './api.ts';

interface GrantForm {
  amount: string;
  rate: string;
  termMonths: number;
  validityDays: number;
  comment?: string;
}

const rateRule = {
  validator: async (_: unknown, v: string | undefined) => {
    let ppm: number;
    try {
      ppm = parsePercent(String(v ?? ''));
    } catch (err) {
      throw new Error(err instanceof Error ? err.message : '利率格式不正确', { cause: err });
    }
    const r = cloudLoanGrantInput.shape.annualRatePpm.safeParse(ppm);
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
};

/**
 * The built-in bank's desk in the operators' back office: cloud-loan applications awaiting the bank,
 * granted with amount, rate, term and validity, or refused with a reason. Each decision also closes
 * the application's task in the inbox and is written to the audit log.
 */
export default function OperatorGrantPanel() {
  const pending = usePendingApplications();
  const grant = useGrant();
  const reject = useRejectApplication();
  const [granting, setGranting] = useState<PendingApplication | null>(null);
  const [rejecting, setRejecting] = useState<PendingApplication | null>(null);
  const [grantForm] = Form.useForm<GrantForm>();
  const [rejectForm] = Form.useForm<{ reason: string }>();

  return (
    <>
      <Typography.Paragraph type="secondary">
        以下申请由运营人员代合作银行审批：授信须填写金额、年利率、期限与有效期；拒绝须填写原因，企业可见。
      </Typography.Paragraph>
      <Table<PendingApplication>
        rowKey="id"
        size="small"
        data-testid="cloudloan-pending"
        loading={pending.isLoading}
        dataSource={pending.data ?? []}
        locale={{ emptyText: '暂无待审批的云贷申请' }}
        scroll={{ x: 900 }}
        pagination={false}
        columns={[
          { title: '申请编号', dataIndex: 'applicationNo' },
          { title: '企业', dataIndex: 'enterpriseName' },
          { title: '申请金额', dataIndex: 'amount', align: 'right', render: yuan },
          { title: '期限', dataIndex: 'termMonths', render: (v: number) => `${v} 个月` },
          { title: '方式', dataIndex: 'method', render: (m: RepaymentMethod) => REPAYMENT_METHOD_LABELS[m] },
          {
            title: '上年营收 / 纳税',
            render: (_, a) => (
              <>
                {yuanCell(a.lastYearRevenue)} / {yuanCell(a.lastYearTax)}
              </>
            ),
          },
          { title: '申请日', dataIndex: 'createdAt', render: date },
          {
            title: '操作',
            render: (_, a) => (
              <Space>
                <a
                  onClick={() => {
                    setGranting(a);
                    grantForm.setFieldsValue({ amount: formatYuan(a.amount), rate: '7.2', termMonths: a.termMonths, validityDays: 180 });
                  }}
                  data-testid={`grant-${a.id}`}
                >
                  授信
                </a>
                <a onClick={() => setRejecting(a)}>拒绝</a>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={granting !== null}
        title={`代银行授信 · ${granting?.applicationNo ?? ''}`}
        okText="确认授信"
        okButtonProps={{ 'data-testid': 'grant-ok' } as never}
        onCancel={() => setGranting(null)}
        onOk={() => grantForm.submit()}
        confirmLoading={grant.isPending}
      >
        <Form<GrantForm>
          form={grantForm}
          layout="vertical"
          onFinish={async (v) => {
            const done = await grant.run(
              {
                id: granting!.id,
                amount: tryParseYuan(v.amount)!,
                annualRatePpm: parsePercent(v.rate),
                termMonths: v.termMonths,
                validityDays: v.validityDays,
                comment: v.comment,
              },
              { form: grantForm },
            );
            if (done !== undefined) setGranting(null);
          }}
        >
          <Form.Item required name="amount" label="授信金额（元）" rules={[yuanRule('授信金额')]}>
            <Input inputMode="decimal" data-testid="grant-amount" />
          </Form.Item>
          <Form.Item required name="rate" label="年利率（%）" rules={[rateRule]}>
            <Input suffix="%" data-testid="grant-rate" />
          </Form.Item>
          <Form.Item required name="termMonths" label="借款期限（月）" rules={[schemaRule(cloudLoanGrantInput.shape.termMonths)]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item required name="validityDays" label="授信有效期（天）" rules={[schemaRule(cloudLoanGrantInput.shape.validityDays)]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="comment" label="审批意见">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={rejecting !== null}
        title={`代银行拒绝 · ${rejecting?.applicationNo ?? ''}`}
        okText="确认拒绝"
        okButtonProps={{ danger: true }}
        onCancel={() => setRejecting(null)}
        onOk={() => rejectForm.submit()}
        confirmLoading={reject.isPending}
        destroyOnHidden
      >
        <Form
          form={rejectForm}
          layout="vertical"
          preserve={false}
          onFinish={async (v) => {
            if ((await reject.run({ id: rejecting!.id, reason: v.reason }, { form: rejectForm })) !== undefined) setRejecting(null);
          }}
        >
          <Form.Item
            name="reason"
            label="拒绝原因"
            rules={[schemaRule(cloudLoanGrantInput.shape.comment.unwrap()), { required: true, min: 2, message: '拒绝原因至少 2 个字' }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
