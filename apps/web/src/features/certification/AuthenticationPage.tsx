import { validateIdCard, validateUscc } from '@factoring/domain';
import { Alert, Button, Card, Col, Descriptions, Divider, Form, Result, Row, Skeleton, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../lib/feedback.ts';
import {
  useAuthentication,
  useCurrentAuthentication,
  useSaveAuthentication,
  type Authentication,
  type AuthenticationValues,
} from './api.ts';
import { AuthenticationDetail } from './AuthenticationDetail.tsx';
import { UploadField } from '../../lib/UploadField.tsx';
import { BankBranchFields } from './fields.tsx';
import { TrimInput } from '../../lib/TextInput.tsx';
import { errorText, GENDER_LABELS } from './labels.tsx';

const required = (label: string, verb = '请输入'): Rule => ({ required: true, whitespace: true, message: `${verb}${label}` });
const length = (label: string, min: number, max: number): Rule => ({ min, max, message: `${label}应为${min}–${max}个字` });
const PERSON_NAME = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·•. ]*[\u4e00-\u9fa5A-Za-z]$/;

const usccRule: Rule = {
  validator: async (_, value: string | undefined) => {
    if (!value) return;
    const r = validateUscc(value);
    if (!r.ok) throw new Error(r.message);
  },
};

const idCardRule: Rule = {
  validator: async (_, value: string | undefined) => {
    if (!value) return;
    const r = validateIdCard(value);
    if (!r.ok) throw new Error(r.message);
  },
};

/** Birth date and gender read from the ID card number as it is typed (PRODUCT §4). */
function IdCardFacts({ value }: { value?: string }) {
  const r = value ? validateIdCard(value) : null;
  if (!r?.ok) return null;
  return (
    <Typography.Text type="secondary" data-testid="id-card-facts">
      出生日期：{r.birthDate}，性别：{GENDER_LABELS[r.gender]}
    </Typography.Text>
  );
}

const FIELD_NAMES: (keyof AuthenticationValues)[] = [
  'enterpriseName',
  'uscc',
  'registeredAddress',
  'legalName',
  'legalIdCard',
  'contactName',
  'contactMobile',
  'contactEmail',
  'licenceFileId',
  'idFrontFileId',
  'idBackFileId',
  'accountName',
  'accountNo',
  'bankCode',
  'provinceCode',
  'cityCode',
  'unionBankNo',
];

function initialValues(base: Authentication | null, enterpriseName: string): AuthenticationValues {
  if (!base) return { enterpriseName, accountName: enterpriseName };
  return Object.fromEntries(
    FIELD_NAMES.map((k) => [k, (base as unknown as Record<string, unknown>)[k] ?? undefined]),
  ) as AuthenticationValues;
}

function AuthenticationForm({ base, enterpriseName }: { base: Authentication | null; enterpriseName: string }) {
  const [form] = Form.useForm<AuthenticationValues>();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const draft = useSaveAuthentication('draft');
  const submit = useSaveAuthentication('submit');
  // The record being edited: the draft (updated in place) or the rejected submission (resubmitted).
  const [recordId, setRecordId] = useState<number | null>(base?.id ?? null);
  const idCard = Form.useWatch('legalIdCard', form);

  const values = () => {
    const v = form.getFieldsValue(true) as AuthenticationValues;
    return { ...v, id: recordId, accountNo: v.accountNo?.replace(/[\s-]/g, '') };
  };

  const saveDraft = async () => {
    const saved = await draft.run(values(), { form });
    if (saved) setRecordId(saved.id);
  };

  const onFinish = async () => {
    const submitted = await submit.run(values(), { form });
    if (submitted)
      feedback.modal.success({
        title: '认证申请已提交',
        content: '平台将在 1–2 个工作日内完成审核，审核结果可在“实名业务”页面查看。',
        onOk: () => navigate('/user/autenticalList'),
      });
  };

  const syncAccountName = () => {
    const name = (form.getFieldValue('enterpriseName') as string | undefined)?.trim();
    if (name && !form.getFieldValue('accountName')) form.setFieldValue('accountName', name);
    if (form.getFieldValue('accountName')) void form.validateFields(['accountName']).catch(() => undefined);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(base, enterpriseName)}
      onFinish={onFinish}
      scrollToFirstError
      data-testid="authentication-form"
    >
      {base?.status === 'REJECTED' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="认证申请未通过审核"
          description={`驳回原因：${base.rejectReason ?? '—'}。请按原因修改后重新提交。`}
          data-testid="reject-reason"
        />
      )}
      <Divider titlePlacement="start">企业信息</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="enterpriseName"
            label="企业名称"
            rules={[required('企业名称'), length('企业名称', 4, 100)]}
            extra="与营业执照上的名称一致"
          >
            <TrimInput maxLength={100} placeholder="如：深圳前海某某科技有限公司" onBlur={syncAccountName} data-testid="enterprise-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="uscc"
            label="统一社会信用代码"
            rules={[required('统一社会信用代码'), usccRule]}
            normalize={(v: string) => v?.toUpperCase()}
          >
            <TrimInput maxLength={18} placeholder="18位代码" data-testid="uscc" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="registeredAddress" label="注册地址" rules={[required('注册地址'), length('注册地址', 6, 200)]}>
        <TrimInput maxLength={200} placeholder="省市区街道门牌号" data-testid="registered-address" />
      </Form.Item>

      <Divider titlePlacement="start">法定代表人</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="legalName"
            label="法定代表人姓名"
            rules={[required('法定代表人姓名'), { pattern: PERSON_NAME, message: '姓名只能包含中文、字母或间隔号，至少2个字' }]}
          >
            <TrimInput maxLength={30} data-testid="legal-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="legalIdCard"
            label="法定代表人身份证号码"
            rules={[required('法定代表人身份证号码'), idCardRule]}
            normalize={(v: string) => v?.toUpperCase()}
            // Only when there is something to say: an empty `extra` still takes a line under the field.
            extra={idCard && validateIdCard(idCard).ok ? <IdCardFacts value={idCard} /> : undefined}
          >
            <TrimInput maxLength={18} placeholder="15位或18位" data-testid="legal-id-card" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">联系人</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="contactName"
            label="联系人姓名"
            rules={[required('联系人姓名'), { pattern: PERSON_NAME, message: '姓名只能包含中文、字母或间隔号，至少2个字' }]}
          >
            <TrimInput maxLength={30} data-testid="contact-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="contactMobile"
            label="联系人手机号"
            rules={[required('联系人手机号'), { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的11位手机号码' }]}
          >
            <TrimInput maxLength={11} inputMode="numeric" data-testid="contact-mobile" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="contactEmail" label="联系人邮箱" rules={[required('联系人邮箱'), { type: 'email', message: '邮箱格式不正确' }]}>
            <TrimInput maxLength={100} data-testid="contact-email" />
          </Form.Item>
        </Col>
      </Row>

      {/* The format note under the heading: a divider's title never wraps, and at 390 px this one ran off the screen. */}
      <Divider titlePlacement="start">证照材料</Divider>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        JPG、PNG 或 PDF，单个不超过 5 MB
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="licenceFileId" label="营业执照" rules={[{ required: true, message: '请上传营业执照' }]}>
            <UploadField purpose="LICENCE" label="营业执照" file={base?.files.licence} testId="upload-licence" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="idFrontFileId" label="法定代表人身份证人像面" rules={[{ required: true, message: '请上传身份证人像面' }]}>
            <UploadField purpose="ID_FRONT" label="人像面" file={base?.files.idFront} testId="upload-id-front" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="idBackFileId" label="法定代表人身份证国徽面" rules={[{ required: true, message: '请上传身份证国徽面' }]}>
            <UploadField purpose="ID_BACK" label="国徽面" file={base?.files.idBack} testId="upload-id-back" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">结算账户</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="accountName"
            label="账户名称"
            dependencies={['enterpriseName']}
            rules={[
              required('账户名称'),
              ({ getFieldValue }) => ({
                validator: async (_, value: string | undefined) => {
                  const name = (getFieldValue('enterpriseName') as string | undefined)?.trim();
                  if (value && name && value.trim() !== name) throw new Error('结算账户名称须与企业名称一致');
                },
              }),
            ]}
            extra="须为企业对公账户，户名与企业名称一致"
          >
            <TrimInput maxLength={100} data-testid="account-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="accountNo"
            label="银行账号"
            rules={[required('银行账号'), { pattern: /^[\d\s-]{8,40}$/, message: '银行账号应为8至30位数字' }]}
          >
            <TrimInput maxLength={40} inputMode="numeric" data-testid="account-no-input" />
          </Form.Item>
        </Col>
      </Row>
      <BankBranchFields />

      <Space style={{ marginTop: 8 }}>
        <Button onClick={saveDraft} loading={draft.isPending} data-testid="save-draft">
          保存草稿
        </Button>
        <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="submit-authentication">
          {base?.status === 'REJECTED' ? '重新提交' : '提交认证'}
        </Button>
      </Space>
    </Form>
  );
}

/** `/user/autentication` (PRODUCT §4): the authentication form, or where the enterprise stands when there is nothing to fill in. */
export default function AuthenticationPage() {
  const [params] = useSearchParams();
  const requested = Number(params.get('id')) || null;
  const current = useCurrentAuthentication();
  const chosen = useAuthentication(requested);

  if (current.isLoading || (requested && chosen.isLoading)) return <Skeleton active />;
  if (current.isError || !current.data)
    return (
      <Result
        status="error"
        title="加载失败"
        subTitle={errorText(current.error)}
        extra={<Button onClick={() => current.refetch()}>重试</Button>}
      />
    );
  const c = current.data;

  if (c.enterprise.certified) {
    return (
      <Result
        status="success"
        title="企业已完成实名认证"
        subTitle={c.enterprise.name}
        data-testid="certified-result"
        extra={
          <Space>
            <Link to="/user/autenticalList">
              <Button type="primary">查看实名业务</Button>
            </Link>
            <Link to="/user/moneySummary">
              <Button>我的账户</Button>
            </Link>
          </Space>
        }
      >
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="统一社会信用代码">{c.enterprise.uscc ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="资金账户（虚拟账号）">{c.virtualAccountNo ?? '开立中'}</Descriptions.Item>
          <Descriptions.Item label="结算账户">
            {c.settlementAccount ? `${c.settlementAccount.bankName} ${c.settlementAccount.accountNo}` : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Result>
    );
  }

  if (c.pending) {
    return (
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title="认证申请审核中"
          description="平台审核通过后，企业即完成实名认证并开立资金账户。审核期间不能修改申请。"
          data-testid="pending-notice"
        />
        <AuthenticationDetail value={c.pending} />
      </Space>
    );
  }

  const fromQuery = chosen.data && (chosen.data.status === 'DRAFT' || chosen.data.status === 'REJECTED') ? chosen.data : null;
  const base = fromQuery ?? c.editable;
  return (
    <Card title="企业实名认证" data-testid="authentication-card">
      <Typography.Paragraph type="secondary">
        完成实名认证后，企业方可办理融资、付款与提现业务。带 * 的为必填项；可先保存草稿，稍后继续填写。
      </Typography.Paragraph>
      <AuthenticationForm key={base?.id ?? 'new'} base={base} enterpriseName={c.enterprise.name} />
    </Card>
  );
}
