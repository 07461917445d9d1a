import { Button, Modal, Space } from 'antd';
import { contractFileUrl } from '../../lib/signing.tsx';
import type { Contract } from './api.ts';

interface Props {
  contract: Contract | null;
  onClose(): void;
  onDownload(c: Contract): void;
}

/** The PDF in the browser's own viewer, in a modal (phones open a new window instead: see the page). */
export function ContractViewer({ contract: c, onClose, onDownload }: Props) {
  return (
    <Modal
      open={c !== null}
      onCancel={onClose}
      width={960}
      title={c ? `${c.title}（${c.contractNo}）` : ''}
      footer={
        c && (
          <Space>
            <Button onClick={() => window.open(contractFileUrl(c.id), '_blank', 'noopener')}>新窗口打开</Button>
            <Button onClick={() => onDownload(c)}>下载</Button>
            <Button type="primary" onClick={onClose}>
              关闭
            </Button>
          </Space>
        )
      }
      destroyOnHidden
    >
      {c && <iframe title={`合同 ${c.contractNo}`} src={contractFileUrl(c.id)} style={{ width: '100%', height: '70vh', border: 0 }} />}
    </Modal>
  );
}
