import { formatYuan, REPAYMENT_METHODS, type RepaymentMethod } from '@factoring/domain';
import { CLOUD_LOAN_MAX_TERM, CLOUD_LOAN_MIN_TERM } from '@factoring/domain/contract';
import { cloudLoanApplyInput } from '@factoring/domain/contract/schemas';
import { Button, Card, Checkbox, Col, Form, Input, Row, Select, Space } from 'antd';
import { useNavigate } from 'react-router';
import { normalizeYuanText, tryParseYuan, yuanRule } from '../../lib/money.ts';
import { schemaRule } from '../../lib/schema-rule.ts';
import { useEligibility, useProduct } from './api.ts';
import { readDraft, saveDraft } from './draft.ts';
import { EligibilityNotice } from './EligibilityNotice.tsx';
import { TermInput } from '../../lib/TermInput.tsx';

interface ApplyForm {
  amount: string;
  termMonths: number;
  method: RepaymentMethod;
  purpose: string;
  lastYearRevenue: string;
  lastYearTax: string;
  creditEnquiryConsent: boolean;
  contactName: string;
  contactPhone: string;
  remark?: string;
}

const shape = cloudLoanApplyInput.shape;
/** Zero is a valid revenue or tax figure: parsed exactly, never negative. */
const nonNegativeYuan = (label: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const text = normalizeYuanText(value);
    if (!text) throw new Error(`请输入${label}`);
    if (text === '0' || /^0(\.0{1,2})?$/.test(text)) return;
    if (tryParseYuan(text) === null) throw new Error(`${label}格式不正确，最多两位小数`);
  },
});
const cents = (text: string) => (/^0(\.0{1,2})?$/.test(normalizeYuanText(text)) ? 0 : tryParseYuan(text)!);

/** `/supplyloan/ccbftApply` (PRODUCT §7): the application form, checked with the contract's rules; then the review. */
export default function ApplyPage() {
  const [form] = Form.useForm<ApplyForm>();
  const navigate = useNavigate();
  const product = useProduct();
  const eligibility = useEligibility();
  const p = product.data;
  const draft = readDraft();

  const next = (v: ApplyForm) => {
    saveDraft({
      amount: tryParseYuan(v.amount)!,
      termMonths: v.termMonths,
      method: v.method,
      purpose: v.purpose.trim(),
      lastYearRevenue: cents(v.lastYearRevenue),
      lastYearTax: cents(v.lastYearTax),
      creditEnquiryConsent: v.creditEnquiryConsent,
      contactName: v.contactName.trim(),
      contactPhone: v.contactPhone.trim(),
      remark: v.remark?.trim() || undefined,
    });
    navigate('/supplyloan/ccbftSubmit');
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="cloudloan-apply-page">
      <EligibilityNotice />
      <Card title="银行云贷申请">
        <Form<ApplyForm>
          form={form}
          layout="vertical"
          onFinish={next}
          initialValues={
            draft
              ? {
                  ...draft,
                  amount: formatYuan(Number(draft.amount)),
                  lastYearRevenue: formatYuan(Number(draft.lastYearRevenue)),
                  lastYearTax: formatYuan(Number(draft.lastYearTax)),
                }
              : { termMonths: 12, method: 'EQUAL_INSTALMENT', creditEnquiryConsent: false }
          }
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                required
                name="amount"
                label="申请金额（元）"
                extra={p ? `${formatYuan(p.minAmount)} – ${formatYuan(p.maxAmount)} 元` : undefined}
                rules={[
                  yuanRule(
                    '申请金额',
                    () => p?.maxAmount,
                    (cap) => `申请金额不能超过 ${formatYuan(cap)} 元`,
                  ),
                  {
                    validator: async (_, v) => {
                      const c = tryParseYuan(v);
                      if (c !== null && p && c < p.minAmount) throw new Error(`申请金额不能低于 ${formatYuan(p.minAmount)} 元`);
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" data-testid="apply-amount" />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item
                required
                name="termMonths"
                label="借款期限（月）"
                extra={`${CLOUD_LOAN_MIN_TERM}–${CLOUD_LOAN_MAX_TERM} 个月`}
                rules={[schemaRule(shape.termMonths)]}
              >
                <TermInput data-testid="apply-term" />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item required name="method" label="还款方式" rules={[schemaRule(shape.method)]}>
                <Select options={REPAYMENT_METHODS.map((m) => ({ value: m.value, label: m.label }))} data-testid="apply-method" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item required name="purpose" label="借款用途" rules={[schemaRule(shape.purpose)]}>
                <Input maxLength={200} showCount placeholder="如：采购原材料、支付货款" data-testid="apply-purpose" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item required name="lastYearRevenue" label="上年度营业收入（元）" rules={[nonNegativeYuan('上年度营业收入')]}>
                <Input inputMode="decimal" data-testid="apply-revenue" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item required name="lastYearTax" label="上年度纳税额（元）" rules={[nonNegativeYuan('上年度纳税额')]}>
                <Input inputMode="decimal" data-testid="apply-tax" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item required name="contactName" label="联系人" rules={[schemaRule(shape.contactName)]}>
                <Input maxLength={30} data-testid="apply-contact" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item required name="contactPhone" label="联系电话" rules={[schemaRule(shape.contactPhone)]}>
                <Input inputMode="tel" maxLength={11} data-testid="apply-phone" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="remark" label="备注" rules={[schemaRule(shape.remark)]}>
                <Input.TextArea rows={2} maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="creditEnquiryConsent"
            valuePropName="checked"
            rules={[
              {
                validator: async (_, v) => {
                  if (!v) throw new Error('请授权银行查询企业征信');
                },
              },
            ]}
          >
            <Checkbox data-testid="apply-consent">本企业授权合作银行向中国人民银行征信中心查询企业及法定代表人的信用报告</Checkbox>
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" disabled={!eligibility.data?.allowed} data-testid="apply-next">
              下一步：确认申请
            </Button>
            <Button onClick={() => navigate('/supplyloan/ccbft')}>返回</Button>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
