import { FilePdfOutlined } from '@ant-design/icons';
import { Image, Space, Typography } from 'antd';
import type { TaskDetail } from './api.ts';

/** A task's attachments: images shown small (a click enlarges them), PDFs as a link that opens them. */
export function TaskAttachments({ task }: { task: TaskDetail }) {
  if (!task.attachments.length) return <Typography.Text type="secondary">无附件</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={16} data-testid="task-attachments">
        {task.attachments.map((a) => {
          const url = `/api/uploads/${a.uploadId}`;
          return (
            <Space key={a.uploadId} direction="vertical" size={4} align="center">
              {a.file?.mimeType === 'application/pdf' ? (
                <a
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  style={{ display: 'inline-flex', width: 120, height: 90, alignItems: 'center', justifyContent: 'center', fontSize: 32 }}
                >
                  <FilePdfOutlined />
                </a>
              ) : a.file ? (
                <Image src={url} alt={a.label} width={120} height={90} style={{ objectFit: 'cover' }} />
              ) : (
                <Typography.Text type="danger">文件缺失</Typography.Text>
              )}
              <Typography.Text style={{ fontSize: 12 }}>{a.label}</Typography.Text>
            </Space>
          );
        })}
      </Space>
    </Image.PreviewGroup>
  );
}
