import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, Row, Skeleton, Space, Switch } from 'antd';
import { formatYuan, parseYuan } from '@factoring/domain';
import { siteConfigInput } from '@factoring/domain/contract/schemas';
import type { z } from 'zod';
import { useFeedback } from '../../lib/feedback.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { normalizeYuanText } from '../../lib/money.ts';
import { schemaRule } from '../../lib/schema-rule.ts';
import { PendingProposal } from '../../lib/SettingsChanges.tsx';
import { useSaveSiteConfig, useSiteConfig, type SiteConfig } from './api.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

/** The form's values: fees as the yuan text an operator types, everything else as the API has it. */
type Values = Omit<SiteConfig, 'fees'> & { fees: { withdraw: string; inTransfer: string } };

const shape = siteConfigInput.shape;
const account = shape.factoringAccount.shape;
const embed = shape.embeds.element.shape;

/** A fee in yuan: zero allowed, at most ¥1,000.00, never rounded. */
const feeRule = (label: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const text = normalizeYuanText(value);
    if (!text) throw new Error(`请输入${label}`);
    const cents = parseYuan(text); // throws the Chinese message for bad text or a fraction of a cent
    if (cents < 0) throw new Error(`${label}不能为负数`);
    if (cents > 100_000) throw new Error(`${label}不能超过 1,000.00 元`);
  },
});

function AccountFields({ name, title }: { name: 'factoringAccount' | 'secondAccount'; title: string }) {
  return (
    <Card size="small" title={title}>
      <Form.Item name={[name, 'accountName']} label="户名" rules={[schemaRule(account.accountName)]} validateTrigger="onBlur">
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'bankBranchName']} label="开户行" rules={[schemaRule(account.bankBranchName)]} validateTrigger="onBlur">
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'accountNo']} label="账号" rules={[schemaRule(account.accountNo)]} validateTrigger="onBlur">
        <Input inputMode="numeric" />
      </Form.Item>
    </Card>
  );
}

/**
 * 站点配置 (SPEC §3): the factor's receiving accounts, fees, contact details, introduction, the cloud-
 * loan switch and the embedded pages. Saving asks for confirmation (the accounts are where money is
 * paid) and proposes the change: another operator approves it in the inbox (four eyes, issue 33), and
 * the server then writes only what changed, each change in the audit log. A pending proposal is shown.
 */
export default function SiteConfigPanel() {
  const config = useSiteConfig();
  const save = useSaveSiteConfig();
  const feedback = useFeedback();
  const [form] = Form.useForm<Values>();

  if (config.isPending) return <Skeleton active />;
  if (config.error || !config.data) return <LoadFailure title="站点配置加载失败" error={config.error} retry={() => config.refetch()} />;
  const { pending, ...inForce } = config.data;
  const initial: Values = {
    ...inForce,
    fees: { withdraw: formatYuan(inForce.fees.withdraw), inTransfer: formatYuan(inForce.fees.inTransfer) },
  };

  const submit = (values: Values) => {
    const input: z.input<typeof siteConfigInput> = {
      ...values,
      embeds: values.embeds ?? [],
      fees: {
        withdraw: parseYuan(normalizeYuanText(values.fees.withdraw)),
        inTransfer: parseYuan(normalizeYuanText(values.fees.inTransfer)),
      },
    };
    feedback.modal.confirm({
      title: '提交站点配置变更？',
      content: '变更须由另一位操作员在「审批中心」批准后才对所有用户生效（四眼原则）；提交、批准与驳回均记入审计日志。',
      ...promptButtons('确认提交'),
      onOk: () => save.run(input, { form }),
    });
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} style={{ maxWidth: 960 }} data-testid="site-config-form">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="收款账户是企业线下还款、缴纳保证金的转入账户，请核对无误后提交；另一位操作员批准后生效。"
      />
      <div style={{ marginBottom: 16 }}>
        <PendingProposal proposal={pending} name="站点配置" />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <AccountFields name="factoringAccount" title="保理收款账户" />
        </Col>
        <Col xs={24} md={12}>
          <AccountFields name="secondAccount" title="备用收款账户" />
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="账户与手续费">
            <Form.Item
              name="virtualAccountBankName"
              label="虚拟账户开户行"
              rules={[schemaRule(shape.virtualAccountBankName)]}
              validateTrigger="onBlur"
            >
              <Input />
            </Form.Item>
            <Space size={16} wrap>
              <Form.Item name={['fees', 'withdraw']} label="提现手续费（元/笔）" rules={[feeRule('提现手续费')]} validateTrigger="onBlur">
                <Input prefix="¥" inputMode="decimal" style={{ width: 160 }} data-testid="fee-withdraw" />
              </Form.Item>
              <Form.Item name={['fees', 'inTransfer']} label="转账手续费（元/笔）" rules={[feeRule('转账手续费')]} validateTrigger="onBlur">
                <Input prefix="¥" inputMode="decimal" style={{ width: 160 }} />
              </Form.Item>
            </Space>
            <Form.Item name="cloudLoanEnabled" label="开放银行云贷" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="联系方式">
            <Form.Item name="contactPhone" label="联系电话" rules={[schemaRule(shape.contactPhone)]} validateTrigger="onBlur">
              <Input data-testid="contact-phone" />
            </Form.Item>
            <Form.Item name="address" label="地址" rules={[schemaRule(shape.address)]} validateTrigger="onBlur">
              <Input />
            </Form.Item>
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small" title="公司简介（关于我们）">
            <Form.Item name="companyIntro" rules={[schemaRule(shape.companyIntro)]} validateTrigger="onBlur" style={{ marginBottom: 0 }}>
              <Input.TextArea rows={4} count={{ show: true, max: 2000 }} />
            </Form.Item>
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small" title="嵌入页面（/sys/embed/序号）">
            <Form.List name="embeds">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field, index) => (
                    <Row key={field.key} gutter={8} align="top" wrap={false}>
                      <Col flex="40px" style={{ paddingTop: 5 }}>
                        {index}
                      </Col>
                      <Col flex="160px">
                        <Form.Item name={[field.name, 'title']} rules={[schemaRule(embed.title)]} validateTrigger="onBlur">
                          <Input placeholder="标题" aria-label={`第 ${index} 个页面标题`} />
                        </Form.Item>
                      </Col>
                      <Col flex="auto">
                        <Form.Item name={[field.name, 'url']} rules={[schemaRule(embed.url)]} validateTrigger="onBlur">
                          <Input placeholder="/help/index.html 或 https://…" aria-label={`第 ${index} 个页面地址`} />
                        </Form.Item>
                      </Col>
                      <Col flex="32px" style={{ paddingTop: 5 }}>
                        <MinusCircleOutlined aria-label="删除该页面" onClick={() => remove(field.name)} />
                      </Col>
                    </Row>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', url: '' })} disabled={fields.length >= 10}>
                    添加页面
                  </Button>
                </>
              )}
            </Form.List>
          </Card>
        </Col>
      </Row>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={pending !== null} data-testid="site-config-save">
          提交复核
        </Button>
        <Button onClick={() => form.resetFields()}>撤销修改</Button>
      </Space>
    </Form>
  );
}
