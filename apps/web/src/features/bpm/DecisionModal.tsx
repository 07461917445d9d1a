import { Form, Input, Modal, type ButtonProps } from 'antd';
import type { TaskDetail } from './api.ts';

/** Approving or rejecting a task: an optional comment, or the reason the applicant reads (required). */
export function DecisionModal({
  kind,
  words,
  onCancel,
  onConfirm,
  busy,
}: {
  kind: 'approve' | 'reject' | null;
  words: TaskDetail['decisionLabels'];
  onCancel(): void;
  onConfirm(text: string): void;
  busy: boolean;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const reject = kind === 'reject';
  return (
    <Modal
      open={kind !== null}
      title={reject ? (words ? `确认${words.reject}` : '驳回申请') : words ? `确认${words.approve}` : '审核通过'}
      okText={reject ? (words ? `确认${words.reject}` : '确认驳回') : words ? `确认${words.approve}` : '确认通过'}
      okButtonProps={{ danger: reject, 'data-testid': 'confirm-decision' } as ButtonProps}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (values) onConfirm(values.text?.trim() ?? '');
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="text"
          label={reject ? (words ? `${words.reject}原因（申请人可见）` : '驳回原因（申请人可见）') : '审核意见（选填）'}
          rules={
            reject
              ? [
                  { required: true, whitespace: true, message: '请填写驳回原因' },
                  { min: 2, message: '驳回原因至少2个字' },
                  { max: 500, message: '不能超过500个字' },
                ]
              : [{ max: 500, message: '不能超过500个字' }]
          }
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="decision-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
