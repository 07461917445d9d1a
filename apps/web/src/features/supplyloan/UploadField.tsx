import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isRequestFailure } from '../../lib/request.ts';
import { uploadFile } from './api.ts';

interface Props {
  value?: number;
  onChange?(id: number | undefined): void;
  purpose: string;
  label?: string;
  testId?: string;
}

/** A form field holding an upload id: JPG, PNG or PDF up to 5 MB, stored by `/api/uploads`. */
export function UploadField({ value, onChange, purpose, label = '上传文件', testId }: Props) {
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical" size={4}>
      <Upload
        accept=".jpg,.jpeg,.png,.pdf"
        showUploadList={false}
        customRequest={async ({ file }) => {
          setError(null);
          setBusy(true);
          try {
            const stored = await uploadFile(file as File, purpose);
            setName(stored.originalName);
            onChange?.(stored.id);
          } catch (err) {
            setError(isRequestFailure(err) ? err.message : '上传失败，请重试');
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid={testId}>
          {value ? '重新上传' : label}
        </Button>
      </Upload>
      {value && <Typography.Text type="success">已上传：{name ?? `文件 #${value}`}</Typography.Text>}
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Typography.Text type="secondary">支持 JPG、PNG、PDF，单个文件不超过 5 MB</Typography.Text>
    </Space>
  );
}
