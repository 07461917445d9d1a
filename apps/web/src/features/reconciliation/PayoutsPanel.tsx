import { PAYOUT_BANK_STATUS_LABELS, type PayoutBankStatus } from '@factoring/domain';
import { Button, Card, Form, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { downloadFile } from '../../lib/download.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { dateTime } from '../../lib/format.ts';
import { money } from '../../lib/Money.tsx';
import { apiUrl } from '../../lib/request.ts';
import { pagedTableProps, usePhoneColumns } from '../../lib/table.tsx';
import { batchFileUrl, useBatches, useCreateBatch, usePayouts, type PaymentBatch, type Payout } from './api.ts';

const STATUS_COLORS: Record<PayoutBankStatus, string> = { EXECUTED: 'warning', EXPORTED: 'processing', PAID: 'success' };
const STATUS_OPTIONS = (Object.keys(PAYOUT_BANK_STATUS_LABELS) as PayoutBankStatus[]).map((value) => ({
  value,
  label: PAYOUT_BANK_STATUS_LABELS[value],
}));

/**
 * Pay-outs to bank accounts (withdrawals, targeted payments) as the bank sees them: executed ones go
 * out in a payment batch file for the bank's corporate portal (CSV in the demo bank's layout, or ISO
 * 20022 pain.001), and are paid when a statement shows the debit.
 */
export function PayoutsPanel() {
  const feedback = useFeedback();
  const [status, setStatus] = useState<PayoutBankStatus | undefined>();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [batchPaging, setBatchPaging] = useState({ page: 1, size: 10 });
  const payouts = usePayouts(status, paging.page, paging.size);
  const waiting = usePayouts('EXECUTED', 1, 1);
  const batches = useBatches(batchPaging.page, batchPaging.size);
  const create = useCreateBatch();
  const [confirming, setConfirming] = useState<string | null>(null);
  const toExport = waiting.data?.totalCount ?? 0;

  const download = (id: number, format: 'csv' | 'pain001') =>
    downloadFile(apiUrl(batchFileUrl(id, format)), { warn: (m) => feedback.warning(m) });

  const columns = usePhoneColumns<Payout>([
    { title: '执行时间', dataIndex: 'executedAt', width: 150, fixed: 'left', render: dateTime },
    { title: '业务', dataIndex: 'kindLabel', width: 90 },
    { title: '金额', dataIndex: 'amount', width: 130, align: 'right', render: money },
    {
      title: '收款人',
      key: 'payee',
      width: 260,
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{p.payeeName ?? '—'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[p.payeeAccount, p.payeeBank].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '流水号', dataIndex: 'refNo', width: 160 },
    {
      title: '银行状态',
      key: 'bank',
      width: 220,
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLORS[p.bankStatus]}>{p.bankStatusLabel}</Tag>
          {p.exportRefusal && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="payout-refusal">
              {p.exportRefusal}
            </Typography.Text>
          )}
          {(p.batchNo || p.paidOn) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[p.batchNo && `批次 ${p.batchNo}`, p.paidOn && `银行记账 ${p.paidOn}`].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
  ] satisfies TableColumnsType<Payout>);

  const batchColumns = usePhoneColumns<PaymentBatch>([
    { title: '批次号', dataIndex: 'batchNo', width: 170, fixed: 'left' },
    { title: '笔数', dataIndex: 'itemCount', width: 70 },
    { title: '总金额', dataIndex: 'totalAmount', width: 140, align: 'right', render: money },
    { title: '银行已付', key: 'paid', width: 100, render: (_, b) => `${b.paidCount} / ${b.itemCount}` },
    { title: '生成', key: 'by', width: 200, render: (_, b) => `${b.createdByName ?? '—'} · ${dateTime(b.createdAt)}` },
    {
      title: '付款文件',
      key: 'files',
      width: 200,
      render: (_, b) => (
        <Space>
          <Button size="small" onClick={() => download(b.id, 'csv')} data-testid={`batch-csv-${b.batchNo}`}>
            CSV
          </Button>
          <Button size="small" onClick={() => download(b.id, 'pain001')} data-testid={`batch-xml-${b.batchNo}`}>
            pain.001
          </Button>
        </Space>
      ),
    },
  ] satisfies TableColumnsType<PaymentBatch>);

  const createBatch = async () => {
    if (!confirming) return;
    const batch = await create.run({ idempotencyKey: confirming });
    setConfirming(null);
    if (!batch) return;
    feedback.success(`已生成付款批次 ${batch.batchNo}：${batch.itemCount} 笔，请下载付款文件上传到银行企业网银`);
    if (batch.refused.length)
      feedback.warning(`${batch.refused.length} 笔出款未放入付款文件：${batch.refused.map((x) => `${x.refNo} ${x.reason}`).join('；')}`);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="出款"
        extra={
          <Button type="primary" disabled={toExport === 0} onClick={() => setConfirming(newIdempotencyKey())} data-testid="create-batch">
            生成付款批次（{toExport} 笔待导出）
          </Button>
        }
      >
        <Form layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item label="银行状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 180 }}
              value={status}
              options={STATUS_OPTIONS}
              onChange={(s) => {
                setStatus(s);
                setPaging({ ...paging, page: 1 });
              }}
              aria-label="银行状态"
              data-testid="payouts-status"
            />
          </Form.Item>
        </Form>
        <Table<Payout>
          rowKey="journalLineId"
          size="small"
          columns={columns}
          scroll={{ x: 1100 }}
          {...pagedTableProps(payouts, paging, setPaging, { empty: '没有出款', unit: '笔' })}
          data-testid="payouts-table"
        />
      </Card>
      <Card title="付款批次">
        <Table<PaymentBatch>
          rowKey="id"
          size="small"
          columns={batchColumns}
          scroll={{ x: 900 }}
          {...pagedTableProps(batches, batchPaging, setBatchPaging, { empty: '尚未生成付款批次', unit: '批' })}
          data-testid="batches-table"
        />
      </Card>
      <Modal
        open={!!confirming}
        title="生成付款批次"
        okText="生成"
        confirmLoading={create.isPending}
        onOk={() => void createBatch()}
        onCancel={() => setConfirming(null)}
        okButtonProps={{ 'data-testid': 'create-batch-confirm' } as never}
      >
        全部 {toExport}{' '}
        笔待导出的出款将放入一个付款批次（每笔出款只进一个批次；缺少收款开户行的出款不放入，留在待导出并注明原因）。生成后下载付款文件，上传到银行企业网银付款；对账单显示扣款后自动标记为银行已付款。
      </Modal>
    </Space>
  );
}
