import {
  bureauInvoiceLifecycle,
  dilutionLifecycle,
  financedAssetLifecycle,
  INVOICE_CHECK_LABELS,
  type BureauInvoiceStatus,
  type DilutionStatus,
  type FinancedAssetStatus,
  type InvoiceCheckOutcome,
} from '@factoring/domain';
import { Alert, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { dateTime } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { promptButtons } from '../../lib/prompt-words.ts';
import {
  useAssetChecks,
  useBureauInvoices,
  useChangeBureauStatus,
  useCreditBureauInvoice,
  useDilutions,
  useFinancedAssets,
  useRecheck,
  type AssetCheck,
  type BureauInvoice,
  type Dilution,
  type FinancedAsset,
} from './api.ts';

// The debtor's part (issue 36): notices and confirmations, loaded when its tab is opened.
const AssignmentDesk = lazy(() => import('./AssignmentDesk.tsx'));

// Colours only; the words are the domain machines' and `INVOICE_CHECK_LABELS`.
const CHECK_COLORS: Record<InvoiceCheckOutcome, string> = {
  NORMAL: 'success',
  VOID: 'error',
  REVERSED: 'error',
  MISMATCH: 'error',
  NOT_FOUND: 'warning',
  QUOTA_EXCEEDED: 'default',
  UNAVAILABLE: 'default',
  MANUAL: 'blue',
};
const ASSET_COLORS: Record<FinancedAssetStatus, string> = { HELD: 'processing', FUNDED: 'blue', SETTLED: 'default', RELEASED: 'default' };
const BUREAU_COLORS: Record<BureauInvoiceStatus, string> = { NORMAL: 'success', VOID: 'error', REVERSED: 'error' };

const checkTag = (outcome: string) => (
  <Tag color={CHECK_COLORS[outcome as InvoiceCheckOutcome]}>{INVOICE_CHECK_LABELS[outcome as InvoiceCheckOutcome] ?? outcome}</Tag>
);

/**
 * The receivables desk inside /bpm/tasks (issue 36, PRODUCT §13): the dilutions (an invoice void or
 * reversed after money went out) with the exposure each leaves, the financed-assets table (each invoice and
 * order financed once) with every tax bureau check and a check now, and the simulated tax bureau's desk.
 */
export default function ReceivablesDesk() {
  const open = useDilutions('OPEN');
  const count = open.data?.length ?? 0;
  return (
    <Tabs
      data-testid="receivables-desk"
      items={[
        { key: 'dilutions', label: count ? `稀释（${count}）` : '稀释', children: <DilutionList /> },
        { key: 'assets', label: '已融资应收账款', children: <AssetList /> },
        {
          key: 'assignment',
          label: '确权与通知',
          children: (
            <Suspense fallback={null}>
              <AssignmentDesk />
            </Suspense>
          ),
        },
        { key: 'bureau', label: '模拟税务局', children: <BureauDesk /> },
      ]}
    />
  );
}

function DilutionList() {
  const [status, setStatus] = useState<DilutionStatus | undefined>('OPEN');
  const list = useDilutions(status);
  if (list.isError) return <LoadFailure title="稀释列表加载失败" error={list.error} retry={() => list.refetch()} />;
  const exposure = (list.data ?? []).filter((d) => d.status === 'OPEN').reduce((s, d) => s + d.exposure, 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {exposure > 0 && (
        <Alert
          type="error"
          showIcon
          message={
            <span data-testid="dilution-exposure">已放款发票被作废、红冲或部分红冲，未被应收账款覆盖的融资本金合计 {money(exposure)}</span>
          }
        />
      )}
      <Select
        aria-label="稀释状态"
        allowClear
        placeholder="全部"
        style={{ width: 160 }}
        value={status}
        options={dilutionLifecycle.states.map((s) => ({ value: s, label: dilutionLifecycle.label(s) }))}
        onChange={setStatus}
      />
      <Table<Dilution>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: '暂无稀释：已放款的发票在税务局均为正常状态' }}
        columns={[
          { title: '发现日期', dataIndex: 'detectedOn' },
          { title: '发票', dataIndex: 'invoice' },
          {
            title: '税务局',
            dataIndex: 'outcome',
            render: (o: string, d) => (o === 'CREDITED' ? <Tag color="warning">{d.outcomeLabel}</Tag> : checkTag(o)),
          },
          { title: '融资企业', dataIndex: 'enterpriseName' },
          { title: '融资', render: (_, d) => `${d.productLabel} ${d.financingNo}` },
          { title: '发票金额', dataIndex: 'invoiceAmount', align: 'right', render: (v: number) => money(v) },
          { title: '融资本金余额', dataIndex: 'principal', align: 'right', render: (v: number) => money(v) },
          { title: '应收利息与罚息', align: 'right', render: (_, d) => money(d.interest + d.penalty) },
          {
            title: '红字发票冲减',
            dataIndex: 'credited',
            align: 'right',
            render: (v: number | null) => (v === null ? '—' : money(v)),
          },
          { title: '仍有效应收账款', dataIndex: 'remainingBacking', align: 'right', render: (v: number) => money(v) },
          {
            title: '敞口',
            dataIndex: 'exposure',
            align: 'right',
            render: (v: number) => <Typography.Text type={v > 0 ? 'danger' : undefined}>{money(v)}</Typography.Text>,
          },
          { title: '状态', dataIndex: 'statusLabel' },
          { title: '说明', dataIndex: 'message', render: (v: string) => <span style={{ display: 'block', maxWidth: 280 }}>{v}</span> },
        ]}
      />
    </Space>
  );
}

function AssetList() {
  const [q, setQ] = useState<{ page: number; size: number; status?: FinancedAssetStatus; keyword?: string }>({ page: 1, size: 10 });
  const list = useFinancedAssets(q);
  const recheck = useRecheck();
  const [key, renew] = useSubmissionKey();
  const [viewing, setViewing] = useState<FinancedAsset | null>(null);
  if (list.isError) return <LoadFailure title="已融资应收账款加载失败" error={list.error} retry={() => list.refetch()} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        每张发票、每个订单（及其发票）只能融资一次，不论企业、平台或产品；已结清的应收账款不能再次融资。已放款的发票每周向税务局复验至到期。
      </Typography.Paragraph>
      <Space wrap>
        <Select
          aria-label="应收账款状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 160 }}
          value={q.status}
          options={financedAssetLifecycle.states.map((s) => ({ value: s, label: financedAssetLifecycle.label(s) }))}
          onChange={(status) => setQ({ ...q, page: 1, status })}
        />
        <Input.Search
          aria-label="发票、订单或融资编号"
          allowClear
          placeholder="发票、订单或融资编号"
          style={{ width: 240 }}
          onSearch={(keyword) => setQ({ ...q, page: 1, keyword: keyword || undefined })}
        />
      </Space>
      <Table<FinancedAsset>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无已融资的应收账款' }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 项`,
          onChange: (page, size) => setQ({ ...q, page, size }),
        }}
        columns={[
          { title: '应收账款', dataIndex: 'label' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: FinancedAssetStatus, a) => (
              <Space size={4}>
                <Tag color={ASSET_COLORS[s]}>{financedAssetLifecycle.label(s)}</Tag>
                {a.diluted && <Tag color="error">稀释</Tag>}
              </Space>
            ),
          },
          { title: '融资企业', dataIndex: 'enterpriseName' },
          { title: '融资', render: (_, a) => `${a.productLabel} ${a.financingNo}` },
          { title: '复验至', dataIndex: 'maturesOn', render: (v: string | null) => v ?? '—' },
          {
            title: '最近查验',
            dataIndex: 'lastCheck',
            render: (c: FinancedAsset['lastCheck'], a) =>
              a.kind !== 'INVOICE' ? (
                '—'
              ) : c ? (
                <Space size={4}>
                  {checkTag(c.outcome)}
                  {dateTime(c.checkedAt)}
                </Space>
              ) : (
                '未查验'
              ),
          },
          {
            title: '操作',
            render: (_, a) =>
              a.kind === 'INVOICE' && (
                <Space>
                  <Typography.Link onClick={() => setViewing(a)}>查验记录</Typography.Link>
                  <Popconfirm
                    title="向税务局查验这张发票？每张发票每天最多查验 5 次。"
                    {...promptButtons('立即查验')}
                    onConfirm={async () => {
                      await recheck.run({ id: a.id, idempotencyKey: key });
                      renew();
                    }}
                  >
                    <Typography.Link disabled={recheck.isPending}>立即查验</Typography.Link>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Drawer open={!!viewing} onClose={() => setViewing(null)} title={`税务查验记录 ${viewing?.label ?? ''}`} width={720}>
        {viewing && <AssetChecks id={viewing.id} />}
      </Drawer>
    </Space>
  );
}

function AssetChecks({ id }: { id: number }) {
  const checks = useAssetChecks(id);
  if (checks.isError) return <LoadFailure title="查验记录加载失败" error={checks.error} retry={() => checks.refetch()} />;
  return (
    <Table<AssetCheck>
      rowKey="id"
      size="small"
      loading={checks.isLoading}
      pagination={false}
      dataSource={checks.data ?? []}
      locale={{ emptyText: '尚无查验记录' }}
      columns={[
        { title: '时间', dataIndex: 'checkedAt', render: (v: string) => dateTime(v) },
        { title: '环节', dataIndex: 'triggerLabel' },
        { title: '结果', dataIndex: 'outcome', render: (o: string) => checkTag(o) },
        { title: '说明', dataIndex: 'message', render: (v: string) => <span style={{ display: 'block', maxWidth: 300 }}>{v}</span> },
        { title: '查验人', dataIndex: 'actorName' },
      ]}
    />
  );
}

function BureauDesk() {
  const [q, setQ] = useState<{ page: number; size: number; keyword?: string }>({ page: 1, size: 10 });
  const list = useBureauInvoices(q);
  const [changing, setChanging] = useState<{ row: BureauInvoice; to: 'VOID' | 'REVERSED' } | null>(null);
  const [crediting, setCrediting] = useState<BureauInvoice | null>(null);
  if (list.isError) return <LoadFailure title="模拟税务局发票加载失败" error={list.error} retry={() => list.refetch()} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message="内置的模拟税务局（发票查验），仅供演示与测试：它知道演示数据中的发票和购销订单开具的发票。作废或红冲一张发票后，下一次查验（登记、放款前、每周复验或立即查验）即可发现；已放款的发票被作废或红冲即为稀释。接入真实的税务查验服务后，此处不可操作。"
      />
      <Input.Search
        aria-label="发票号码、销售方或购买方"
        allowClear
        placeholder="发票号码、销售方或购买方"
        style={{ width: 260 }}
        onSearch={(keyword) => setQ({ ...q, page: 1, keyword: keyword || undefined })}
      />
      <Table<BureauInvoice>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '模拟税务局暂无发票' }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 张`,
          onChange: (page, size) => setQ({ ...q, page, size }),
        }}
        columns={[
          { title: '发票代码', dataIndex: 'invoiceCode', render: (v: string) => v || '数电票' },
          { title: '发票号码', dataIndex: 'invoiceNumber' },
          { title: '销售方', dataIndex: 'sellerName' },
          { title: '购买方', dataIndex: 'buyerName' },
          { title: '开票日期', dataIndex: 'issueDate' },
          { title: '价税合计', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          {
            title: '剩余金额',
            dataIndex: 'remaining',
            align: 'right',
            render: (v: number, r) =>
              r.credited > 0 ? (
                <>
                  {money(v)}（红字 {money(r.credited)}）
                </>
              ) : (
                money(v)
              ),
          },
          { title: '备注', dataIndex: 'remark', render: (v: string) => v || '—' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: BureauInvoiceStatus, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={BUREAU_COLORS[s]}>{bureauInvoiceLifecycle.label(s)}</Tag>
                {r.statusNote && <Typography.Text type="secondary">{`${r.statusDate ?? ''} ${r.statusNote}`}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: '操作',
            render: (_, r) =>
              r.status === 'NORMAL' && (
                <Space>
                  <Typography.Link onClick={() => setChanging({ row: r, to: 'VOID' })}>作废</Typography.Link>
                  <Typography.Link onClick={() => setChanging({ row: r, to: 'REVERSED' })}>红冲</Typography.Link>
                  <Typography.Link onClick={() => setCrediting(r)}>部分红冲</Typography.Link>
                </Space>
              ),
          },
        ]}
      />
      {changing && <ChangeStatusModal {...changing} onClose={() => setChanging(null)} />}
      {crediting && <CreditNoteModal row={crediting} onClose={() => setCrediting(null)} />}
    </Space>
  );
}

function ChangeStatusModal({ row, to, onClose }: { row: BureauInvoice; to: 'VOID' | 'REVERSED'; onClose(): void }) {
  const [form] = Form.useForm<{ note: string }>();
  const change = useChangeBureauStatus();
  const [key] = useSubmissionKey();
  const act = to === 'VOID' ? '作废' : '红冲';
  return (
    <Modal
      open
      title={`模拟税务局：${act}发票 ${row.invoiceNumber}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={`确认${act}`}
      cancelText="返回"
      okButtonProps={{ danger: true }}
      confirmLoading={change.isPending}
    >
      <Typography.Paragraph type="secondary">作废或红冲后不能恢复；已放款的发票将在下一次查验时列为稀释。</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ note }) => {
          if (await change.run({ id: row.id, to, note, idempotencyKey: key }, { form })) onClose();
        }}
      >
        <Form.Item name="note" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A credit note (红字发票, 部分红冲) against part of what remains of an invoice; the whole remainder reverses it. */
function CreditNoteModal({ row, onClose }: { row: BureauInvoice; onClose(): void }) {
  const [form] = Form.useForm<{ yuan: string; reason: string }>();
  const credit = useCreditBureauInvoice();
  const [key] = useSubmissionKey();
  return (
    <Modal
      open
      title={`模拟税务局：开具红字发票 ${row.invoiceNumber}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认开具"
      cancelText="返回"
      okButtonProps={{ danger: true }}
      confirmLoading={credit.isPending}
    >
      <Typography.Paragraph type="secondary">
        剩余金额 {money(row.remaining)}
        。红字发票冲减部分金额（折让、退货），冲减剩余全部金额即为红冲；已放款的发票将在下一次查验时列为稀释。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ yuan, reason }) => {
          const amount = Math.round(Number(yuan) * 100);
          if (await credit.run({ id: row.id, amount, reason, idempotencyKey: key }, { form })) onClose();
        }}
      >
        <Form.Item
          name="yuan"
          label="红字发票金额（元）"
          rules={[
            { required: true, message: '请填写金额' },
            {
              validator: async (_, v: string) => {
                const cents = Math.round(Number(v) * 100);
                if (!/^\d+(\.\d{1,2})?$/.test(String(v ?? '').trim()) || cents <= 0) throw new Error('请填写大于 0 的金额，最多两位小数');
                if (cents > row.remaining) throw new Error('不能超过发票剩余金额');
              },
            },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
