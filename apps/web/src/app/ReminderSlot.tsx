import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Space } from 'antd';
// The dialog alone, not antd's Modal module with its confirm, info… functions and their hook
// (LazyFeedbackApp loads those when a page first asks something).
import Modal from 'antd/es/modal/Modal';
import { Link } from 'react-router';
import { isBuiltRoute } from './route-table.ts';
import { useAppState, type Reminder } from './state.ts';

const REMINDER_LINES = [
  { label: '供应链授信即将到期', count: (r: Reminder) => r.willexpire, route: '/supplyloan/myPlatform' },
  { label: '货押授信即将到期', count: (r: Reminder) => r.stockloanQuerywillexpire, route: '/pledge/myPlatform' },
  { label: '货押质押率预警 / 待补缴保证金', count: (r: Reminder) => r.pledgeRisk ?? 0, route: '/pledge/pledgeFinacy' },
];

/** SPEC §4 expiry reminder: a bell in the header and the modal with both counts after login. */
export function ReminderSlot() {
  const { reminder, reminderVisible, showReminder, hideReminder } = useAppState();
  const total = reminder ? REMINDER_LINES.reduce((n, line) => n + line.count(reminder), 0) : 0;
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
            {REMINDER_LINES.map(({ label, count, route }) => (
              // Plain text in the modal's own colour: Typography (with its editable TextArea) stays out of every page's first load.
              <span key={route}>
                {label}：<b>{count(reminder)}</b> 笔 {/* Only a page that exists: an area not built yet shows the count without a link. */}
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
