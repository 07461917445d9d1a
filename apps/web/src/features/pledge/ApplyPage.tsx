import { formatPercent, formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Select, Skeleton, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { date } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { useApply, usePlatforms, useStock, useTrial, type PledgeLine } from './api.ts';
import { parseTerm, termRule } from '../../lib/term.ts';
import { TermInput } from '../../lib/TermInput.tsx';

interface ApplyForm {
  amount: string;
  termDays: number;
  pickupPerson?: string;
}

/**
 * /pledge/applyFinacing: choose the own stock to pledge (quantities of positions in one warehouse,
 * one goods item the platform accepts), see the value at today's price, the most that may be lent
 * (value × pledge rate, capped by the available credit), the margin and the live trial; submit.
 */
export default function ApplyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const platforms = usePlatforms();
  const withLine = (platforms.data ?? []).filter((p) => p.creditLine);
  const [lineId, setLineId] = useState<number | null>(Number(params.get('creditLineId')) || null);
  const platform = withLine.find((p) => p.creditLine!.id === lineId) ?? withLine[0];
  const creditLineId = platform?.creditLine?.id ?? null;
  const stock = useStock();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [form] = Form.useForm<ApplyForm>();
  const amountText = Form.useWatch('amount', form);
  const termDays = parseTerm(Form.useWatch('termDays', form));
  const apply = useApply();
  // One key per application: a double click on 提交申请 or a retry applies once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();

  const accepted = new Set(platform?.terms.map((t) => t.goodsId) ?? []);
  const rows = (stock.data ?? []).filter((s) => accepted.has(s.goodsId));
  const lines: PledgeLine[] = Object.entries(quantities)
    .filter(([, q]) => q && Number(q) > 0)
    .map(([positionId, quantity]) => ({ positionId: Number(positionId), quantity }));
  const amount = tryParseYuan(amountText) ?? 0;
  const trialInput = useMemo(
    () => (creditLineId && lines.length && termDays ? { creditLineId, lines, amount, termDays } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [creditLineId, JSON.stringify(lines), amount, termDays],
  );
  const trial = useTrial(trialInput);

  if (platforms.isPending || stock.isPending) return <Skeleton active />;
  if (platforms.isError) return <LoadFailure title="质押融资平台加载失败" error={platforms.error} retry={() => platforms.refetch()} />;
  if (!platform) return <Empty description="本企业尚未获得质押融资授信，请先在“平台”中申请" />;

  const submit = async (values: ApplyForm) => {
    if (!creditLineId) return;
    const result = await apply.run(
      {
        creditLineId,
        lines,
        amount: tryParseYuan(values.amount)!,
        termDays: values.termDays,
        pickupPerson: values.pickupPerson,
        idempotencyKey: submissionKey,
      },
      { form },
    );
    if (!result) return;
    renewKey();
    navigate(`/pledge/pledgeSucess?id=${result.id}&no=${result.financingNo}&margin=${result.margin}`);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large" data-testid="pledge-apply">
      <Card title="选择平台与质押货物">
        <Space wrap style={{ marginBottom: 12 }}>
          <span>质押平台</span>
          <Select
            style={{ minWidth: 260 }}
            value={creditLineId ?? undefined}
            onChange={(v) => {
              setLineId(v);
              setQuantities({});
            }}
            options={withLine.map((p) => ({ value: p.creditLine!.id, label: `${p.name}（可用 ${yuan(p.creditLine!.available)}）` }))}
          />
        </Space>
        <Table
          rowKey="positionId"
          size="small"
          dataSource={rows}
          loading={stock.isFetching}
          pagination={false}
          scroll={{ x: 760 }}
          locale={{ emptyText: <Empty description="监管仓内暂无该平台接受的可用库存" /> }}
          columns={[
            { title: '仓库', dataIndex: 'warehouseName' },
            { title: '货物', dataIndex: 'goodsName' },
            { title: '批次', dataIndex: 'batchNo' },
            { title: '可用数量', render: (_, s) => `${s.available} ${s.unit}` },
            { title: '已质押', render: (_, s) => `${s.pledged} ${s.unit}` },
            {
              title: '本次质押数量',
              render: (_, s) => (
                <InputNumber<string>
                  stringMode
                  min="0"
                  max={s.available}
                  step={s.scale ? `0.${'0'.repeat(s.scale - 1)}1` : '1'}
                  precision={s.scale}
                  value={quantities[s.positionId]}
                  aria-label={`质押数量 ${s.batchNo}`}
                  onChange={(v) => setQuantities((q) => ({ ...q, [s.positionId]: v ?? '' }))}
                  addonAfter={s.unit}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card title="融资申请">
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ termDays: Math.min(90, platform.maxTermDays) }}
          style={{ maxWidth: 520 }}
        >
          <Form.Item
            name="amount"
            label="融资金额（元）"
            rules={[
              yuanRule(
                '融资金额',
                () => trial.data?.maxAmount,
                (cap) => `融资金额不能超过最高可融资 ${formatYuan(cap)} 元`,
              ),
            ]}
          >
            <Input inputMode="decimal" placeholder="例如 250,000.00" />
          </Form.Item>
          <Form.Item
            name="termDays"
            label={`融资期限（天，最长 ${platform.maxTermDays} 天）`}
            rules={[termRule('融资期限', { max: platform.maxTermDays })]}
          >
            <TermInput />
          </Form.Item>
          <Form.Item name="pickupPerson" label="提货人（赎货时放货给此人，可稍后填写）">
            <Input maxLength={60} />
          </Form.Item>
          {trial.isError && (
            <Alert
              type="error"
              showIcon
              message={(trial.error as { message?: string }).message ?? '试算失败'}
              style={{ marginBottom: 12 }}
            />
          )}
          {trial.data && (
            <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }} data-testid="pledge-trial">
              <Descriptions.Item label="质押货物">{`${trial.data.goodsName} ${trial.data.quantity} ${trial.data.unit}`}</Descriptions.Item>
              <Descriptions.Item label="当前单价">{`${yuan(trial.data.unitPrice)}/${trial.data.unit}`}</Descriptions.Item>
              <Descriptions.Item label="货值">{yuan(trial.data.value)}</Descriptions.Item>
              <Descriptions.Item label="质押率">{formatPercent(trial.data.pledgeRatePpm)}</Descriptions.Item>
              <Descriptions.Item label="最高可融资">
                {yuan(trial.data.maxAmount)}（货值上限 {yuan(trial.data.maxByValue)}，可用授信 {yuan(trial.data.available)}）
              </Descriptions.Item>
              <Descriptions.Item label="应缴保证金">{yuan(trial.data.margin)}</Descriptions.Item>
              <Descriptions.Item label="利息">
                {yuan(trial.data.interest)}（年化 {formatPercent(trial.data.annualRatePpm)}）
              </Descriptions.Item>
              <Descriptions.Item label="服务费">{yuan(trial.data.serviceFee)}</Descriptions.Item>
              <Descriptions.Item label="实际放款">{yuan(trial.data.netAmount)}</Descriptions.Item>
              <Descriptions.Item label="到期日">{date(trial.data.dueDate)}</Descriptions.Item>
            </Descriptions>
          )}
          <Typography.Paragraph type="secondary">提交后货物即在监管仓内质押，授信额度被占用；取消或被驳回时一并释放。</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={apply.isPending} disabled={!lines.length}>
            提交申请
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
