import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useAppState } from './state.ts';

/** SPEC §4 expiry reminder: a bell in the header and the modal with both counts after login. */
export function ReminderSlot() {
  const { reminder, reminderVisible, showReminder, hideReminder } = useAppState();
  const total = reminder ? reminder.willexpire + reminder.stockloanQuerywillexpire : 0;
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
            <Typography.Text>
              供应链授信即将到期：<b>{reminder.willexpire}</b> 笔{' '}
              <Link to="/supplyloan/myPlatform" onClick={hideReminder}>
                查看
              </Link>
            </Typography.Text>
            <Typography.Text>
              货押授信即将到期：<b>{reminder.stockloanQuerywillexpire}</b> 笔{' '}
              <Link to="/pledge/myPlatform" onClick={hideReminder}>
                查看
              </Link>
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </>
  );
}
