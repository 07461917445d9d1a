import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Descriptions, Image, Space, Typography } from 'antd';
import type { Authentication, UploadedFile } from './api.ts';
import { dateTime } from '../../lib/format.ts';
import { GENDER_LABELS, StatusTag } from './labels.tsx';

function FilePreview({ file, label }: { file: UploadedFile | null; label: string }) {
  if (!file) return <Typography.Text type="secondary">未上传</Typography.Text>;
  if (file.mimeType === 'application/pdf') {
    return (
      <a href={file.url} target="_blank" rel="noreferrer">
        <FilePdfOutlined /> {file.originalName}
      </a>
    );
  }
  return <Image src={file.url} alt={label} width={96} height={72} style={{ objectFit: 'cover' }} />;
}

/** A submission as submitted: enterprise, legal representative, contact, documents, settlement account. */
export function AuthenticationDetail({ value }: { value: Authentication }) {
  const v = value;
  const dash = (s: string | null | undefined) => s || '—';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="authentication-detail">
      {v.status === 'REJECTED' && v.rejectReason && (
        <Alert type="error" showIcon title="审核未通过" description={`驳回原因：${v.rejectReason}`} />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} title="企业信息">
        <Descriptions.Item label="状态">
          <StatusTag status={v.status} />
        </Descriptions.Item>
        <Descriptions.Item label="提交时间">{dateTime(v.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label="企业名称">{dash(v.enterpriseName)}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{dash(v.uscc)}</Descriptions.Item>
        <Descriptions.Item label="注册地址" span={2}>
          {dash(v.registeredAddress)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} title="法定代表人与联系人">
        <Descriptions.Item label="法定代表人">{dash(v.legalName)}</Descriptions.Item>
        <Descriptions.Item label="身份证号码">{dash(v.legalIdCard)}</Descriptions.Item>
        <Descriptions.Item label="出生日期">{dash(v.legalBirthDate)}</Descriptions.Item>
        <Descriptions.Item label="性别">{v.legalGender ? GENDER_LABELS[v.legalGender] : '—'}</Descriptions.Item>
        <Descriptions.Item label="联系人">{dash(v.contactName)}</Descriptions.Item>
        <Descriptions.Item label="手机号">{dash(v.contactMobile)}</Descriptions.Item>
        <Descriptions.Item label="邮箱" span={2}>
          {dash(v.contactEmail)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} title="证照材料">
        <Descriptions.Item label="营业执照">
          <FilePreview file={v.files.licence} label="营业执照" />
        </Descriptions.Item>
        <Descriptions.Item label="身份证人像面">
          <FilePreview file={v.files.idFront} label="身份证人像面" />
        </Descriptions.Item>
        <Descriptions.Item label="身份证国徽面">
          <FilePreview file={v.files.idBack} label="身份证国徽面" />
        </Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} title="结算账户">
        <Descriptions.Item label="账户名称">{dash(v.accountName)}</Descriptions.Item>
        <Descriptions.Item label="银行账号">{dash(v.accountNo)}</Descriptions.Item>
        <Descriptions.Item label="开户银行">{dash(v.bankName)}</Descriptions.Item>
        <Descriptions.Item label="开户地区">
          {v.provinceName ? `${v.provinceName}${v.cityName && v.cityName !== v.provinceName ? ` ${v.cityName}` : ''}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="开户网点">{dash(v.branchName)}</Descriptions.Item>
        <Descriptions.Item label="联行号">{dash(v.unionBankNo)}</Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
