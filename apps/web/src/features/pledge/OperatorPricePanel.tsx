import { chinaDate, formatPercent, formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { newIdempotencyKey } from '../../lib/confirm.ts';
import { dateTime } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { usePricePreview, usePrices, useRecordPrice, type GoodsPricePreview, type GoodsPriceRow } from './api.ts';

type PriceHistoryRow = GoodsPriceRow['history'][number];

type Affected = GoodsPricePreview['affected'][number];
const RISK_COLORS: Record<Affected['riskAfter'], string> = { NORMAL: 'green', WARNING: 'orange', LIQUIDATION: 'red' };
const MOVE_WORDS: Record<NonNullable<Affected['marginCall']>['action'], string> = {
  RAISE: '发出补缴通知',
  RESIZE: '调整补缴为',
  WITHDRAW: '撤销补缴通知',
};

/**
 * The operators' price list in /bpm/tasks: enter a price and read the history. Before saving, the
 * confirmation shows what the price would do — which live financings it pushes past the warning or
 * liquidation line and the margin calls it would raise; saving enters it for review, and it takes
 * effect (every live pledge of that goods marked to market) only when another operator approves it.
 */
export default function OperatorPricePanel() {
  const prices = usePrices();
  const record = useRecordPrice();
  const [form] = Form.useForm<{ goodsId: number; unitPrice: string; source: string }>();
  const [pending, setPending] = useState<{ goodsId: number; unitPrice: number; source: string; key: string } | null>(null);
  const preview = usePricePreview(pending && { goodsId: pending.goodsId, unitPrice: pending.unitPrice });
  const [last, setLast] = useState<string | null>(null);
  const p = preview.data;
  const per = (price: number | null | undefined) =>
    price === null || price === undefined ? '暂无报价' : `${yuan(price)}/${p?.unit ?? ''}`;
  const affectedColumns = usePhoneColumns<Affected>([
    { title: '融资编号', dataIndex: 'financingNo', fixed: 'left', width: 170 },
    { title: '企业', dataIndex: 'enterpriseName', width: 160, ellipsis: true },
    {
      title: '质押率（LTV）',
      width: 160,
      render: (_, a) => `${formatPercent(a.ltvBeforePpm)} → ${formatPercent(a.ltvAfterPpm)}`,
    },
    { title: '状态', width: 100, render: (_, a) => <Tag color={RISK_COLORS[a.riskAfter]}>{a.riskAfterLabel}</Tag> },
    {
      title: '补缴保证金',
      width: 180,
      render: (_, a) =>
        a.marginCall
          ? `${MOVE_WORDS[a.marginCall.action]}${a.marginCall.action === 'WITHDRAW' ? '' : ` ${formatYuan(a.marginCall.amount)} 元`}`
          : '—',
    },
  ]);
  const historyColumns = usePhoneColumns<PriceHistoryRow>([
    { title: '价格日期', dataIndex: 'priceDate', fixed: 'left', width: 110 },
    { title: '单价', align: 'right', width: 130, render: (_, h) => yuan(h.unitPrice) },
    { title: '来源', dataIndex: 'source', width: 220, ellipsis: true },
    { title: '录入人', dataIndex: 'recordedByName', width: 100 },
    { title: '录入时间', dataIndex: 'at', width: 170, render: (v: string) => dateTime(v) },
  ]);

  const confirm = async () => {
    if (!pending) return;
    const r = await record.run(
      {
        goodsId: pending.goodsId,
        unitPrice: pending.unitPrice,
        priceDate: chinaDate(),
        source: pending.source,
        idempotencyKey: pending.key,
      },
      { form },
    );
    setPending(null);
    if (r) {
      setLast(
        `已提交价格复核（任务 #${r.taskId}）：${r.goodsName} ${yuan(r.unitPrice)}/${r.unit}，须由另一位操作员在审批任务中复核通过后生效并盯市。`,
      );
      form.resetFields(['unitPrice']);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="pledge-prices">
      <Card title="录入货物价格（复核后盯市）">
        <Form
          form={form}
          layout="inline"
          onFinish={(v) =>
            setPending({ goodsId: v.goodsId, unitPrice: tryParseYuan(v.unitPrice)!, source: v.source, key: newIdempotencyKey() })
          }
        >
          <Form.Item name="goodsId" label="货物" rules={[{ required: true, message: '请选择货物' }]}>
            <Select style={{ width: 160 }} options={(prices.data ?? []).map((g) => ({ value: g.goodsId, label: g.goodsName }))} />
          </Form.Item>
          <Form.Item name="unitPrice" label="单价（元）" rules={[yuanRule('单价')]}>
            <Input inputMode="decimal" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="source" label="来源" rules={[{ required: true, message: '请输入价格来源' }]} initialValue="运营录入">
            <Input maxLength={100} style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            预览影响并保存
          </Button>
        </Form>
        {last && <Alert style={{ marginTop: 12 }} type="info" showIcon title={last} data-testid="price-submitted" />}
      </Card>
      <Modal
        open={!!pending}
        title="确认录入价格"
        width={760}
        okText="提交复核"
        confirmLoading={record.isPending}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
        okButtonProps={{ disabled: !p, 'data-testid': 'price-confirm' } as never}
      >
        {preview.isError && <Alert type="error" showIcon title={preview.error.message} />}
        {p && (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="price-preview">
            <Descriptions size="small" bordered column={1}>
              <Descriptions.Item label="货物">{p.goodsName}</Descriptions.Item>
              <Descriptions.Item label="单价（现价 → 新价）">
                {per(p.unitPriceBefore)} → {per(p.unitPrice)}
                {p.priceFalling ? '（下跌）' : ''}
              </Descriptions.Item>
              <Descriptions.Item label="重估质押融资">{p.revalued} 笔</Descriptions.Item>
            </Descriptions>
            {p.affected.length === 0 ? (
              <Alert type="success" showIcon title="没有质押融资会超过预警线或平仓线，也不会发出或调整补缴通知。" />
            ) : (
              <Table<Affected>
                size="small"
                rowKey="financingId"
                pagination={false}
                dataSource={p.affected}
                scroll={{ x: 770 }}
                columns={affectedColumns}
              />
            )}
            <Alert
              type="warning"
              showIcon
              title="提交后生成「质押货物价格复核」任务：须由另一位操作员复核通过，价格才生效并对上述融资盯市。"
            />
          </Space>
        )}
      </Modal>
      {(prices.data ?? []).length === 0 && !prices.isPending && <Empty description="暂无质押货物" />}
      {(prices.data ?? []).map((g) => (
        <Card
          key={g.goodsId}
          size="small"
          title={`${g.goodsName}：${g.unitPrice === null ? '暂无报价' : `${yuan(g.unitPrice)}/${g.unit}`}`}
        >
          <Table<PriceHistoryRow>
            size="small"
            rowKey="id"
            pagination={{ pageSize: 5 }}
            dataSource={g.history}
            scroll={{ x: 730 }}
            columns={historyColumns}
          />
        </Card>
      ))}
    </Space>
  );
}
