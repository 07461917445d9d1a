import { Alert, Form, Input, Modal } from 'antd';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { useVoidStatement, type StatementItem } from './api.ts';

/**
 * 作废 a wrongly imported statement (issue 33): the operator confirms with a reason; the void is a task
 * another operator approves in 待办, and is refused there too once a line was matched.
 */
export function VoidStatementDialog({ statement, onClose }: { statement: StatementItem | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const voiding = useVoidStatement();
  const feedback = useFeedback();
  const submit = async ({ reason }: { reason: string }) => {
    if (!statement) return;
    const answer = await voiding.run({ id: statement.id, reason, idempotencyKey: newIdempotencyKey() }, { form });
    if (!answer) return;
    feedback.success(`已提交作废申请（任务 #${answer.taskId}），须由另一位操作员在待办中审批`);
    onClose();
  };

  return (
    <Modal
      open={statement !== null}
      title={statement ? `作废对账单 ${statement.statementNo}` : '作废对账单'}
      okText="提交作废申请"
      okButtonProps={{ danger: true, loading: voiding.isPending, 'data-testid': 'void-submit' }}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {statement && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${statement.periodStart} 至 ${statement.periodEnd} 的 ${statement.added} 笔流水将被删除，该文件可重新导入。仅当流水均未匹配（无待复核、已说明）时可以作废；须另一位操作员审批后生效。`}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="reason"
          label="作废原因"
          rules={[{ required: true, whitespace: true, min: 2, message: '请填写作废原因（至少 2 个字）' }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder="例如：选错了银行格式；导入了其他账户的对账单"
            data-testid="void-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
