import { Alert, Button, Card, Descriptions, Form, Input, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { chinaTodayPick } from '../../lib/china-today.ts';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { DatePicker } from '../../lib/date-picker.ts';
import { dateTime } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { yuan, yuanRule } from '../../lib/money.ts';
import { promptButtons } from '../../lib/prompt-words.ts';
import { useFactoringDesk, type DeskCollectionRow, type ShortfallRow } from './factoring-desk-api.ts';
import { COLLECTION_STATE_COLORS, misdirectedBodyOf, OPEN_COLLECTION_STATES } from './factoring-money.ts';
import { useRecordMisdirected, type MisdirectedRecorded } from './record-misdirected-api.ts';

/** The task type of a buy-back awaiting approval (server: supplyloan/factoring/shortfall-step.ts BUYBACK_TASK). */
const BUYBACK_TASK = 'FACTORING_BUYBACK';

interface MisdirectedForm {
  amount: string;
  payerName: string;
  receivedOn: Dayjs;
  note?: string;
}

/** What waits for the operator's confirmation: the body as it will be sent, with its one idempotency key. */
interface Pending {
  row: ShortfallRow;
  body: { amount: number; payerName: string; receivedOn: string; note?: string };
  key: string;
}

/**
 * 保理回款 in the back office (/bpm/tasks?tab=factoring; issue 36, PRODUCT §13 factoring money): the factored invoice
 * financings past their due date — in grace, short at the end of it (bought back by the supplier with recourse,
 * written off without) — with the buy-back task when one waits, and the latest collections. A debtor payment that
 * reached the supplier instead of the factor is recorded here (登记误付回款); a second operator approves the task in
 * the inbox, which makes the supplier's account pay it over. This tab lives in the supplyloan feature: the
 * financings, their tranches, the buy-back and the server's factoring module (modules/supplyloan/factoring) are
 * the supply-loan product's.
 */
export default function FactoringDesk({ active }: { active: boolean }) {
  const desk = useFactoringDesk(active);
  const [recording, setRecording] = useState<ShortfallRow | null>(null);
  const [done, setDone] = useState<(MisdirectedRecorded & { financingNo: string; amount: number }) | null>(null);

  if (desk.isError) return <LoadFailure title="保理回款台加载失败" error={desk.error} retry={() => void desk.refetch()} />;
  if (desk.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { shortfalls, collections } = desk.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="factoring-desk">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        债务人应于到期日付款至保理商收款账户；到期日加宽限期后仍未付清的，有追索权的由供应商回购，无追索权的由保理商核销。
        债务人误将款项付给供应商的，在此登记误付回款，经另一位操作员复核后从供应商账户转付。
      </Typography.Paragraph>
      {done && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setDone(null)}
          data-testid="misdirected-done"
          title={`已登记 ${done.financingNo} 的误付回款 ${yuan(done.amount)}，复核任务 #${done.taskId} 已生成`}
          description={
            <>
              今日尚欠保理商 {yuan(done.owed)}；另一位操作员在「审批任务」中复核通过后，从供应商账户转付 <b>{yuan(done.forward)}</b>
              {done.amount > done.forward && `（超出尚欠的 ${yuan(done.amount - done.forward)} 不转付，仍归供应商）`}。
            </>
          }
        />
      )}
      <Card size="small" title={`到期未结清（${shortfalls.length}）`}>
        <Table<ShortfallRow>
          size="small"
          rowKey="financingId"
          dataSource={shortfalls}
          pagination={shortfalls.length > 10 ? { pageSize: 10, showTotal: (n) => `共 ${n} 笔` } : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无到期未结清的保理融资' }}
          data-testid="factoring-shortfalls"
          columns={[
            { title: '融资编号', dataIndex: 'financingNo' },
            {
              title: '供应商 / 债务人',
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <span>{r.supplierName}</span>
                  <Typography.Text type="secondary">{r.debtorName}</Typography.Text>
                </Space>
              ),
            },
            {
              title: '追索权',
              dataIndex: 'recourse',
              render: (r: boolean) => <Tag color={r ? 'blue' : 'purple'}>{r ? '有追索权' : '无追索权'}</Tag>,
            },
            {
              title: '到期日 / 最迟回款日',
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <span>{r.dueDate}</span>
                  <Typography.Text type="secondary">{r.collectBy}</Typography.Text>
                </Space>
              ),
            },
            { title: '应收账款', dataIndex: 'receivable', align: 'right', render: money },
            { title: '今日尚欠', dataIndex: 'owedToday', align: 'right', render: money },
            {
              title: '状态',
              dataIndex: 'state',
              render: (s: ShortfallRow['state'], r) => (
                <Space size={4} wrap>
                  <Tag color={COLLECTION_STATE_COLORS[s]} data-testid={`factoring-state-${r.financingId}`}>
                    {r.stateLabel}
                  </Tag>
                  {r.buybackTaskId !== null && (
                    // The inbox of the back office, its pending buy-backs (a new page load: this page reads its tab once).
                    <a href={`/bpm/tasks?tab=tasks&type=${BUYBACK_TASK}`} data-testid={`buyback-task-${r.financingId}`}>
                      <Tag color="orange">回购审批 #{r.buybackTaskId}</Tag>
                    </a>
                  )}
                </Space>
              ),
            },
            {
              title: '操作',
              fixed: 'right',
              render: (_, r) =>
                OPEN_COLLECTION_STATES.has(r.state) ? (
                  <Button size="small" onClick={() => setRecording(r)} data-testid={`record-misdirected-${r.financingId}`}>
                    登记误付回款
                  </Button>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Card>
      <Card size="small" title="最近回款">
        <Table<DeskCollectionRow>
          size="small"
          rowKey="id"
          dataSource={collections}
          pagination={collections.length > 10 ? { pageSize: 10, showTotal: (n) => `共 ${n} 笔` } : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无回款' }}
          data-testid="factoring-collections"
          columns={[
            { title: '日期', dataIndex: 'collectedOn' },
            { title: '融资编号', dataIndex: 'financingNo' },
            { title: '供应商', dataIndex: 'supplierName' },
            { title: '类型', dataIndex: 'kindLabel' },
            { title: '金额', dataIndex: 'amount', align: 'right', render: money },
            { title: '本金', dataIndex: 'principal', align: 'right', render: money },
            { title: '利息', dataIndex: 'interest', align: 'right', render: money },
            { title: '罚息', dataIndex: 'penalty', align: 'right', render: money },
            { title: '返还供应商', dataIndex: 'rebate', align: 'right', render: money },
            { title: '退还利息', dataIndex: 'interestRefund', align: 'right', render: money },
            { title: '付款人', dataIndex: 'payerName', render: (v: string | null) => v ?? '—' },
            { title: '流水号', dataIndex: 'refNo', render: (v: string | null) => v ?? '—' },
            { title: '记账时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
          ]}
        />
      </Card>
      <RecordMisdirected
        // A new form for each row (its payer defaults to the row's debtor); 返回 from the confirmation keeps the typed values.
        key={recording?.financingId ?? 'none'}
        row={recording}
        onClose={() => setRecording(null)}
        onDone={(row, amount, answer) => {
          setRecording(null);
          setDone({ ...answer, financingNo: row.financingNo, amount });
        }}
      />
    </Space>
  );
}

/** The form, then a confirmation naming the amount; one idempotency key per confirmation, kept across retries. */
function RecordMisdirected({
  row,
  onClose,
  onDone,
}: {
  row: ShortfallRow | null;
  onClose(): void;
  onDone(row: ShortfallRow, amount: number, answer: MisdirectedRecorded): void;
}) {
  const [form] = Form.useForm<MisdirectedForm>();
  const [pending, setPending] = useState<Pending | null>(null);
  const record = useRecordMisdirected();
  const today = chinaTodayPick();

  const review = (v: MisdirectedForm) => {
    if (!row) return;
    const body = misdirectedBodyOf({ ...v, receivedOn: v.receivedOn?.format('YYYY-MM-DD') });
    if (body) setPending({ row, body, key: newIdempotencyKey() });
  };
  const confirm = async () => {
    if (!pending) return;
    const answer = await record.run({ financingId: pending.row.financingId, ...pending.body, idempotencyKey: pending.key }, { form });
    if (!answer) return;
    setPending(null);
    form.resetFields();
    onDone(pending.row, pending.body.amount, answer);
  };

  return (
    <>
      <Modal
        open={row !== null && pending === null}
        title={row ? `登记误付回款 · ${row.financingNo}` : '登记误付回款'}
        okText="下一步"
        cancelText="返回"
        onOk={() => form.submit()}
        onCancel={() => {
          form.resetFields();
          onClose();
        }}
        data-testid="misdirected-modal"
      >
        {row && (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={`债务人 ${row.debtorName} 应付保理商的款项误付至供应商 ${row.supplierName}：登记后生成复核任务，复核通过后从供应商账户转付，最多转付今日尚欠 ${yuan(row.owedToday)}。`}
            />
            <Form<MisdirectedForm>
              form={form}
              layout="vertical"
              onFinish={review}
              initialValues={{ payerName: row.debtorName, receivedOn: today }}
            >
              <Form.Item name="amount" label="供应商收到的金额（元）" required rules={[yuanRule('金额')]}>
                <Input inputMode="decimal" placeholder="例如 100000.00" maxLength={20} data-testid="misdirected-amount" />
              </Form.Item>
              <Form.Item
                name="payerName"
                label="付款人"
                rules={[
                  { required: true, whitespace: true, message: '请输入付款人' },
                  { max: 100, message: '付款人最多 100 个字' },
                ]}
              >
                <Input maxLength={100} data-testid="misdirected-payer" />
              </Form.Item>
              <Form.Item name="receivedOn" label="收到日期" rules={[{ required: true, message: '请选择收到日期' }]}>
                <DatePicker
                  style={{ width: '100%' }}
                  disabledDate={(d) => d.isAfter(today, 'day')}
                  allowClear={false}
                  data-testid="misdirected-date"
                />
              </Form.Item>
              <Form.Item name="note" label="说明" rules={[{ max: 200, message: '说明最多 200 个字' }]}>
                <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：供应商银行回单号" />
              </Form.Item>
            </Form>
          </>
        )}
      </Modal>
      <Modal
        open={pending !== null}
        title="确认登记误付回款"
        {...promptButtons('确认登记')}
        confirmLoading={record.isPending}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
        okButtonProps={{ 'data-testid': 'misdirected-confirm' } as never}
        data-testid="misdirected-confirm-modal"
      >
        {pending && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="融资编号">{pending.row.financingNo}</Descriptions.Item>
              <Descriptions.Item label="供应商">{pending.row.supplierName}</Descriptions.Item>
              <Descriptions.Item label="付款人">{pending.body.payerName}</Descriptions.Item>
              <Descriptions.Item label="供应商收到">
                <Typography.Text strong data-testid="misdirected-confirm-amount">
                  {yuan(pending.body.amount)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="收到日期">{pending.body.receivedOn}</Descriptions.Item>
              {pending.body.note && <Descriptions.Item label="说明">{pending.body.note}</Descriptions.Item>}
            </Descriptions>
            <Typography.Text type="secondary">
              提交后不立即扣款：另一位操作员复核通过后，从供应商账户转付至多今日尚欠的 {yuan(pending.row.owedToday)}。
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </>
  );
}
