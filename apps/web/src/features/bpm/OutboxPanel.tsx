import { Alert, Button, Drawer, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { useOutbox, type OutboxMail } from './api.ts';

const LINK = /(https?:\/\/[^\s]+)/g;

/** A mail's text with its links clickable (activation and reset links); everything else stays plain text. */
function MailBody({ text }: { text: string }) {
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="outbox-body">
      {text.split(LINK).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </Typography.Paragraph>
  );
}

/**
 * 邮件发件箱: the mails the portal kept instead of sending (no SMTP server configured) — account
 * activation and password reset — so an operator can read or pass on a link. Newest first.
 */
export default function OutboxPanel() {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const outbox = useOutbox(paging.page, paging.size);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const columns: TableColumnsType<OutboxMail> = [
    { title: '时间', dataIndex: 'createdAt', width: 170, render: dateTime },
    { title: '收件人', dataIndex: 'toAddress', width: 240, ellipsis: { showTitle: true } },
    {
      title: '主题',
      dataIndex: 'subject',
      ellipsis: { showTitle: true },
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(r)} data-testid={`outbox-open-${r.id}`}>
          {v}
        </Button>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (v: OutboxMail['status']) => (v === 'LOCAL' ? <Tag>未发送（本地）</Tag> : <Tag color="error">发送失败</Tag>),
    },
  ];
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="未配置邮件服务器（SMTP_URL）时，激活与重置密码邮件保存在这里；发送失败的邮件也在这里。"
      />
      <Table<OutboxMail>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={outbox.data?.items}
        loading={outbox.isFetching}
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty description="发件箱为空" /> }}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r) })}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: outbox.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 封`,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        data-testid="outbox-table"
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} title={open?.subject} size={560} destroyOnHidden>
        {open && (
          <>
            <Typography.Paragraph type="secondary">
              收件人 {open.toAddress} · {dateTime(open.createdAt)}
            </Typography.Paragraph>
            {open.error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`发送失败：${open.error}`} />}
            <MailBody text={open.body} />
          </>
        )}
      </Drawer>
    </>
  );
}
