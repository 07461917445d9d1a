import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { CONTRACT_FILE_VERSIONS } from '@factoring/domain/contract';
import type { Contract } from './api.ts';

export type FileVersion = (typeof CONTRACT_FILE_VERSIONS)[number];

interface Props {
  contract: Contract;
  onDownload(c: Contract, version?: FileVersion): void;
  /** `link` in table rows, a default button in the drawer. */
  type?: 'link' | 'default';
}

/**
 * 下载: one file before signing; once a signed version exists, a menu offers both — the signed
 * version (seal, signature page) and the original as it was signed.
 */
export function ContractDownloadButton({ contract: c, onDownload, type = 'default' }: Props) {
  const size = type === 'link' ? 'small' : 'middle';
  if (!c.signedFileName) {
    return (
      <Button type={type} size={size} onClick={() => onDownload(c)}>
        下载
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'signed', label: '签署版（含电子印章与签署页）' },
          { key: 'original', label: '原文（签署前）' },
        ],
        onClick: ({ key }) => onDownload(c, key as FileVersion),
      }}
    >
      <Button type={type} size={size}>
        下载 <DownOutlined />
      </Button>
    </Dropdown>
  );
}
