import { PlusOutlined } from '@ant-design/icons';
import {
  chinaDate,
  INVOICE_CHECK_LABELS,
  invoiceLifecycle,
  RECEIVABLE_TYPE_LABELS,
  RECEIVABLE_TYPES,
  type InvoiceCheckOutcome,
  type ReceivableType,
} from '@factoring/domain';
import { registerInvoiceBody } from '@factoring/domain/contract/schemas';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DatePicker } from '../../lib/date-picker.ts';
import { dateTime } from '../../lib/format.ts';
import { tryParseYuan, yuanRule } from '../../lib/money.ts';
import { schemaRule } from '../../lib/schema-rule.ts';
import { UploadField } from '../../lib/UploadField.tsx';
import { useCoreEnterprises, useInvoices, useRegisterInvoice, type Invoice, type InvoiceStatus } from './api.ts';
import { CHECK_COLORS, INVOICE_COLORS } from './labels.ts';
import { money } from '../../lib/Money.tsx';
import { ellipsisColumn } from '../../lib/table.tsx';

// The checks of one invoice, loaded when first opened.
const InvoiceChecksDrawer = lazy(() => import('./InvoiceChecksDrawer.tsx').then((m) => ({ default: m.InvoiceChecksDrawer })));

/**
 * `/supplyloan/invoice` (PRODUCT §6, §13): register invoices issued to a core enterprise — the tax bureau
 * checks each at once (数电票 or code + number) — and the operator verifies them. Each row shows the
 * bureau's latest answer (its history a click away) and, for a verified one, why it cannot be financed
 * now when it cannot (overdue, void or reversed, or it or its order already financed).
 */
export default function InvoicePage() {
  const [q, setQ] = useState<{ page: number; size: number; status?: InvoiceStatus; keyword?: string }>({ page: 1, size: 10 });
  const list = useInvoices(q);
  const [registering, setRegistering] = useState(false);
  const [checking, setChecking] = useState<Invoice | null>(null);
  return (
    <Card
      title="应收账款（发票）"
      data-testid="invoice-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)} data-testid="register-invoice">
          登记发票
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="发票状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 160 }}
          value={q.status}
          options={invoiceLifecycle.states.map((s) => ({ value: s, label: invoiceLifecycle.label(s) }))}
          onChange={(status) => setQ({ ...q, page: 1, status })}
        />
        <Input.Search
          aria-label="发票代码或号码"
          allowClear
          placeholder="发票代码或号码"
          style={{ width: 240 }}
          onSearch={(keyword) => setQ({ ...q, page: 1, keyword: keyword || undefined })}
        />
      </Space>
      <Table<Invoice>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: '暂无发票，点击右上角“登记发票”' }}
        // As wide as its content (dates and amounts on one line), scrolling inside the card on a phone.
        scroll={{ x: 'max-content' }}
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
          { title: '开票日期', dataIndex: 'issueDate' },
          { title: '购买方（核心企业）', dataIndex: 'buyerName', width: 200, ...ellipsisColumn<Invoice>() },
          { title: '价税合计', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          { title: '税额', dataIndex: 'taxAmount', align: 'right', render: (v: number) => money(v) },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: InvoiceStatus, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={INVOICE_COLORS[s]}>{invoiceLifecycle.label(s)}</Tag>
                {/* Wraps within 220 px: the table is as wide as its content (scroll x max-content). */}
                {s === 'REJECTED' && r.reviewNote && (
                  <Typography.Text type="danger" style={{ display: 'block', maxWidth: 220 }}>
                    {r.reviewNote}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '税务查验',
            dataIndex: 'verification',
            render: (v: Invoice['verification'], r) => (
              <Space direction="vertical" size={0}>
                {v ? (
                  <Tag color={CHECK_COLORS[v.outcome as InvoiceCheckOutcome]}>{INVOICE_CHECK_LABELS[v.outcome as InvoiceCheckOutcome]}</Tag>
                ) : (
                  <Tag>未查验</Tag>
                )}
                <Typography.Link onClick={() => setChecking(r)} data-testid={`invoice-checks-${r.id}`}>
                  查验记录
                </Typography.Link>
              </Space>
            ),
          },
          {
            title: '应收账款',
            dataIndex: 'receivableType',
            render: (t: ReceivableType, r) => (
              <Space direction="vertical" size={0} style={{ maxWidth: 200 }}>
                {/* The kind's short name (现有应收账款 …); the form shows the whole label. */}
                <span>{RECEIVABLE_TYPE_LABELS[t].split('（')[0]}</span>
                {r.dueDate && <Typography.Text type="secondary">到期日 {r.dueDate}</Typography.Text>}
                {r.orderNo && <Typography.Text type="secondary">所属订单 {r.orderNo}</Typography.Text>}
              </Space>
            ),
          },
          { title: '融资编号', dataIndex: 'financingNo', render: (v: string | null) => v ?? '—' },
          {
            title: '影像',
            dataIndex: 'imageUploadId',
            render: (id: number | null) =>
              id ? (
                <a href={`/api/uploads/${id}`} target="_blank" rel="noreferrer">
                  查看
                </a>
              ) : (
                '—'
              ),
          },
          { title: '登记时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
          {
            title: '操作',
            render: (_, r) =>
              r.status !== 'VERIFIED' ? null : r.financeBlock ? (
                // Why it cannot be financed, in the server's words (issue 36); wraps within 240 px.
                <Typography.Text type="warning" style={{ display: 'block', maxWidth: 240 }} data-testid={`finance-block-${r.id}`}>
                  不可融资：{r.financeBlock}
                </Typography.Text>
              ) : (
                <Link to={`/supplyloan/financing?invoiceId=${r.id}`}>申请融资</Link>
              ),
          },
        ]}
      />
      <RegisterInvoiceModal open={registering} onClose={() => setRegistering(false)} />
      {checking && (
        <Suspense fallback={null}>
          <InvoiceChecksDrawer invoice={checking} onClose={() => setChecking(null)} />
        </Suspense>
      )}
    </Card>
  );
}

interface Values {
  invoiceCode?: string;
  invoiceNumber: string;
  issueDate: Dayjs;
  amount: string;
  taxAmount?: string;
  buyerEnterpriseId: number;
  imageUploadId?: number | null;
  receivableType: ReceivableType;
  dueDate?: Dayjs | null;
  basisContractNo?: string;
  orderNo?: string;
}

function RegisterInvoiceModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const buyers = useCoreEnterprises();
  const submit = useRegisterInvoice();
  const firstBuyer = buyers.data?.[0]?.id;
  useEffect(() => {
    if (open && firstBuyer && !form.getFieldValue('buyerEnterpriseId')) form.setFieldValue('buyerEnterpriseId', firstBuyer);
  }, [open, firstBuyer, form]);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const finish = async (v: Values) => {
    const registered = await submit.run(
      {
        invoiceCode: v.invoiceCode?.trim() ?? '',
        invoiceNumber: v.invoiceNumber.trim(),
        issueDate: v.issueDate.format('YYYY-MM-DD'),
        amount: tryParseYuan(v.amount)!,
        taxAmount: v.taxAmount ? (tryParseYuan(v.taxAmount) ?? 0) : 0,
        buyerEnterpriseId: v.buyerEnterpriseId,
        imageUploadId: v.imageUploadId ?? undefined,
        receivableType: v.receivableType,
        dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : undefined,
        basisContractNo: v.basisContractNo?.trim() || undefined,
        orderNo: v.orderNo?.trim() || undefined,
      },
      { form },
    );
    if (registered) close();
  };
  return (
    <Modal
      open={open}
      title="登记发票"
      onCancel={close}
      onOk={() => form.submit()}
      okText="提交核验"
      confirmLoading={submit.isPending}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'submit-invoice' } as React.ComponentProps<typeof Modal>['okButtonProps']}
    >
      <Form form={form} layout="vertical" onFinish={finish} initialValues={{ receivableType: 'SALE' }}>
        <Form.Item name="buyerEnterpriseId" label="购买方（核心企业）" rules={[{ required: true, message: '请选择购买方' }]}>
          <Select
            placeholder="请选择核心企业"
            loading={buyers.isLoading}
            options={(buyers.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            data-testid="invoice-buyer"
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="invoiceCode"
            label="发票代码"
            style={{ width: '50%' }}
            rules={[schemaRule(registerInvoiceBody.shape.invoiceCode)]}
          >
            <Input placeholder="10 或 12 位数字（数电票不填）" maxLength={12} />
          </Form.Item>
          <Form.Item
            name="invoiceNumber"
            label="发票号码"
            style={{ width: '50%' }}
            rules={[schemaRule(registerInvoiceBody.shape.invoiceNumber)]}
          >
            <Input placeholder="8 位，或数电票 20 位" maxLength={20} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="issueDate" label="开票日期" rules={[{ required: true, message: '请选择开票日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') > chinaDate()} />
        </Form.Item>
        <Form.Item name="amount" label="价税合计（元）" rules={[yuanRule('价税合计')]}>
          <Input placeholder="例如 1,250,000.00" inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="taxAmount"
          label="税额（元）"
          dependencies={['amount']}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (!value) return;
                const tax = tryParseYuan(value);
                if (tax === null && value.trim() !== '0' && value.trim() !== '0.00') throw new Error('税额格式不正确');
                const amount = tryParseYuan(form.getFieldValue('amount'));
                if (tax !== null && amount !== null && tax > amount) throw new Error('税额不能大于价税合计');
              },
            },
          ]}
        >
          <Input placeholder="选填" inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="receivableType"
          label="应收账款类型"
          extra="票据、有价证券与代销（寄售）项下的应收账款不能保理融资（银保监办发〔2019〕205号）"
          rules={[{ required: true, message: '请选择应收账款类型' }]}
        >
          <Select
            data-testid="invoice-receivable-type"
            options={RECEIVABLE_TYPES.map((t) => ({ value: t, label: RECEIVABLE_TYPE_LABELS[t] }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['receivableType']}>
          {({ getFieldValue }) =>
            getFieldValue('receivableType') === 'FUTURE' && (
              <Form.Item
                name="basisContractNo"
                label="基础合同编号"
                rules={[{ required: true, message: '未来应收账款须填写基础合同编号' }]}
              >
                <Input maxLength={60} />
              </Form.Item>
            )
          }
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="dueDate" label="应收账款到期日" style={{ width: '50%' }} extra="已逾期的应收账款不能融资">
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') < chinaDate()} />
          </Form.Item>
          <Form.Item name="orderNo" label="所属订单编号" style={{ width: '50%' }} extra="发票所开具的订单（选填）">
            <Input maxLength={40} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="imageUploadId" label="发票影像">
          <UploadField purpose="INVOICE" label="发票影像" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
