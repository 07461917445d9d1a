import { QuantityInput } from './QuantityInput.tsx';
import { chinaDate, dueDateOf, formatPercent, formatYuan } from '@factoring/domain';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Grid,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { date } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { useApply, usePlatforms, useStock, useTrial, type PledgeLine, type PledgeStock } from './api.ts';
import { checkPledgeQuantity } from './quantity.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { parseTerm, termProblem, termRule } from '../../lib/term.ts';
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
  const narrow = Grid.useBreakpoint().md === false;
  const amountText = Form.useWatch('amount', form);
  const termValue = Form.useWatch('termDays', form);
  const termDays = parseTerm(termValue);
  const apply = useApply();
  // One key per application: a double click on 提交申请 or a retry applies once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();

  const accepted = new Set(platform?.terms.map((t) => t.goodsId) ?? []);
  const rows = (stock.data ?? []).filter((s) => accepted.has(s.goodsId));
  // Each row's quantity as typed, checked — never changed for the user (issue 24).
  const checks = new Map(rows.map((s) => [s.positionId, checkPledgeQuantity(quantities[s.positionId], s)]));
  const quantityProblems = [...checks.values()].filter((c) => c.problem).length;
  const lines: PledgeLine[] = [...checks.entries()]
    .filter(([, c]) => c.quantity !== null)
    .map(([positionId, c]) => ({ positionId, quantity: c.quantity! }));
  const amount = tryParseYuan(amountText) ?? 0;
  const maxTermDays = platform?.maxTermDays;
  const termValid = termProblem('融资期限', termValue, { max: maxTermDays }) === null && termDays !== null;
  // The trial follows valid input only: while a quantity or the term is wrong it waits, and what it said before is not shown.
  const trialInput = useMemo(
    () => (creditLineId && lines.length && !quantityProblems && termValid ? { creditLineId, lines, amount, termDays: termDays! } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [creditLineId, JSON.stringify(lines), quantityProblems, termValid, amount, termDays],
  );
  const trial = useTrial(trialInput);
  const shown = trialInput !== null && !trial.isError ? trial.data : undefined;
  // Figures that depend on the amount are shown for a valid amount within the maximum only.
  const amountValid = shown !== undefined && amount > 0 && amount <= shown.maxAmount;
  const byAmount = (text: string) => (amountValid ? text : `—（${amountText?.trim() ? '融资金额有误，暂不计算' : '填写融资金额后计算'}）`);
  const dueDate = termValid ? (shown?.dueDate ?? dueDateOf(chinaDate(), termDays!)) : null;

  const batchColumn: TableColumnsType<PledgeStock>[number] = { title: '批次', dataIndex: 'batchNo', fixed: 'left', width: 110 };
  const warehouseColumn: TableColumnsType<PledgeStock>[number] = { title: '仓库', dataIndex: 'warehouseName', width: 150 };
  // Two rows of one batch (same warehouse and goods) differ by their location (issue 37).
  const locationColumn: TableColumnsType<PledgeStock>[number] = { title: '库位', dataIndex: 'locationCode', width: 90 };
  const goodsColumn: TableColumnsType<PledgeStock>[number] = { title: '货物', dataIndex: 'goodsName', width: 110 };
  const availableColumn: TableColumnsType<PledgeStock>[number] = {
    title: '可用数量',
    align: 'right',
    width: 130,
    render: (_, s) => `${s.available} ${s.unit}`,
  };
  const pledgedColumn: TableColumnsType<PledgeStock>[number] = {
    title: '已质押',
    align: 'right',
    width: 120,
    render: (_, s) => `${s.pledged} ${s.unit}`,
  };
  const quantityColumn: TableColumnsType<PledgeStock>[number] = {
    title: '本次质押数量',
    width: 190,
    render: (_, s) => {
      return (
        <QuantityInput
          label={`质押数量 ${s.batchNo}（库位 ${s.locationCode}）`}
          errorId={`pledge-quantity-error-${s.positionId}`}
          value={quantities[s.positionId]}
          available={s.available}
          unit={s.unit}
          problem={checks.get(s.positionId)?.problem ?? null}
          onChange={(value) => setQuantities((q) => ({ ...q, [s.positionId]: value }))}
        />
      );
    },
  };
  // On a phone the quantity comes right after the batch, so the input is in sight without scrolling
  // the table sideways (the batch stays fixed, the rest scrolls: lib/table.tsx).
  const columns = usePhoneColumns<PledgeStock>(
    narrow
      ? [batchColumn, quantityColumn, availableColumn, pledgedColumn, goodsColumn, warehouseColumn, locationColumn]
      : [batchColumn, warehouseColumn, locationColumn, goodsColumn, availableColumn, pledgedColumn, quantityColumn],
  );

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
    navigate(`/pledge/pledgeSucess?id=${result.id}`);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large" data-testid="pledge-apply">
      <Card title="选择平台与质押货物">
        <div style={{ marginBottom: 12, maxWidth: 480 }}>
          <label htmlFor="pledge-platform" style={{ display: 'block', marginBottom: 4 }}>
            质押平台
          </label>
          <Select
            id="pledge-platform"
            style={{ width: '100%' }}
            value={creditLineId ?? undefined}
            onChange={(v) => {
              setLineId(v);
              setQuantities({});
            }}
            options={withLine.map((p) => ({ value: p.creditLine!.id, label: `${p.name}（可用 ${yuan(p.creditLine!.available)}）` }))}
          />
        </div>
        <Table<PledgeStock>
          rowKey="positionId"
          size="small"
          dataSource={rows}
          loading={stock.isFetching}
          pagination={false}
          scroll={{ x: 810 }}
          locale={{ emptyText: <Empty description="监管仓内暂无该平台接受的可用库存" /> }}
          columns={columns}
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
            extra={dueDate ? <span data-testid="pledge-due-date">到期日 {date(dueDate)}</span> : undefined}
          >
            <TermInput />
          </Form.Item>
          <Form.Item name="pickupPerson" label="提货人（赎货时放货给此人，可稍后填写）">
            <Input maxLength={60} />
          </Form.Item>
          {quantityProblems > 0 ? (
            <Alert
              type="warning"
              showIcon
              data-testid="pledge-trial-paused"
              title="质押数量有误，试算已暂停：请更正标红的数量"
              style={{ marginBottom: 12 }}
            />
          ) : trialInput !== null && trial.isError ? (
            <Alert type="error" showIcon title={(trial.error as { message?: string }).message ?? '试算失败'} style={{ marginBottom: 12 }} />
          ) : null}
          {shown && (
            <Descriptions
              bordered
              size="small"
              column={1}
              style={{ marginBottom: 16, opacity: trial.isPlaceholderData ? 0.6 : 1 }}
              data-testid="pledge-trial"
              aria-busy={trial.isPlaceholderData}
            >
              <Descriptions.Item label="质押货物">{`${shown.goodsName} ${shown.quantity} ${shown.unit}`}</Descriptions.Item>
              <Descriptions.Item label="当前单价">{`${yuan(shown.unitPrice)}/${shown.unit}`}</Descriptions.Item>
              <Descriptions.Item label="货值">{yuan(shown.value)}</Descriptions.Item>
              <Descriptions.Item label="质押率">{formatPercent(shown.pledgeRatePpm)}</Descriptions.Item>
              <Descriptions.Item label="最高可融资">
                {yuan(shown.maxAmount)}（货值上限 {yuan(shown.maxByValue)}，可用授信 {yuan(shown.available)}）
              </Descriptions.Item>
              <Descriptions.Item label="应缴保证金">{byAmount(yuan(shown.margin))}</Descriptions.Item>
              <Descriptions.Item label="利息">
                {byAmount(`${yuan(shown.interest)}（年化 ${formatPercent(shown.annualRatePpm)}）`)}
              </Descriptions.Item>
              <Descriptions.Item label="服务费">{byAmount(yuan(shown.serviceFee))}</Descriptions.Item>
              <Descriptions.Item label="实际放款">{byAmount(yuan(shown.netAmount))}</Descriptions.Item>
              <Descriptions.Item label="到期日">{date(shown.dueDate)}</Descriptions.Item>
            </Descriptions>
          )}
          <Typography.Paragraph type="secondary">提交后货物即在监管仓内质押，授信额度被占用；取消或被驳回时一并释放。</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={apply.isPending} disabled={!lines.length || quantityProblems > 0}>
            提交申请
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
