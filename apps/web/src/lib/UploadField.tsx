import { FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { Image, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useFeedback } from './feedback.ts';
import { isRequestFailure } from './request.ts';
import { MAX_UPLOAD_BYTES, uploadFile, type UploadedFile } from './upload.ts';

const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

const asUploadFile = (f: UploadedFile): UploadFile => ({
  uid: String(f.id),
  name: f.originalName,
  status: 'done',
  url: f.url,
  thumbUrl: f.mimeType === 'application/pdf' ? undefined : f.url,
  type: f.mimeType,
});

interface Props {
  purpose: string;
  /** What the document is, e.g. '营业执照' (the button reads '上传营业执照'). */
  label: string;
  /** The file already attached (from a draft or rejected submission). */
  file?: UploadedFile | null;
  value?: number | null;
  onChange?(id: number | null): void;
  testId?: string;
}

/**
 * THE upload widget: a form field holding an upload id, with a thumbnail (images) or a PDF icon;
 * jpg/png/pdf up to 5 MB. The browser only pre-checks name and size; the server sniffs the content
 * and has the last word.
 */
export function UploadField({ purpose, label, file, value, onChange, testId }: Props) {
  const feedback = useFeedback();
  const [list, setList] = useState<UploadFile[]>(() => (file && file.id === value ? [asUploadFile(file)] : []));
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (file && file.id === value) setList([asUploadFile(file)]);
  }, [file, value]);

  return (
    <div data-testid={testId}>
      <Upload
        listType="picture-card"
        accept={ACCEPT}
        maxCount={1}
        fileList={list}
        beforeUpload={(f) => {
          if (f.size > MAX_UPLOAD_BYTES) {
            feedback.error(`${label}文件大小不能超过 5 MB`);
            return Upload.LIST_IGNORE;
          }
          if (!/\.(jpe?g|png|pdf)$/i.test(f.name)) {
            feedback.error(`${label}仅支持 JPG、PNG 或 PDF 格式`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file: raw, onSuccess, onError }) => {
          const f = raw as File;
          setList([{ uid: 'uploading', name: f.name, status: 'uploading' }]);
          try {
            const uploaded = await uploadFile(f, purpose);
            setList([asUploadFile(uploaded)]);
            onChange?.(uploaded.id);
            onSuccess?.(uploaded);
          } catch (err) {
            setList([]);
            onChange?.(null);
            feedback.error(isRequestFailure(err) ? err.message : '上传失败，请重试');
            onError?.(err as Error);
          }
        }}
        onRemove={() => {
          setList([]);
          onChange?.(null);
        }}
        onPreview={(f) => {
          if (f.type === 'application/pdf' || (!f.thumbUrl && f.url)) window.open(f.url, '_blank', 'noopener');
          else if (f.url) setPreview(f.url);
        }}
        iconRender={(f) => (f.type === 'application/pdf' ? <FilePdfOutlined /> : undefined)}
      >
        {list.length === 0 && (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传{label}</div>
          </div>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </div>
  );
}
