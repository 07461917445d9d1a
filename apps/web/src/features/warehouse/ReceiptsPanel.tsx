import { Button, Empty, Form, Grid, Input, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { reportFailure } from '../../lib/action.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { dateTime } from '../../lib/format.ts';
import { ellipsisColumn } from '../../lib/table.tsx';
import { useCancelReceipt, useMergeReceipts, useReceipts, useSplitReceipt, type Receipt, type ReceiptQuery } from './api.ts';
import { EndorseDialog } from './EndorseDialog.tsx';
import { qtyText, quantityRule, RECEIPT_STATUS_COLORS } from './format.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

type Dialog = { kind: 'split' | 'cancel'; receipt: Receipt } | null;

/**
 * Electronic warehouse receipts: the warehouse company sees those of its warehouses (it issues them,
 * and that is all it does with them), a holder those it holds. Only the holder splits, merges,
 * endorses (to another certified enterprise, confirmed with its password) or cancels its live
 * receipts, and asks to cancel a pledged one (issue 21).
 */
export function ReceiptsPanel({ role }: { role: 'warehouse' | 'holder' }) {
  const feedback = useFeedback();
  const [status, setStatus] = useState<ReceiptQuery['status']>('ACTIVE');
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const receipts = useReceipts({ status, ...paging });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [endorsing, setEndorsing] = useState<Receipt | null>(null);
  const holder = role === 'holder';
  const [key, setKey] = useState(newIdempotencyKey);
  const [form] = Form.useForm();
  const wide = Grid.useBreakpoint().md ?? true;
  const split = useSplitReceipt();
  const merge = useMergeReceipts();
  const cancel = useCancelReceipt();

  const close = () => {
    setDialog(null);
    form.resetFields();
    setKey(newIdempotencyKey());
  };
  const doMerge = () =>
    feedback.modal.confirm({
      title: `合并所选 ${selected.length} 张仓单？`,
      content: '合并后原仓单失效，生成一张新仓单，数量为各仓单之和。',
      ...promptButtons('确认合并'),
      onOk: async () => {
        try {
          await merge.mutateAsync({ receiptIds: selected, idempotencyKey: newIdempotencyKey() });
          setSelected([]);
        } catch (err) {
          reportFailure(err, feedback);
        }
      },
    });
  const submit = async (v: { parts?: string; reason?: string }) => {
    if (!dialog) return;
    const receiptId = dialog.receipt.id;
    try {
      if (dialog.kind === 'split') {
        const parts = (v.parts ?? '').split(/[,，\s]+/).filter(Boolean);
        await split.mutateAsync({ receiptId, parts, idempotencyKey: key });
      } else {
        const r = await cancel.mutateAsync({ receiptId, reason: v.reason!, idempotencyKey: key });
        feedback.success(r.status === 'CANCEL_PENDING' ? '该仓单已质押，注销申请已提交运营审核' : '仓单已注销，货物恢复为可用');
      }
      close();
    } catch (err) {
      setKey(newIdempotencyKey());
      reportFailure(err, feedback, form);
    }
  };

  const columns: TableColumnsType<Receipt> = [
    {
      title: '仓单编号',
      dataIndex: 'receiptNo',
      width: 190,
      render: (v: string) => (
        <Typography.Text copyable data-testid="receipt-no">
          {v}
        </Typography.Text>
      ),
    },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      width: 100,
      render: (v: string, r) => <Tag color={RECEIPT_STATUS_COLORS[r.status]}>{v}</Tag>,
    },
    { title: '商品', key: 'goods', width: 170, render: (_: unknown, r: Receipt) => `${r.goodsName}${r.batchNo ? `（${r.batchNo}）` : ''}` },
    { title: '数量', dataIndex: 'quantity', align: 'right', width: 130, render: (v: string, r) => qtyText(v, r.scale, r.unit) },
    ...(role === 'warehouse' ? [{ title: '持有人', dataIndex: 'holderName', width: 190, ...ellipsisColumn<Receipt>() }] : []),
    { title: '仓库 / 库位', key: 'where', width: 210, render: (_: unknown, r: Receipt) => `${r.warehouseName} ${r.locationCode}` },
    {
      title: '内容哈希（SHA-256）',
      dataIndex: 'contentHash',
      width: 170,
      render: (v: string) => <Typography.Text copyable={{ text: v }} code>{`${v.slice(0, 12)}…`}</Typography.Text>,
    },
    { title: '开立时间', dataIndex: 'issuedAt', width: 160, render: (v: string) => dateTime(v) },
    ...(holder
      ? [
          {
            title: '操作',
            key: 'actions',
            fixed: wide ? ('right' as const) : undefined,
            width: 170,
            render: (_: unknown, r: Receipt) =>
              r.status === 'LIVE' || r.status === 'PLEDGED' ? (
                <Space size={4} wrap>
                  {r.status === 'LIVE' && (
                    <Button size="small" type="link" onClick={() => setDialog({ kind: 'split', receipt: r })}>
                      拆分
                    </Button>
                  )}
                  {r.status === 'LIVE' && (
                    <Button size="small" type="link" onClick={() => setEndorsing(r)} data-testid="receipt-endorse">
                      背书
                    </Button>
                  )}
                  <Button size="small" type="link" danger onClick={() => setDialog({ kind: 'cancel', receipt: r })}>
                    注销
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
        ]
      : []),
  ];

  const r = dialog?.receipt;
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          aria-label="仓单状态"
          value={status}
          style={{ width: 160 }}
          onChange={(v) => {
            setStatus(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: 'ACTIVE', label: '有效及质押中' },
            { value: 'LIVE', label: '有效' },
            { value: 'PLEDGED', label: '已质押' },
            { value: 'CANCELLED', label: '已注销' },
            { value: '', label: '全部（含拆分/合并）' },
          ]}
        />
        {holder && (
          <Button disabled={selected.length < 2} onClick={doMerge} loading={merge.isPending}>
            合并所选仓单
          </Button>
        )}
      </Space>
      <Table<Receipt>
        rowKey="id"
        size="middle"
        data-testid="receipt-table"
        columns={columns}
        dataSource={receipts.data?.items ?? []}
        loading={receipts.isPending || receipts.isPlaceholderData}
        scroll={{ x: 1350 }}
        rowSelection={
          holder
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (x) => ({ disabled: x.status !== 'LIVE' }),
              }
            : undefined
        }
        locale={{ emptyText: <Empty description="暂无电子仓单" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: receipts.data?.totalCount ?? 0,
          showTotal: (t) => `共 ${t} 张`,
          onChange: (page, size) => setPaging({ page, size }),
        }}
      />
      <Modal
        open={dialog !== null}
        title={dialog ? { split: '拆分仓单', cancel: '注销仓单' }[dialog.kind] : ''}
        onOk={() => form.submit()}
        okText="确认"
        okButtonProps={{ danger: dialog?.kind === 'cancel' }}
        confirmLoading={split.isPending || cancel.isPending}
        onCancel={close}
        destroyOnHidden
      >
        {r && (
          <Typography.Paragraph>
            {r.receiptNo} · {r.goodsName} · {qtyText(r.quantity, r.scale, r.unit)}
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" onFinish={submit}>
          {dialog?.kind === 'split' && r && (
            <Form.Item
              name="parts"
              label="拆分数量（用逗号分隔，合计须等于仓单数量）"
              rules={[
                { required: true, message: '请输入拆分数量' },
                {
                  validator: async (_: unknown, value: string) => {
                    const parts = (value ?? '').split(/[,，\s]+/).filter(Boolean);
                    if (parts.length < 2) throw new Error('拆分至少需要两份');
                    for (const p of parts) await quantityRule(() => r.scale, '拆分数量').validator(_, p);
                  },
                },
              ]}
            >
              <Input placeholder="如 40, 80" suffix={r.unit} />
            </Form.Item>
          )}
          {dialog?.kind === 'cancel' && (
            <Form.Item
              name="reason"
              label="注销原因"
              rules={[{ required: true, message: '请填写注销原因' }]}
              extra={r?.status === 'PLEDGED' ? '该仓单已质押：注销须经运营审核，货物仍保持质押。' : '注销后仓单项下货物恢复为可用。'}
            >
              <Input.TextArea rows={3} maxLength={200} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <EndorseDialog receipt={endorsing} onClose={() => setEndorsing(null)} />
    </>
  );
}
