import { addDays, EXTENSION_RULE, extensionPricing, reviewLifecycle, type ExtensionPricing } from '@factoring/domain';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { DatePicker } from '../../lib/date-picker.ts';
import { dateTime, percent } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { useExtensions, useFinancing, useFinancings, usePlatform, useRequestExtension, type Extension } from './api.ts';
import { REVIEW_COLORS } from './labels.ts';
import { money } from '../../lib/Money.tsx';

/**
 * `/supplyloan/delayApply` (PRODUCT §6): an extension request — a new due date within the
 * platform's maximum term, and a reason; the operator approves; the due date and interest change.
 */
export default function DelayApplyPage() {
  const [params, setParams] = useSearchParams();
  const candidates = useFinancings({ page: 1, size: 100 });
  const options = (candidates.data?.items ?? []).filter((f) => f.actions.extend);
  const id = Number(params.get('id')) || options[0]?.id || null;
  const detail = useFinancing(id);
  const f = detail.data;
  const platform = usePlatform(f?.platformId ?? null);
  const open = (f?.schedule ?? []).filter((s) => s.status === 'DISBURSED');
  const [trancheId, setTrancheId] = useState<number | undefined>();
  const tranche = open.find((t) => t.id === trancheId) ?? open[0];
  const [form] = Form.useForm<{ newDueDate: Dayjs; reason: string }>();
  const newDue = Form.useWatch('newDueDate', form);
  const submit = useRequestExtension();
  // One key per extension request: a double click or a retry applies once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const history = useExtensions(paging);

  useEffect(() => {
    setTrancheId(undefined);
    form.resetFields();
  }, [id, form]);

  const maxDue = tranche?.startDate && platform.data ? addDays(tranche.startDate, platform.data.maxTermDays) : null;
  // The server's extension rule (domain extensionPricing): the bracket of the whole new term, never
  // below the agreed rate; the extra interest is what approval books, to the cent.
  let priced: ExtensionPricing | null = null;
  let pricingProblem: string | null = null;
  if (f && tranche?.startDate && tranche.dueDate && newDue && platform.data) {
    try {
      priced = extensionPricing(platform.data, {
        outstanding: tranche.outstanding,
        currentRatePpm: tranche.annualRatePpm,
        startDate: tranche.startDate,
        accrualFrom: f.interestMode === 'ARREARS' && tranche.interestFrom ? tranche.interestFrom : tranche.startDate,
        oldDueDate: tranche.dueDate,
        newDueDate: newDue.format('YYYY-MM-DD'),
      });
    } catch (err) {
      pricingProblem = err instanceof Error ? err.message : '展期日期不正确';
    }
  }
  const pending = f?.extensions.some((e) => e.status === 'PENDING' && e.trancheId === tranche?.id);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="delay-apply-page">
      <Card
        title="展期申请"
        extra={
          <Select
            aria-label="展期的融资"
            style={{ width: 300 }}
            placeholder="选择融资"
            value={id ?? undefined}
            options={options.map((o) => ({ value: o.id, label: `${o.financingNo}（到期 ${o.dueDate}）` }))}
            onChange={(v) => setParams({ id: String(v) })}
          />
        }
        loading={candidates.isLoading}
      >
        {!id && <Empty description="暂无可展期的融资（已放款、未逾期、未展期）" />}
        {f && tranche && (
          <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
            {open.length > 1 && (
              <Select
                aria-label="展期的放款笔次"
                style={{ width: 320 }}
                value={tranche.id}
                onChange={setTrancheId}
                options={open.map((t) => ({ value: t.id, label: `第 ${t.seq} 笔（到期 ${t.dueDate}，未还 ${yuan(t.outstanding)}）` }))}
              />
            )}
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label="融资编号">{f.financingNo}</Descriptions.Item>
              <Descriptions.Item label="未还本金">{yuan(tranche.outstanding)}</Descriptions.Item>
              <Descriptions.Item label="放款日">{tranche.startDate}</Descriptions.Item>
              <Descriptions.Item label="当前到期日">{tranche.dueDate}</Descriptions.Item>
              <Descriptions.Item label="年化利率">
                {percent(tranche.annualRatePpm)}（{f.interestModeLabel}）
              </Descriptions.Item>
              <Descriptions.Item label="最晚可展期至">
                {maxDue ?? '—'}（平台最长 {platform.data?.maxTermDays ?? '—'} 天）
              </Descriptions.Item>
            </Descriptions>
            <Alert type="info" showIcon title="展期计息规则" description={EXTENSION_RULE} />
            {tranche.extended && <Alert type="info" showIcon title="该笔融资已展期过一次，不能再次展期" />}
            {pending && <Alert type="info" showIcon title="展期申请审核中" />}
            <Form
              form={form}
              layout="vertical"
              disabled={tranche.extended || pending}
              onFinish={async (v) => {
                const sent = await submit.run(
                  {
                    financingId: f.id,
                    trancheId: tranche.id,
                    newDueDate: v.newDueDate.format('YYYY-MM-DD'),
                    reason: v.reason,
                    idempotencyKey: submissionKey,
                  },
                  { form },
                );
                if (!sent) return;
                renewKey();
                form.resetFields();
              }}
            >
              <Form.Item
                name="newDueDate"
                label="新到期日"
                rules={[{ required: true, message: '请选择新到期日' }]}
                validateStatus={pricingProblem ? 'error' : undefined}
                help={pricingProblem ?? undefined}
                extra={
                  priced ? (
                    <span data-testid="extension-terms">
                      展期 {priced.extraDays} 天，总期限 {priced.totalDays} 天，年化利率 {percent(priced.annualRatePpm)}
                      {priced.repriced ? `（原 ${percent(tranche.annualRatePpm)}，总期限进入更高档位）` : ''}，展期利息{' '}
                      {yuan(priced.extraInterest)}（
                      {f.interestMode === 'UPFRONT' ? '审核通过后计入应还，随本金归还' : '按日计息，随本金归还'}）
                    </span>
                  ) : undefined
                }
              >
                <DatePicker
                  style={{ width: 260 }}
                  disabledDate={(d) =>
                    !!tranche.dueDate && (d.format('YYYY-MM-DD') <= tranche.dueDate || (maxDue !== null && d.format('YYYY-MM-DD') > maxDue))
                  }
                />
              </Form.Item>
              <Form.Item
                name="reason"
                label="展期原因"
                rules={[
                  { required: true, min: 2, message: '请填写展期原因' },
                  { max: 300, message: '展期原因不能超过300个字符' },
                ]}
              >
                <Input.TextArea rows={3} placeholder="例如：核心企业付款周期调整，回款延后 30 天" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={submit.isPending}>
                提交展期申请
              </Button>
            </Form>
          </Space>
        )}
      </Card>
      <Card title="展期记录">
        <Table<Extension>
          rowKey="id"
          loading={history.isLoading}
          dataSource={history.data?.items ?? []}
          locale={{ emptyText: '暂无展期申请' }}
          scroll={{ x: 800 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: history.data?.totalCount ?? 0,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          columns={[
            { title: '融资编号', dataIndex: 'financingNo' },
            { title: '原到期日', dataIndex: 'oldDueDate' },
            { title: '新到期日', dataIndex: 'newDueDate' },
            { title: '展期利息', dataIndex: 'extraInterest', align: 'right', render: (v: number) => money(v) },
            { title: '原因', dataIndex: 'reason' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: Extension['status'], r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={REVIEW_COLORS[s]}>{reviewLifecycle.label(s)}</Tag>
                  {r.reviewNote && <span>{r.reviewNote}</span>}
                </Space>
              ),
            },
            { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
          ]}
        />
      </Card>
    </Space>
  );
}
