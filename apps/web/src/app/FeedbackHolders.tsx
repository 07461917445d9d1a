import message from 'antd/es/message';
import notification from 'antd/es/notification';
import { useEffect } from 'react';
import type { LazyFeedbackApis } from './LazyFeedbackApp.tsx';

/** antd's message and notification hooks with their holders; a chunk of its own, loaded on first use. */
export default function FeedbackHolders({ onReady }: { onReady(apis: LazyFeedbackApis): void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => onReady({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi, onReady]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
