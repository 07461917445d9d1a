import { formatYuan, parseYuan } from '@factoring/domain';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket } from '@factoring/domain/contract';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useFeedback } from '../../lib/feedback.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { normalizeYuanText, tryParseYuan, yuanRule } from '../../lib/money.ts';
import { promptButtons } from '../../lib/prompt-words.ts';
import { PendingProposal } from '../../lib/SettingsChanges.tsx';
import { useExposure, useRatios, useRiskLimits, useSaveRiskLimits, type LimitsAnswer, type LimitsInput } from './api.ts';
import RatioChecks from './RatioChecks.tsx';

// 风险管理 → 限额设置 (issue 27): the factor's net assets, the supervisory limits (银保监办发〔2019〕205号),
// the per-borrower cap, the warning level, the related parties and the specific reserve rate of each
// aging bucket, with the ratios of today's book against them. Saving asks for confirmation: every approval and disbursement is checked against them.
// Saving proposes the change: another operator approves it in the inbox (four eyes, issue 33); a pending one is shown.

/** The form's values: amounts as the yuan text typed, multiples in 倍 and shares in %. */
interface Values {
  netAssets: string;
  leverage: number;
  debtorShare: number;
  relatedShare: number;
  maxBorrowerPrincipal: string;
  warningLevel: number;
  concentrationFloor: string;
  relatedPartyIds: number[];
  /** The specific reserve rate of each aging bucket, in %. */
  reserveRates: Record<AgingBucket, number>;
}

const toValues = ({ limits: l }: LimitsAnswer): Values => ({
  netAssets: formatYuan(l.netAssets),
  leverage: l.maxLeveragePpm / 1_000_000,
  debtorShare: l.maxDebtorSharePpm / 10_000,
  relatedShare: l.maxRelatedSharePpm / 10_000,
  maxBorrowerPrincipal: formatYuan(l.maxBorrowerPrincipal),
  warningLevel: l.warningLevelPpm / 10_000,
  concentrationFloor: formatYuan(l.concentrationFloor),
  relatedPartyIds: l.relatedPartyIds,
  reserveRates: Object.fromEntries(AGING_BUCKETS.map((b) => [b, l.reserveRatesPpm[b] / 10_000])) as Record<AgingBucket, number>,
});

const toInput = (v: Values): LimitsInput => ({
  netAssets: parseYuan(normalizeYuanText(v.netAssets)),
  maxLeveragePpm: Math.round(v.leverage * 1_000_000),
  maxDebtorSharePpm: Math.round(v.debtorShare * 10_000),
  maxRelatedSharePpm: Math.round(v.relatedShare * 10_000),
  maxBorrowerPrincipal: parseYuan(normalizeYuanText(v.maxBorrowerPrincipal)),
  warningLevelPpm: Math.round(v.warningLevel * 10_000),
  concentrationFloor: parseYuan(normalizeYuanText(v.concentrationFloor) || '0'),
  relatedPartyIds: v.relatedPartyIds ?? [],
  reserveRatesPpm: Object.fromEntries(AGING_BUCKETS.map((b) => [b, Math.round(v.reserveRates[b] * 10_000)])) as Record<AgingBucket, number>,
});

/** An amount in yuan that may be zero. */
const floorRule = {
  validator: async (_: unknown, value: string | undefined) => {
    const cents = tryParseYuan(normalizeYuanText(value) || '0');
    if (cents === null) throw new Error('集中度指标起算规模格式不正确');
    if (cents < 0) throw new Error('集中度指标起算规模不能为负数');
  },
};

const share = (label: string) => [{ required: true, message: `请输入${label}` }];

export default function LimitsTab() {
  const limits = useRiskLimits();
  const ratios = useRatios();
  const exposure = useExposure();
  const save = useSaveRiskLimits();
  const feedback = useFeedback();
  const [form] = Form.useForm<Values>();
  if (limits.isError) return <LoadFailure title="风险限额加载失败" error={limits.error} retry={() => void limits.refetch()} />;
  if (!limits.data) return <Skeleton active />;

  // The enterprises an operator may name: those on the book (borrowers, debtors) and those already listed.
  const known = new Map<number, string>(limits.data.relatedParties.map((p) => [p.id, p.name]));
  for (const row of [
    ...(exposure.data?.byBorrower ?? []),
    ...(exposure.data?.byDebtor ?? []),
    ...(exposure.data?.bankBook.byBorrower ?? []),
  ])
    known.set(Number(row.key), row.label);
  const options = [...known].map(([value, label]) => ({ value, label: `${label}（#${value}）` }));

  const submit = (values: Values) => {
    const input = toInput(values);
    feedback.modal.confirm({
      title: '提交风险限额变更？',
      content:
        '变更须由另一位操作员在「审批中心」批准后生效（四眼原则）。生效后每笔融资审批与放款都按新的限额检查：超过上限的不能通过，达到预警水平的予以提示；应计提风险准备金按新的专项比例计算。提交、批准与驳回均记入审计日志。',
      ...promptButtons('确认提交'),
      onOk: () => save.run(input, { form }),
    });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="当前指标">
        {ratios.isError ? (
          <LoadFailure title="监管指标加载失败" error={ratios.error} retry={() => void ratios.refetch()} />
        ) : !ratios.data ? (
          <Skeleton active />
        ) : (
          <RatioChecks checks={ratios.data.checks} />
        )}
      </Card>
      <PendingProposal proposal={limits.data.pending} name="风险限额" />
      <Card size="small" title="限额设置">
        <Typography.Paragraph type="secondary">
          依银保监办发〔2019〕205号：风险资产不超过净资产的 10 倍；受让同一债务人的应收账款不超过风险资产的
          50%；受让以关联方为债务人的应收账款不超过 40%。风险资产为保理账簿（供应链融资与货押融资）的未偿本金，银行云贷为银行账簿，不计入。
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          initialValues={toValues(limits.data)}
          onFinish={submit}
          style={{ maxWidth: 960 }}
          data-testid="risk-limits-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="netAssets" label="净资产（元）" rules={[yuanRule('净资产')]} validateTrigger="onBlur">
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="leverage" label="风险资产 / 净资产上限（倍）" rules={share('风险资产 / 净资产上限')}>
                <InputNumber min={0.1} max={100} step={0.5} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="debtorShare" label="单一债务人占风险资产上限（%）" rules={share('单一债务人占比上限')}>
                <InputNumber min={0.01} max={100} step={1} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="relatedShare" label="关联方占风险资产上限（%）" rules={share('关联方占比上限')}>
                <InputNumber min={0.01} max={100} step={1} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="maxBorrowerPrincipal"
                label="单一借款人融资余额上限（元）"
                rules={[yuanRule('单一借款人融资余额上限')]}
                validateTrigger="onBlur"
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="warningLevel"
                label="预警水平（达到上限的 %）"
                rules={share('预警水平')}
                extra="指标达到上限的这一比例即预警：审批仍可通过，审计日志记下提示。"
              >
                <InputNumber min={1} max={100} step={5} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="concentrationFloor"
                label="集中度指标起算规模（元）"
                extra="风险资产达到此规模后，债务人与关联方占比超限才拦截审批；此前仅列示。"
                rules={[floorRule]}
                validateTrigger="onBlur"
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Typography.Paragraph strong>风险准备金专项计提比例（在 1% 一般准备之外，按各账龄段未偿本金计提）</Typography.Paragraph>
            </Col>
            {AGING_BUCKETS.map((b, i) => (
              <Col xs={12} md={8} lg={4} key={b}>
                <Form.Item
                  name={['reserveRates', b]}
                  label={`${AGING_BUCKET_LABELS[b].replace('（不良）', '')}（%）`}
                  dependencies={i > 0 ? [['reserveRates', AGING_BUCKETS[i - 1]]] : []}
                  rules={[
                    { required: true, message: `请输入${AGING_BUCKET_LABELS[b]}计提比例` },
                    { type: 'number', min: 0, max: 100, message: '计提比例须在 0–100% 之间' },
                    // The server's rule too: a bucket longer past due never carries a lower rate.
                    ({ getFieldValue }) => ({
                      validator: async (_: unknown, value: number | null) => {
                        const previous = i > 0 ? (getFieldValue(['reserveRates', AGING_BUCKETS[i - 1]]) as number | null) : null;
                        if (value != null && previous != null && value < previous)
                          throw new Error(`不能低于${AGING_BUCKET_LABELS[AGING_BUCKETS[i - 1]]}的比例`);
                      },
                    }),
                  ]}
                >
                  <InputNumber min={0} max={100} step={1} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24}>
              <Form.Item name="relatedPartyIds" label="关联方名单">
                <Select mode="multiple" allowClear options={options} optionFilterProp="label" placeholder="选择关联方企业" />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={limits.data.pending !== null}>
            提交复核
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
