import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Space } from 'antd';
// The dialog alone, not antd's Modal module with its confirm, info… functions and their hook
// (LazyFeedbackApp loads those when a page first asks something).
import Modal from 'antd/es/modal/Modal';
import { Link } from 'react-router';
import { isBuiltRoute } from './route-table.ts';
import { useAppState } from './state.ts';

/** SPEC §4 expiry reminder: a bell in the header and the modal with the counts of the features' lines after login. */
export function ReminderSlot() {
  const { reminder, reminderVisible, showReminder, hideReminder } = useAppState();
  const total = reminder ? reminder.lines.reduce((n, line) => n + line.count, 0) : 0;
  return (
    <>
      <Badge count={total} size="small">
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label="到期提醒"
          disabled={!reminder}
          onClick={() => reminder && showReminder(reminder)}
        />
      </Badge>
      <Modal open={reminderVisible && !!reminder} title="到期提醒" onCancel={hideReminder} footer={null} data-testid="reminder-modal">
        {reminder && (
          <Space direction="vertical">
            {reminder.lines.map(({ label, count, route }) => (
              // Plain text in the modal's own colour: Typography (with its editable TextArea) stays out of every page's first load.
              <span key={route}>
                {label}：<b>{count}</b> 笔 {/* Only a page that exists: an area not built yet shows the count without a link. */}
                {isBuiltRoute(route) && (
                  <Link to={route} onClick={hideReminder}>
                    查看
                  </Link>
                )}
              </span>
            ))}
          </Space>
        )}
      </Modal>
    </>
  );
}
