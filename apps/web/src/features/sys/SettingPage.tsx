import { Button, Card, Form, Input, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { dateTime } from '../../lib/format.ts';
import { usePreferences } from '../../lib/preferences.ts';
import { useChangePassword, useMySessions, useRevokeSession, type MySession } from './account-api.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const strong = (p: string) => p.length >= 8 && p.length <= 64 && /[A-Za-z]/.test(p) && /\d/.test(p);
const when = (iso: string | null) => dateTime(iso);
const ENDED: Record<NonNullable<MySession['endReason']>, string> = {
  LOGOUT: '已退出',
  REPLACED: '在别处登录后下线',
  PASSWORD_CHANGED: '修改密码后下线',
  EXPIRED: '超时下线',
  REVOKED: '已被您退出',
};

function PasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  // A refusal shows on the field it names, else as a toast; after a 401 the login mask opens and
  // the form keeps what was typed, so it can simply be sent again.
  const submit = async (values: PasswordValues) => {
    if ((await change.run(values, { form })) !== undefined) form.resetFields();
  };

  return (
    <Card title="修改登录密码" data-testid="change-password">
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 420 }}>
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password maxLength={64} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          dependencies={['oldPassword']}
          extra="至少 8 位，须同时包含字母和数字"
          rules={[
            { required: true, message: '请输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || !strong(v)
                  ? v
                    ? Promise.reject(new Error('密码至少 8 位，且须同时包含字母和数字'))
                    : Promise.resolve()
                  : v === getFieldValue('oldPassword')
                    ? Promise.reject(new Error('新密码不能与原密码相同'))
                    : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Typography.Paragraph type="secondary">修改后，您在其他设备上的登录将全部退出，当前页面保持登录。</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          确认修改
        </Button>
      </Form>
    </Card>
  );
}

function PreferencesCard() {
  const { darkTheme, siderFold, setDarkTheme, setSiderFold } = usePreferences();
  return (
    <Card title="界面偏好" data-testid="preferences">
      <Space direction="vertical" size="middle">
        <Space>
          <Switch checked={darkTheme} onChange={setDarkTheme} aria-label="暗色主题" data-testid="setting-theme" />
          暗色主题
        </Space>
        <Space>
          <Switch checked={siderFold} onChange={setSiderFold} aria-label="收起侧栏" data-testid="setting-sider" />
          收起侧栏（宽屏时）
        </Space>
      </Space>
    </Card>
  );
}

function SessionsCard() {
  const sessions = useMySessions();
  const revoke = useRevokeSession();
  const signOut = (id: string) => void revoke.run(id);

  return (
    <Card
      title="登录设备"
      data-testid="sessions"
      extra={<Typography.Text type="secondary">同一账户同一时间只允许一处登录</Typography.Text>}
    >
      <Table<MySession>
        rowKey="id"
        size="small"
        pagination={false}
        loading={sessions.isPending}
        dataSource={sessions.data?.active ?? []}
        scroll={{ x: 560 }}
        columns={[
          {
            title: '设备',
            dataIndex: 'device',
            render: (device: string, s) => (
              <Space>
                <span title={s.userAgent ?? ''}>{device}</span>
                {s.current && <Tag color="blue">当前设备</Tag>}
              </Space>
            ),
          },
          { title: 'IP 地址', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
          { title: '登录时间', dataIndex: 'createdAt', render: when },
          { title: '最近活动', dataIndex: 'lastSeenAt', render: when },
          {
            title: '操作',
            key: 'action',
            render: (_, s) =>
              s.current ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Popconfirm title="让这台设备退出登录？" {...promptButtons('退出登录', { danger: true })} onConfirm={() => signOut(s.id)}>
                  <Button size="small" danger loading={revoke.isPending && revoke.variables === s.id}>
                    退出
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {!!sessions.data?.recent.length && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            最近结束的登录
          </Typography.Title>
          <Table<MySession>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={sessions.data.recent}
            scroll={{ x: 560 }}
            columns={[
              { title: '设备', dataIndex: 'device' },
              { title: 'IP 地址', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
              { title: '登录时间', dataIndex: 'createdAt', render: when },
              {
                title: '结束',
                dataIndex: 'endedAt',
                render: (v: string | null, s) => `${when(v)} ${s.endReason ? ENDED[s.endReason] : ''}`,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}

/** `/sys/setting`: change the login password, switch theme and sider fold, see and end own sessions. */
export default function SettingPage() {
  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="setting">
      <PasswordCard />
      <PreferencesCard />
      <SessionsCard />
    </div>
  );
}
