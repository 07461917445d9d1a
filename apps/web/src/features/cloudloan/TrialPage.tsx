import { chinaDate, parsePercent, REPAYMENT_METHODS, type RepaymentMethod } from '@factoring/domain';
import { CLOUD_LOAN_MAX_TERM, CLOUD_LOAN_MIN_TERM } from '@factoring/domain/contract';
import { cloudLoanTrialQuery } from '@factoring/domain/contract/schemas';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DatePicker } from '../../lib/date-picker.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { useTrial } from './api.ts';
import { ScheduleTable } from './ScheduleTable.tsx';
import { schemaRule } from '../../lib/schema-rule.ts';
import { TermInput } from '../../lib/TermInput.tsx';

interface TrialForm {
  amount: string;
  rate: string;
  termMonths: number;
  method: RepaymentMethod;
  startDate: Dayjs;
}

const percentRule = {
  validator: async (_: unknown, value: string | undefined) => {
    const text = String(value ?? '').trim();
    if (!text) throw new Error('请输入年利率');
    let ppm: number;
    try {
      ppm = parsePercent(text);
    } catch (err) {
      throw new Error(err instanceof Error ? err.message : '年利率格式不正确', { cause: err });
    }
    const checked = cloudLoanTrialQuery.shape.annualRatePpm.safeParse(ppm);
    if (!checked.success) throw new Error(checked.error.issues[0]?.message);
  },
};

type TrialParams = { amount: number; annualRatePpm: number; termMonths: number; method: RepaymentMethod; startDate: string };

/** The query of a complete, valid form; null while anything is missing or wrong. */
function queryOf(v: Partial<TrialForm>): TrialParams | null {
  const amount = tryParseYuan(v.amount);
  let ppm: number | null;
  try {
    ppm = v.rate ? parsePercent(v.rate) : null;
  } catch {
    ppm = null;
  }
  if (!amount || !ppm || !v.termMonths || !v.method || !v.startDate) return null;
  const q = { amount, annualRatePpm: ppm, termMonths: v.termMonths, method: v.method, startDate: v.startDate.format('YYYY-MM-DD') };
  return cloudLoanTrialQuery.safeParse(q).success ? q : null;
}

const INITIAL: TrialForm = { amount: '100,000.00', rate: '7.2', termMonths: 12, method: 'EQUAL_INSTALMENT', startDate: dayjs(chinaDate()) };

/**
 * `/supplyloan/ccbftTrialPayment` (PRODUCT §7): amount, annual rate, term, method and start date give
 * the full schedule with totals, exported to Excel on demand. Needs nothing of the user's account.
 */
export default function TrialPage() {
  const [form] = Form.useForm<TrialForm>();
  const feedback = useFeedback();
  const [query, setQuery] = useState<TrialParams | null>(() => queryOf(INITIAL));
  const [exporting, setExporting] = useState(false);
  const trial = useTrial(query);
  // The figures of the form as it stands: none while an input is invalid or a new trial is on its way,
  // never the last valid input's (issue 24: a 37-month term kept the 36-month cards).
  const current = query && !trial.isPlaceholderData ? trial.data : undefined;
  const figure = (cents: number | undefined) => (current && cents !== undefined ? yuan(cents).slice(1) : '—');

  const exportExcel = async () => {
    if (!current || !query) return;
    setExporting(true);
    try {
      const { exportScheduleToExcel } = await import('./export-schedule.ts');
      const name = await exportScheduleToExcel(current, query);
      feedback.success(`已导出 ${name}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="cloudloan-trial-page">
      <Card title="还款试算">
        <Form<TrialForm>
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          onValuesChange={(_, all) => setQuery(queryOf(all))}
          onFinish={(v) => setQuery(queryOf(v))}
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item required name="amount" label="借款金额（元）" rules={[yuanRule('借款金额', () => 100_000_000_000)]}>
                <Input inputMode="decimal" data-testid="trial-amount" />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item required name="rate" label="年利率（%）" rules={[percentRule]}>
                <Input inputMode="decimal" suffix="%" data-testid="trial-rate" />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                required
                name="termMonths"
                label="借款期限（月）"
                extra={`${CLOUD_LOAN_MIN_TERM}–${CLOUD_LOAN_MAX_TERM} 个月`}
                rules={[schemaRule(cloudLoanTrialQuery.shape.termMonths)]}
              >
                <TermInput data-testid="trial-term" />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item name="method" label="还款方式" rules={[{ required: true, message: '请选择还款方式' }]}>
                <Select options={REPAYMENT_METHODS.map((m) => ({ value: m.value, label: m.label }))} data-testid="trial-method" />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item name="startDate" label="起息日" rules={[{ required: true, message: '请选择起息日' }]}>
                <DatePicker style={{ width: '100%' }} allowClear={false} data-testid="trial-start" />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              试算
            </Button>
            <Button onClick={exportExcel} disabled={!current} loading={exporting} data-testid="trial-export">
              导出 Excel
            </Button>
          </Space>
        </Form>
      </Card>
      <Card>
        {!query && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="请按提示修正上方的输入，试算结果将随之更新"
            data-testid="trial-invalid"
          />
        )}
        <Row gutter={16} style={{ marginBottom: 16 }} data-testid="trial-figures">
          <Col xs={12} md={6}>
            <Statistic title="期数" value={current ? current.rows.length : '—'} loading={trial.isFetching} data-testid="trial-periods" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="首期应还（元）"
              value={figure(current?.rows[0]?.payment)}
              loading={trial.isFetching}
              data-testid="trial-first-payment"
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="利息合计（元）"
              value={figure(current?.totals.interest)}
              loading={trial.isFetching}
              data-testid="trial-total-interest"
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="还款总额（元）"
              value={figure(current?.totals.payment)}
              loading={trial.isFetching}
              data-testid="trial-total-payment"
            />
          </Col>
        </Row>
        <ScheduleTable schedule={current} loading={trial.isFetching} testId="trial-schedule" />
      </Card>
    </Space>
  );
}
