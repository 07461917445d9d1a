import { chinaDate } from '@factoring/domain';
import { Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { UploadField } from '../../lib/UploadField.tsx';
import { usePendingConfirmations, useRecordPaperConfirmation, type PendingConfirmation } from './confirmations-api.ts';

/**
 * The receivables financings hold that their debtor has not answered about (issue 36). A debtor with a user
 * confirms in its own inbox; one without — or under undisclosed factoring (暗保理), where the debtor is not told
 * of the assignment — signs and stamps a paper letter, which the operator scans and records here. Until then the
 * financing's money does not go out.
 */
export function PendingConfirmations() {
  const [q, setQ] = useState({ page: 1, size: 10 });
  const [recording, setRecording] = useState<PendingConfirmation | null>(null);
  const list = usePendingConfirmations(q);
  if (list.isError) return <LoadFailure title="待确权列表加载失败" error={list.error} retry={() => list.refetch()} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        债务人有平台用户的，由其在“应收账款确权”中签署确认函；无平台用户或暗保理的，凭债务人盖章的纸质确认函（或询证函）扫描件登记。
      </Typography.Text>
      <Table<PendingConfirmation>
        rowKey="assetId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无待确权的应收账款' }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 笔`,
          onChange: (page, size) => setQ({ page, size }),
        }}
        columns={[
          { title: '应收账款', dataIndex: 'label' },
          { title: '债务人', dataIndex: 'debtorName' },
          { title: '债权人', dataIndex: 'creditorName' },
          { title: '融资编号', dataIndex: 'financingNo' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          { title: '到期日', dataIndex: 'dueDate', render: (v: string | null) => v ?? '—' },
          {
            title: '确权方式',
            render: (_, p) =>
              p.debtorHasUser && p.noticeMode !== 'UNDISCLOSED' ? (
                <Tag color="processing">待债务人平台内确权</Tag>
              ) : (
                <Tag color="warning">{p.debtorHasUser ? '暗保理：纸质确认' : '债务人无平台用户：纸质确认'}</Tag>
              ),
          },
          {
            title: '操作',
            render: (_, p) => <Typography.Link onClick={() => setRecording(p)}>登记纸质确权</Typography.Link>,
          },
        ]}
      />
      {recording && <PaperConfirmationModal row={recording} onClose={() => setRecording(null)} />}
    </Space>
  );
}

function PaperConfirmationModal({ row, onClose }: { row: PendingConfirmation; onClose(): void }) {
  const [form] = Form.useForm<{ uploadId: number | null; signedOn: string; note?: string }>();
  const record = useRecordPaperConfirmation();
  const [key, renew] = useSubmissionKey();
  return (
    <Modal
      open
      title={`登记纸质确权 ${row.label}`}
      onCancel={onClose}
      okText="登记确权"
      cancelText="返回"
      confirmLoading={record.isPending}
      onOk={async () => {
        const v = await form.validateFields();
        const done = await record.run(
          { assetId: row.assetId, uploadId: v.uploadId!, signedOn: v.signedOn.trim(), note: v.note || undefined, idempotencyKey: key },
          { form },
        );
        if (done) {
          renew();
          onClose();
        }
      }}
    >
      <Typography.Paragraph type="secondary">
        {row.debtorName}对{row.creditorName}的应收账款 {money(row.amount)}
        {row.dueDate ? `，到期日 ${row.dueDate}` : ''}。登记即确认债务人以盖章确认函确认金额、到期日且无抵销、无争议；放款复核时可见扫描件。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ signedOn: chinaDate() }}>
        <Form.Item name="uploadId" label="确认函扫描件" rules={[{ required: true, message: '请上传债务人盖章的确认函扫描件' }]}>
          <UploadField purpose="RECEIVABLE_CONFIRMATION" label="确认函扫描件" />
        </Form.Item>
        <Form.Item
          name="signedOn"
          label="签署日期"
          extra="确认函上债务人签章的日期（年-月-日）"
          rules={[
            { required: true, message: '请填写签署日期' },
            { pattern: /^\d{4}-\d{2}-\d{2}$/, message: '签署日期格式为 年-月-日，例如 2026-01-05' },
            {
              validator: (_, v: string | undefined) =>
                v && v.trim() > chinaDate() ? Promise.reject(new Error('签署日期不能晚于今天')) : Promise.resolve(),
            },
          ]}
        >
          <Input placeholder="YYYY-MM-DD" maxLength={10} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="note" label="说明">
          <Input.TextArea rows={2} maxLength={200} placeholder="如：原件存档于合规部" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
