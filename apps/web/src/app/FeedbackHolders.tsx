import message from 'antd/es/message';
import useModal from 'antd/es/modal/useModal';
import notification from 'antd/es/notification';
import { useEffect } from 'react';
import type { LazyFeedbackApis } from './LazyFeedbackApp.tsx';

/** antd's message, notification and modal hooks with their holders; a chunk of its own, loaded on first use. */
export default function FeedbackHolders({ onReady }: { onReady(apis: LazyFeedbackApis): void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = useModal();
  useEffect(
    () => onReady({ message: messageApi, notification: notificationApi, modal: modalApi }),
    [messageApi, notificationApi, modalApi, onReady],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
