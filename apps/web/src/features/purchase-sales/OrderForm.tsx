import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { centsToYuanString, lineTotals, orderTotals, QUANTITY_SCALE } from '@factoring/domain';
import { Alert, AutoComplete, Button, Col, Drawer, Form, Input, Radio, Row, Select, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { DatePicker } from '../../lib/date-picker.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { useCatalogue, useCounterpartySearch, useSaveOrder, type OrderDetail } from './api.ts';
import { ORDER_KIND_LABELS, TAX_RATE_OPTIONS } from './labels.ts';

interface LineValues {
  goodsId?: number;
  goodsName: string;
  spec?: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  taxRatePpm: number;
}

interface Values {
  onPortal: boolean;
  counterpartyEnterpriseId?: number;
  counterpartyName?: string;
  counterpartyBankName?: string;
  counterpartyAccountNo?: string;
  deliveryDate: Dayjs;
  remark?: string;
  lines: LineValues[];
}

const QUANTITY_TEXT = new RegExp(`^\\d{1,12}(\\.\\d{1,${QUANTITY_SCALE}})?$`);
const emptyLine = (): Partial<LineValues> => ({ taxRatePpm: 130_000, unit: '吨' });

/** A line field's name for assistive technology: the first row has visible column labels, later rows say which row. */
const rowLabel = (index: number, field: string) => (index === 0 ? undefined : `第 ${index + 1} 行${field}`);

/** A line's priced figures, or null while it is incomplete. */
function priced(l: Partial<LineValues> | undefined) {
  const unitPrice = tryParseYuan(l?.unitPrice);
  if (!l?.quantity || !QUANTITY_TEXT.test(l.quantity.trim()) || !unitPrice || l.taxRatePpm === undefined) return null;
  try {
    return lineTotals({ quantity: l.quantity.trim(), unitPrice, taxRatePpm: l.taxRatePpm });
  } catch {
    return null;
  }
}

interface Props {
  open: boolean;
  kind: 'PURCHASE' | 'SALES';
  /** The draft being edited; none for a new order. */
  order?: OrderDetail | null;
  onClose(): void;
  onSaved(id: number): void;
}

/** Create or edit a draft order: counterparty, lines with live exact totals, delivery date. */
export function OrderForm({ open, kind, order, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const catalogue = useCatalogue();
  const save = useSaveOrder();
  // One key per opening of the form: a double click on save or a retry saves (or creates) once.
  const [submissionKey, renewKey] = useSubmissionKey();
  const [search, setSearch] = useState('');
  const found = useCounterpartySearch(search);
  const onPortal = Form.useWatch('onPortal', form);
  const lines = Form.useWatch('lines', form) as Partial<LineValues>[] | undefined;
  const counterpartyLabel = kind === 'PURCHASE' ? '供应商' : '客户';

  useEffect(() => {
    if (!open) return;
    renewKey();
    form.resetFields();
    if (order) {
      form.setFieldsValue({
        onPortal: order.counterpartyOnPortal,
        counterpartyEnterpriseId: order.counterpartyEnterpriseId ?? undefined,
        counterpartyName: order.counterpartyName,
        counterpartyBankName: order.counterpartyBankName ?? undefined,
        counterpartyAccountNo: order.counterpartyAccountNo ?? undefined,
        deliveryDate: dayjs(order.deliveryDate),
        remark: order.remark ?? undefined,
        lines: order.lines.map((l) => ({
          goodsId: l.goodsId ?? undefined,
          goodsName: l.goodsName,
          spec: l.spec ?? undefined,
          unit: l.unit,
          quantity: l.quantity,
          unitPrice: centsToYuanString(l.unitPrice),
          taxRatePpm: l.taxRatePpm,
        })),
      });
      if (order.counterpartyOnPortal) setSearch(order.counterpartyName);
    } else form.setFieldsValue({ onPortal: false, lines: [emptyLine() as LineValues] });
  }, [open, order, form, renewKey]);

  const totals = useMemo(() => {
    const each = (lines ?? []).map(priced);
    if (!each.length || each.some((t) => !t)) return null;
    return {
      amount: each.reduce((s, t) => s + t!.amount, 0),
      tax: each.reduce((s, t) => s + t!.tax, 0),
      total: each.reduce((s, t) => s + t!.total, 0),
    };
  }, [lines]);

  const portalOptions = (found.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (
    order?.counterpartyOnPortal &&
    order.counterpartyEnterpriseId &&
    !portalOptions.some((o) => o.value === order.counterpartyEnterpriseId)
  ) {
    portalOptions.push({ value: order.counterpartyEnterpriseId, label: order.counterpartyName });
  }

  const submit = async (v: Values) => {
    const bodyLines = v.lines.map((l) => ({
      goodsId: l.goodsId,
      goodsName: l.goodsName.trim(),
      spec: l.spec?.trim() || undefined,
      unit: l.unit.trim(),
      quantity: l.quantity.trim(),
      unitPrice: tryParseYuan(l.unitPrice) ?? 0,
      taxRatePpm: l.taxRatePpm,
    }));
    const portalName = portalOptions.find((o) => o.value === v.counterpartyEnterpriseId)?.label;
    const result = await save.run(
      {
        id: order?.id,
        body: {
          kind,
          counterpartyEnterpriseId: v.onPortal ? v.counterpartyEnterpriseId : undefined,
          counterpartyName: (v.onPortal ? portalName : v.counterpartyName)?.trim() ?? '',
          counterpartyBankName: v.onPortal ? undefined : v.counterpartyBankName,
          counterpartyAccountNo: v.onPortal ? undefined : v.counterpartyAccountNo,
          deliveryDate: v.deliveryDate.format('YYYY-MM-DD'),
          remark: v.remark,
          lines: bodyLines,
          totalAmount: orderTotals(bodyLines).total,
          idempotencyKey: submissionKey,
        },
      },
      { form },
    );
    if (!result) return;
    renewKey();
    onSaved(result.id);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="min(960px, 100vw)"
      title={`${order ? '编辑' : '新建'}${ORDER_KIND_LABELS[kind]}${order ? ` ${order.orderNo}` : ''}`}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="order-save">
            保存草稿
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="order-form">
        <Form.Item name="onPortal" label={`${counterpartyLabel}类型`}>
          <Radio.Group
            options={[
              { value: false, label: `平台外${counterpartyLabel}` },
              { value: true, label: `平台内企业（须对方确认）` },
            ]}
          />
        </Form.Item>
        {onPortal ? (
          <Form.Item
            name="counterpartyEnterpriseId"
            label={counterpartyLabel}
            rules={[{ required: true, message: `请选择${counterpartyLabel}` }]}
            extra="输入至少两个字搜索平台上已认证的企业"
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              options={portalOptions}
              loading={found.isFetching}
              placeholder="输入企业名称搜索"
              notFoundContent={search.length < 2 ? '请输入企业名称' : '未找到企业'}
            />
          </Form.Item>
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="counterpartyName"
                label={`${counterpartyLabel}名称`}
                rules={[{ required: true, whitespace: true, message: `请输入${counterpartyLabel}名称` }, { max: 100 }]}
              >
                <Input data-testid="counterparty-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="counterpartyBankName"
                label="开户银行"
                rules={[{ required: true, whitespace: true, message: '请输入开户银行' }, { max: 100 }]}
              >
                <Input data-testid="counterparty-bank" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="counterpartyAccountNo"
                label="银行账号"
                rules={[
                  { required: true, message: '请输入银行账号' },
                  { pattern: /^\s*(\d\s*){8,32}$/, message: '银行账号应为 8–32 位数字' },
                ]}
              >
                <Input inputMode="numeric" data-testid="counterparty-account" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="deliveryDate" label="交货日期" rules={[{ required: true, message: '请选择交货日期' }]}>
              <DatePicker style={{ width: '100%' }} data-testid="delivery-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="remark" label="备注" rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>订单明细</Typography.Title>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((field, index) => {
                const t = priced(lines?.[index]);
                return (
                  <Row key={field.key} gutter={8} align="top" data-testid={`line-${index}`} wrap>
                    <Col xs={24} md={5}>
                      <Form.Item
                        name={[field.name, 'goodsName']}
                        label={index === 0 ? '商品' : undefined}
                        rules={[{ required: true, whitespace: true, message: '请输入商品' }, { max: 60 }]}
                      >
                        <AutoComplete
                          aria-label={rowLabel(index, '商品')}
                          placeholder="从目录选择或直接输入"
                          options={(catalogue.data ?? []).map((g) => ({
                            value: `${g.id}`,
                            label: `${g.name}${g.spec ? ` ${g.spec}` : ''}`,
                          }))}
                          filterOption={(input, option) => String(option?.label ?? '').includes(input)}
                          onSelect={(value: string) => {
                            const g = catalogue.data?.find((x) => String(x.id) === value);
                            if (!g) return;
                            form.setFieldValue(['lines', field.name], {
                              ...form.getFieldValue(['lines', field.name]),
                              goodsId: g.id,
                              goodsName: g.name,
                              spec: g.spec ?? undefined,
                              unit: g.unit,
                              taxRatePpm: g.taxRatePpm,
                              unitPrice: g.unitPrice ? centsToYuanString(g.unitPrice) : undefined,
                            });
                          }}
                          onChange={() => form.setFieldValue(['lines', field.name, 'goodsId'], undefined)}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item name={[field.name, 'spec']} label={index === 0 ? '规格型号' : undefined} rules={[{ max: 60 }]}>
                        <Input aria-label={rowLabel(index, '规格型号')} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={2}>
                      <Form.Item
                        name={[field.name, 'unit']}
                        label={index === 0 ? '单位' : undefined}
                        rules={[{ required: true, whitespace: true, message: '单位' }, { max: 10 }]}
                      >
                        <Input aria-label={rowLabel(index, '单位')} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item
                        name={[field.name, 'quantity']}
                        label={index === 0 ? '数量' : undefined}
                        rules={[
                          { required: true, message: '请输入数量' },
                          { pattern: QUANTITY_TEXT, message: `最多 ${QUANTITY_SCALE} 位小数` },
                          {
                            validator: async (_, v: string) => {
                              if (v && Number(v) <= 0) throw new Error('数量必须大于0');
                            },
                          },
                        ]}
                      >
                        <Input inputMode="decimal" aria-label={rowLabel(index, '数量')} data-testid={`line-${index}-quantity`} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item
                        name={[field.name, 'unitPrice']}
                        // One line of label at 1440 px, as its neighbours: the unit goes into the input.
                        label={index === 0 ? '不含税单价' : undefined}
                        rules={[yuanRule('单价')]}
                      >
                        <Input
                          inputMode="decimal"
                          suffix="元"
                          aria-label={rowLabel(index, '不含税单价（元）')}
                          data-testid={`line-${index}-price`}
                        />
                      </Form.Item>
                    </Col>
                    {/* Three of 24 columns: at two the select showed "1…" instead of 13% (issue 24). */}
                    <Col xs={12} md={3}>
                      <Form.Item
                        name={[field.name, 'taxRatePpm']}
                        label={index === 0 ? '税率' : undefined}
                        rules={[{ required: true, message: '请选择税率' }]}
                      >
                        <Select
                          options={TAX_RATE_OPTIONS}
                          style={{ minWidth: 80 }}
                          aria-label={rowLabel(index, '税率')}
                          data-testid={`line-${index}-tax`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={18} md={4}>
                      <Form.Item label={index === 0 ? '价税合计' : undefined}>
                        <Typography.Text strong data-testid={`line-${index}-total`}>
                          {t ? yuan(t.total) : '—'}
                        </Typography.Text>
                        {t && (
                          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                            税额 {yuan(t.tax)}
                          </Typography.Text>
                        )}
                      </Form.Item>
                    </Col>
                    <Col xs={6} md={1}>
                      <Form.Item label={index === 0 ? ' ' : undefined}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={fields.length === 1}
                          onClick={() => remove(field.name)}
                          aria-label="删除此行"
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                );
              })}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyLine())} disabled={fields.length >= 50} block>
                添加明细行
              </Button>
            </Space>
          )}
        </Form.List>
        <Row gutter={16} style={{ marginTop: 16 }} data-testid="order-totals">
          <Col span={8}>
            <Statistic title="不含税金额" value={totals ? yuan(totals.amount) : '—'} />
          </Col>
          <Col span={8}>
            <Statistic title="税额" value={totals ? yuan(totals.tax) : '—'} />
          </Col>
          <Col span={8}>
            <Statistic title="价税合计" value={totals ? yuan(totals.total) : '—'} />
          </Col>
        </Row>
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title="金额按每行“数量 × 单价”精确计算，每行四舍五入到分一次；税额 = 价税合计 − 不含税金额。"
        />
      </Form>
    </Drawer>
  );
}
