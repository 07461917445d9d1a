import { Modal, Typography } from 'antd';
import { useFeedback } from '../../lib/feedback.ts';
import { LoginForm } from './LoginForm.tsx';

/** The login form in a modal, opened on any 401 without leaving the page (PRODUCT §3). */
export default function LoginMask({ onClose }: { onClose(): void }) {
  const feedback = useFeedback();
  return (
    <Modal
      open
      title="登录已失效，请重新登录"
      footer={null}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="login-mask"
    >
      <Typography.Paragraph type="secondary">重新登录后可继续当前操作，页面上已填写的内容不会丢失。</Typography.Paragraph>
      <LoginForm
        fromMask
        onSuccess={({ alreadyOnline }) => {
          feedback.success(alreadyOnline ? '已重新登录，其他地方的登录已退出' : '已重新登录');
          onClose();
        }}
      />
    </Modal>
  );
}
