import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { contractLifecycle, formatYuan } from '@factoring/domain';
import { Alert, Button, Descriptions, Drawer, Space, Spin, Tag, Typography } from 'antd';
import { dateTime, formatBytes } from '../../lib/format.ts';
import { useContractVerification, type Contract, type ContractVerification } from './api.ts';
import { ContractDownloadButton, type FileVersion } from './ContractDownloadButton.tsx';
import { FileSignatures } from './FileSignatures.tsx';
import { statusColor } from './labels.ts';

interface Props {
  contract: Contract | null;
  /** Shown right after signing: a confirmation on top of the signature record. */
  justSigned?: boolean;
  onClose(): void;
  onView(c: Contract): void;
  onDownload(c: Contract, version?: FileVersion): void;
  onSign(c: Contract): void;
}

const Hash = ({ value, testId }: { value: string | null; testId: string }) =>
  value ? (
    <Typography.Text copyable code style={{ wordBreak: 'break-all', fontSize: 12 }} data-testid={testId}>
      {value}
    </Typography.Text>
  ) : (
    <>—</>
  );

const RESULT_TAG: Record<ContractVerification['original']['result'], { color: string; text: string; icon: ReactNode }> = {
  MATCH: { color: 'success', text: '一致', icon: <CheckCircleFilled /> },
  MISMATCH: { color: 'error', text: '不一致', icon: <CloseCircleFilled /> },
  MISSING: { color: 'warning', text: '文件缺失', icon: <ExclamationCircleFilled /> },
};

const ResultTag = ({ result }: { result: ContractVerification['original']['result'] }) => (
  <Tag color={RESULT_TAG[result].color} icon={RESULT_TAG[result].icon}>
    {RESULT_TAG[result].text}
  </Tag>
);

/**
 * One stored file against its record: recorded and recomputed SHA-256 side by side. A function, not
 * a component: Descriptions reads its items' props directly, so an item must be its direct child.
 */
function fileCheckItem(label: string, check: ContractVerification['original']) {
  return (
    <Descriptions.Item key={label} label={label}>
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <span>
          <ResultTag result={check.result} /> {check.fileName}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          记录：
        </Typography.Text>
        <Typography.Text code style={{ wordBreak: 'break-all', fontSize: 12 }}>
          {check.recordedSha256}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          重新计算：
        </Typography.Text>
        <Typography.Text code style={{ wordBreak: 'break-all', fontSize: 12 }} type={check.result === 'MATCH' ? undefined : 'danger'}>
          {check.actualSha256 ?? '（文件不存在）'}
        </Typography.Text>
      </Space>
    </Descriptions.Item>
  );
}

/** The verification view: the server recomputes the stored files' SHA-256 and compares them with the record. */
function Verification({ contract }: { contract: Contract }) {
  const v = useContractVerification(contract.id);
  return (
    <div data-testid="contract-verification">
      <Space style={{ marginTop: 24, marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          文件核验
        </Typography.Title>
        <Button size="small" loading={v.isFetching} onClick={() => void v.refetch()}>
          重新核验
        </Button>
      </Space>
      {v.isPending ? (
        <Spin description="正在重新计算文件摘要…">
          <div style={{ height: 64 }} />
        </Spin>
      ) : v.isError ? (
        <Alert type="error" showIcon title="核验失败" description={(v.error as { message?: string } | null)?.message} />
      ) : (
        <>
          <Alert
            type={v.data.verdict === 'MATCH' ? 'success' : v.data.verdict === 'MISSING' ? 'warning' : 'error'}
            showIcon
            title={v.data.message}
            description={`核验时间：${dateTime(v.data.checkedAt)}`}
            style={{ marginBottom: 12 }}
            data-testid="verification-verdict"
          />
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 130 } }}>
            {fileCheckItem('原文', v.data.original)}
            {v.data.signed && fileCheckItem('签署版', v.data.signed)}
            {v.data.signed && (
              <Descriptions.Item label="所签原文">
                <Space orientation="vertical" size={2}>
                  <span>
                    <ResultTag result={v.data.signed.originalMatches ? 'MATCH' : 'MISMATCH'} /> 签署版记载的原文摘要
                  </span>
                  <Typography.Text code style={{ wordBreak: 'break-all', fontSize: 12 }}>
                    {v.data.signed.declaredOriginalSha256 ?? '（无法读取）'}
                  </Typography.Text>
                </Space>
              </Descriptions.Item>
            )}
          </Descriptions>
          {v.data.signed && <FileSignatures signatures={v.data.signatures} />}
        </>
      )}
    </div>
  );
}

/** Everything about one contract: both files, the signature record (signer, time, IP, SHA-256 signed) and their verification. */
export function ContractDetailDrawer({ contract: c, justSigned, onClose, onView, onDownload, onSign }: Props) {
  return (
    <Drawer
      open={c !== null}
      onClose={onClose}
      size={640}
      title={c ? `合同详情 · ${c.contractNo}` : '合同详情'}
      extra={
        c && (
          <Space>
            <Button onClick={() => onView(c)}>查看</Button>
            <ContractDownloadButton contract={c} onDownload={onDownload} />
            {c.status === 'TO_SIGN' && (
              <Button type="primary" onClick={() => onSign(c)}>
                签署
              </Button>
            )}
          </Space>
        )
      }
      destroyOnHidden
    >
      {c && (
        <div data-testid="contract-detail">
          {justSigned && c.status === 'SIGNED' && (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 16 }}
              title="合同已签署"
              description="签署记录已保存，包括签署人、签署时间、签署 IP 及所签文件的 SHA-256 摘要；已生成加盖电子印章、附电子签署页的签署版文件，原文保留不变。"
            />
          )}
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 130 } }}>
            <Descriptions.Item label="合同编号">{c.contractNo}</Descriptions.Item>
            <Descriptions.Item label="合同名称">{c.title}</Descriptions.Item>
            <Descriptions.Item label="合同类型">{c.typeLabel}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={statusColor(c.status)}>{contractLifecycle.label(c.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="签约企业">{c.enterpriseName}</Descriptions.Item>
            <Descriptions.Item label="相对方">{c.counterparty}</Descriptions.Item>
            <Descriptions.Item label="关联业务">{c.relatedLabel}</Descriptions.Item>
            <Descriptions.Item label="合同金额（元）">{formatYuan(c.amount)}</Descriptions.Item>
            <Descriptions.Item label="生成时间">{dateTime(c.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="生效日期">{c.effectiveDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="到期日期">{c.expiryDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="原文文件">
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => onDownload(c, 'original')}
              >
                {c.fileName}
              </Button>
              （{formatBytes(c.fileSize)}）
            </Descriptions.Item>
            <Descriptions.Item label="原文 SHA-256">
              <Hash value={c.fileSha256} testId="original-hash" />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            签署记录
          </Typography.Title>
          {c.signedAt ? (
            <Descriptions column={1} bordered size="small" styles={{ label: { width: 130 } }} data-testid="signature-record">
              <Descriptions.Item label="签署人">{c.signedByName}</Descriptions.Item>
              <Descriptions.Item label="签署时间">{dateTime(c.signedAt)}（北京时间）</Descriptions.Item>
              <Descriptions.Item label="签署 IP">{c.signerIp ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="所签原文 SHA-256">
                <Hash value={c.signedSha256} testId="signed-original-hash" />
              </Descriptions.Item>
              <Descriptions.Item label="签署版文件">
                {c.signedFileName ? (
                  <>
                    <Button
                      type="link"
                      size="small"
                      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                      onClick={() => onDownload(c, 'signed')}
                    >
                      {c.signedFileName}
                    </Button>
                    （{formatBytes(c.signedFileSize ?? 0)}）
                  </>
                ) : (
                  <Typography.Text type="secondary">签署时未生成签署版文件</Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="签署版 SHA-256">
                <Hash value={c.signedFileSha256} testId="signed-file-hash" />
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">尚未签署</Typography.Text>
          )}
          <Verification key={`${c.id}-${c.status}`} contract={c} />
        </div>
      )}
    </Drawer>
  );
}
