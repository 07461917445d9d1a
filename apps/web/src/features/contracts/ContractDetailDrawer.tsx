import { formatYuan } from '@factoring/domain';
import { Alert, Button, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import type { Contract } from './api.ts';
import { CONTRACT_TYPE_LABELS, contractLifecycle } from '@factoring/domain';
import { dateTime, formatBytes } from '../../lib/format.ts';
import { statusColor } from './labels.ts';

interface Props {
  contract: Contract | null;
  /** Shown right after signing: a confirmation on top of the signature record. */
  justSigned?: boolean;
  onClose(): void;
  onView(c: Contract): void;
  onDownload(c: Contract): void;
  onSign(c: Contract): void;
}

const Hash = ({ value }: { value: string | null }) =>
  value ? (
    <Typography.Text copyable code style={{ wordBreak: 'break-all', fontSize: 12 }} data-testid="contract-hash">
      {value}
    </Typography.Text>
  ) : (
    <>—</>
  );

/** Everything about one contract, the signature record included (signer, time, IP, SHA-256 signed). */
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
            <Button onClick={() => onDownload(c)}>下载</Button>
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
              description="签署记录已保存，包括签署人、签署时间、签署 IP 及所签文件的 SHA-256 摘要。"
            />
          )}
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 130 } }}>
            <Descriptions.Item label="合同编号">{c.contractNo}</Descriptions.Item>
            <Descriptions.Item label="合同名称">{c.title}</Descriptions.Item>
            <Descriptions.Item label="合同类型">{CONTRACT_TYPE_LABELS[c.type] ?? c.type}</Descriptions.Item>
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
            <Descriptions.Item label="合同文件">
              {c.fileName}（{formatBytes(c.fileSize)}）
            </Descriptions.Item>
            <Descriptions.Item label="文件 SHA-256">
              <Hash value={c.fileSha256} />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            签署记录
          </Typography.Title>
          {c.signedAt ? (
            <Descriptions column={1} bordered size="small" styles={{ label: { width: 130 } }} data-testid="signature-record">
              <Descriptions.Item label="签署人">{c.signedByName}</Descriptions.Item>
              <Descriptions.Item label="签署时间">{dateTime(c.signedAt)}</Descriptions.Item>
              <Descriptions.Item label="签署 IP">{c.signerIp ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="所签文件 SHA-256">
                <Hash value={c.signedSha256} />
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">尚未签署</Typography.Text>
          )}
        </div>
      )}
    </Drawer>
  );
}
