import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { dateTime } from '../../lib/format.ts';
import type { ContractVerification } from './api.ts';

type FileSignature = ContractVerification['signatures'][number];

const Check = ({ ok, yes, no }: { ok: boolean; yes: string; no: string }) => (
  <Tag color={ok ? 'success' : 'error'} icon={ok ? <CheckCircleFilled /> : <CloseCircleFilled />}>
    {ok ? yes : no}
  </Tag>
);

/** Who signed, with which certificate, when — and whether the file still is what each signature covers. */
function SignatureCard({ signature, order }: { signature: FileSignature; order: number }) {
  const s = signature;
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      styles={{ label: { width: 130 } }}
      style={{ marginTop: 12 }}
      title={
        <Space>
          <SafetyCertificateOutlined aria-hidden />
          <span>
            第 {order} 个签名：{s.signerName ?? s.fieldName}
          </span>
        </Space>
      }
      data-testid="file-signature"
    >
      <Descriptions.Item label="核验结果">
        <Space wrap size={4}>
          <Check ok={s.intact} yes="签名有效" no="签名无效" />
          <Check ok={s.trusted} yes="证书由本平台签发" no="证书来源不明" />
          <Check ok={!s.changedAfter} yes={s.coversWholeFile ? '覆盖全文' : '其后仅有会签'} no="签署后被改动" />
        </Space>
        {s.problem && (
          <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }}>
            {s.problem}
          </Typography.Paragraph>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="签署方">
        {s.signerName ?? '—'}
        {s.uscc && <Typography.Text type="secondary">（统一社会信用代码 {s.uscc}）</Typography.Text>}
      </Descriptions.Item>
      {s.authorisedPerson && <Descriptions.Item label="授权签署人">{s.authorisedPerson}</Descriptions.Item>}
      <Descriptions.Item label="签署时间">{s.signedAt ? dateTime(s.signedAt) : '—'}</Descriptions.Item>
      {s.reason && <Descriptions.Item label="签署事由">{s.reason}</Descriptions.Item>}
      <Descriptions.Item label="证书">
        <Space orientation="vertical" size={0}>
          <span>签发机构：{s.issuerName ?? '—'}</span>
          <Typography.Text code style={{ wordBreak: 'break-all', fontSize: 12 }}>
            序列号 {s.certificateSerial ?? '—'}
          </Typography.Text>
          {s.certificateValidFrom && s.certificateValidTo && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              有效期 {dateTime(s.certificateValidFrom)} 至 {dateTime(s.certificateValidTo)}
            </Typography.Text>
          )}
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The digital signatures read from the signed file itself (issue 26), in signing order. */
export function FileSignatures({ signatures }: { signatures: ContractVerification['signatures'] }) {
  return (
    <section aria-label="数字签名" data-testid="file-signatures">
      <Typography.Title level={5} style={{ marginTop: 20, marginBottom: 0 }}>
        数字签名
      </Typography.Title>
      {signatures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="签署版文件中没有数字签名（该合同签署时尚未启用数字签名）" />
      ) : (
        signatures.map((s, i) => <SignatureCard key={s.fieldName} signature={s} order={i + 1} />)
      )}
    </section>
  );
}
