import { QuantityInput } from './QuantityInput.tsx';
import { compareQty, sumQuantities, toQuantityText } from '@factoring/domain';
import { Alert, Button, Card, Checkbox, Descriptions, Empty, Popconfirm, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { yuan } from '../../lib/money.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { useAddGoods, useAddGoodsQuote, type AddGoodsQuote, type AddGoodsResult } from './delivery-api.ts';
import { checkPledgeQuantity } from './quantity.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

type AddStock = NonNullable<AddGoodsQuote>['stock'][number];

/**
 * /pledge/giveGold, the other way to meet a margin call: pledge more of the same goods from own
 * available stock (or live receipts) in the same warehouse. The server checks that the value added
 * at the current price restores the pledge rate; here the least quantity is shown and enforced.
 */
export function AddGoodsCard({ id, onDone }: { id: number; onDone(result: AddGoodsResult): void }) {
  const quote = useAddGoodsQuote(id);
  const addGoods = useAddGoods();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [receipts, setReceipts] = useState<number[]>([]);
  const [key, renewKey] = useSubmissionKey();
  const q = quote.data;
  const unit = q?.unit ?? '';
  const checks = new Map(
    (q?.stock ?? []).map((s) => [s.positionId, checkPledgeQuantity(quantities[s.positionId], { ...s, unit, scale: q!.scale })]),
  );
  const columns = usePhoneColumns<AddStock>([
    { title: '批次', dataIndex: 'batchNo', fixed: 'left', width: 90 },
    // The warehouse and the goods are the financing's own; two rows of one batch differ by their location (issue 37).
    { title: '库位', dataIndex: 'locationCode', width: 90 },
    {
      title: '补充质押',
      width: 150,
      render: (_, s) => {
        if (compareQty(s.available, '0') <= 0) return '—';
        return (
          <QuantityInput
            label={`补充质押数量 ${s.batchNo}（库位 ${s.locationCode}）`}
            errorId={`add-goods-error-${s.positionId}`}
            value={quantities[s.positionId]}
            available={s.available}
            unit={unit}
            problem={checks.get(s.positionId)?.problem ?? null}
            onChange={(value) => setQuantities((m) => ({ ...m, [s.positionId]: value }))}
          />
        );
      },
    },
    { title: '可用数量', align: 'right', width: 130, render: (_, s) => `${s.available} ${unit}` },
    {
      title: '仓单',
      width: 220,
      render: (_, s) =>
        s.receipts.length
          ? s.receipts.map((r) => (
              <Checkbox
                key={r.id}
                checked={receipts.includes(r.id)}
                onChange={(e) => setReceipts((ids) => (e.target.checked ? [...ids, r.id] : ids.filter((x) => x !== r.id)))}
              >
                {`${r.receiptNo}（${r.quantity} ${unit}）`}
              </Checkbox>
            ))
          : '—',
    },
  ]);
  if (quote.isPending) return <Skeleton active />;
  if (!q?.marginCall) return null;
  const receiptQuantities = q.stock.flatMap((s) => s.receipts.filter((r) => receipts.includes(r.id)).map((r) => r.quantity));
  const problems = [...checks.values()].filter((c) => c.problem).length;
  const lines = [...checks.entries()].filter(([, c]) => c.quantity !== null).map(([positionId, c]) => [positionId, c.quantity!] as const);
  const total = toQuantityText(sumQuantities(...lines.map(([, v]) => v), ...receiptQuantities), q.scale);
  const enough = problems === 0 && compareQty(total, q.minimumQuantity) >= 0 && compareQty(total, '0') > 0;

  return (
    <Card title="或：补充质押货物" size="small" data-testid="add-goods">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="质押货物">{q.goodsName}</Descriptions.Item>
        <Descriptions.Item label="当前单价">{`${yuan(q.unitPrice)} / ${q.unit}`}</Descriptions.Item>
        <Descriptions.Item label="已质押">{`${q.pledgedQuantity} ${q.unit}`}</Descriptions.Item>
      </Descriptions>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`按当前单价，至少需补充质押 ${q.minimumQuantity} ${q.unit}（同一监管仓库的同种货物），质押率即恢复，无需补缴 ${yuan(q.marginCall.amount)}。`}
      />
      <Table
        rowKey="positionId"
        size="small"
        pagination={false}
        scroll={{ x: 590 }}
        dataSource={q.stock}
        locale={{ emptyText: <Empty description={`该仓库没有可补充质押的${q.goodsName}库存`} /> }}
        columns={columns}
      />
      <div style={{ marginTop: 12, display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography.Text type={enough || (compareQty(total, '0') === 0 && problems === 0) ? undefined : 'danger'}>
          {problems > 0
            ? '补充数量有误，请更正标红的数量'
            : `本次补充 ${total} ${q.unit}${!enough && compareQty(total, '0') > 0 ? `，不足 ${q.minimumQuantity} ${q.unit}` : ''}`}
        </Typography.Text>
        <Popconfirm
          title={`确认补充质押 ${q.goodsName} ${total} ${q.unit}？质押后货物不能出库，直至赎回。`}
          disabled={!enough}
          {...promptButtons('确认补充')}
          onConfirm={async () => {
            const r = await addGoods.run({
              id,
              lines: [
                ...lines.map(([positionId, quantity]) => ({ positionId, quantity })),
                ...receipts.map((receiptId) => ({ receiptId })),
              ],
              idempotencyKey: key,
            });
            if (!r) return;
            renewKey();
            onDone(r);
          }}
        >
          <Button type="primary" disabled={!enough} loading={addGoods.isPending} data-testid="add-goods-submit">
            补充质押
          </Button>
        </Popconfirm>
      </div>
    </Card>
  );
}
