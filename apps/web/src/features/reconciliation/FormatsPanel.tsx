import { Button, Card, Col, Form, Input, Row, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { dateTime } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { useFormats, useSaveFormat, type StatementFormat } from './api.ts';

/** The mapping's fields: what each column holds, in the order a bank's export usually has them. */
const COLUMN_FIELDS = [
  ['date', '交易日期列', true],
  ['time', '交易时间列', false],
  ['debit', '借方发生额列', false],
  ['credit', '贷方发生额列', false],
  ['amount', '发生额列（单列）', false],
  ['direction', '借贷标志列', false],
  ['balance', '余额列', false],
  ['counterpartyName', '对方户名列', false],
  ['counterpartyAccount', '对方账号列', false],
  ['counterpartyBank', '对方开户行列', false],
  ['memo', '摘要列', false],
  ['remark', '附言列', false],
  ['serialNo', '流水号列', false],
  ['subAccount', '子账号列', false],
] as const;
const META_FIELDS = [
  ['accountNo', '账号标签'],
  ['period', '起止日期标签'],
  ['openingBalance', '期初余额标签'],
  ['closingBalance', '期末余额标签'],
] as const;

type Columns = NonNullable<StatementFormat['columns']>;
type Meta = NonNullable<StatementFormat['meta']>;
interface FormatForm {
  code: string;
  name: string;
  bankName: string;
  columns: Partial<Columns>;
  meta: Partial<Meta>;
  creditMarkers?: string;
}

const blankToUndefined = <T extends object>(o: T) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
      .map(([k, v]) => [k, (v as string).trim()]),
  );

/**
 * How each bank's online-banking export is read: the built-in demo bank and camt.053, and each bank's
 * saved column mapping. A new bank: start from a format (以此为模板), type its header texts, save.
 */
export function FormatsPanel() {
  const formats = useFormats();
  const save = useSaveFormat();
  const [form] = Form.useForm<FormatForm>();
  const [key, renewKey] = useSubmissionKey();

  const columns = usePhoneColumns<StatementFormat>([
    { title: '代码', dataIndex: 'code', width: 110, fixed: 'left' },
    { title: '名称', dataIndex: 'name', width: 240 },
    { title: '银行', dataIndex: 'bankName', width: 160 },
    {
      title: '类型',
      key: 'kind',
      width: 150,
      render: (_, f) => (
        <Space size={4}>
          <Tag>{f.kind === 'CAMT053' ? 'XML' : 'CSV / Excel'}</Tag>
          {f.builtIn && <Tag color="blue">内置</Tag>}
        </Space>
      ),
    },
    {
      title: '列映射',
      key: 'columns',
      render: (_, f) =>
        f.columns ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {Object.values(f.columns).filter(Boolean).join('、')}
          </Typography.Text>
        ) : (
          'ISO 20022 标准报文'
        ),
    },
    { title: '更新', dataIndex: 'updatedAt', width: 150, render: (v: string | null) => (v ? dateTime(v) : '—') },
    {
      title: '操作',
      key: 'act',
      width: 110,
      render: (_, f) =>
        f.columns ? (
          <Button
            size="small"
            type="link"
            onClick={() =>
              form.setFieldsValue({
                code: f.builtIn ? '' : f.code,
                name: f.builtIn ? '' : f.name,
                bankName: f.builtIn ? '' : f.bankName,
                columns: f.columns ?? {},
                meta: f.meta ?? {},
                creditMarkers: f.creditMarkers.join(','),
              })
            }
          >
            {f.builtIn ? '以此为模板' : '编辑'}
          </Button>
        ) : null,
    },
  ] satisfies TableColumnsType<StatementFormat>);

  const submit = async (v: FormatForm) => {
    const markers = (v.creditMarkers ?? '')
      .split(/[,，\s]+/)
      .map((m) => m.trim())
      .filter(Boolean);
    const saved = await save.run(
      {
        code: v.code.trim().toUpperCase(),
        name: v.name,
        bankName: v.bankName,
        columns: blankToUndefined(v.columns ?? {}) as Columns,
        meta: blankToUndefined(v.meta ?? {}),
        creditMarkers: markers.length ? markers : undefined,
        idempotencyKey: key,
      },
      { form },
    );
    if (saved) {
      renewKey();
      form.resetFields();
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Table<StatementFormat>
        rowKey="code"
        size="small"
        columns={columns}
        dataSource={formats.data ?? []}
        loading={formats.isLoading}
        pagination={false}
        scroll={{ x: 1100 }}
        data-testid="formats-table"
      />
      <Card title="配置一家银行的对账单格式">
        <Typography.Paragraph type="secondary">
          填写该银行网银导出文件的表头文字：金额为借方、贷方两列时填两列；只有一个发生额列时，负数为支出，或另填借贷标志列和表示收入的标志（如
          贷、C、收入）。表格上方的账号、起止日期、期初余额和表格下方的期末余额按标签读取（标签后可带冒号）。
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="format-form">
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item name="code" label="格式代码" rules={[{ required: true, message: '请输入格式代码，如 ICBC' }]}>
                <Input maxLength={20} placeholder="ICBC" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="name" label="格式名称" rules={[{ required: true, message: '请输入格式名称' }]}>
                <Input maxLength={40} placeholder="工商银行网银明细" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="bankName" label="银行名称" rules={[{ required: true, message: '请输入银行名称' }]}>
                <Input maxLength={60} placeholder="中国工商银行" />
              </Form.Item>
            </Col>
            {COLUMN_FIELDS.map(([name, label, required]) => (
              <Col xs={24} sm={12} md={8} lg={6} key={name}>
                <Form.Item
                  name={['columns', name]}
                  label={label}
                  rules={required ? [{ required: true, whitespace: true, message: `请输入${label}的表头文字` }] : []}
                >
                  <Input maxLength={40} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} sm={12} md={8} lg={6}>
              <Form.Item name="creditMarkers" label="表示收入的借贷标志" extra="多个用逗号分隔">
                <Input maxLength={60} placeholder="贷,C" />
              </Form.Item>
            </Col>
            {META_FIELDS.map(([name, label]) => (
              <Col xs={24} sm={12} md={8} lg={6} key={name}>
                <Form.Item name={['meta', name]} label={label}>
                  <Input maxLength={40} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存格式
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
