import { chinaDate, formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Empty, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { usePrices, useRecordPrice } from './api.ts';

/** The operators' price list in /bpm/tasks: record a price (every live pledge of that goods is marked to market) and read the history. */
export default function OperatorPricePanel() {
  const prices = usePrices();
  const record = useRecordPrice();
  const [form] = Form.useForm<{ goodsId: number; unitPrice: string; source: string }>();
  const [last, setLast] = useState<string | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="pledge-prices">
      <Card title="录入货物价格（盯市）">
        <Form
          form={form}
          layout="inline"
          onFinish={async (v) => {
            const r = await record.run(
              { goodsId: v.goodsId, unitPrice: tryParseYuan(v.unitPrice)!, priceDate: chinaDate(), source: v.source },
              { form },
            );
            if (r) {
              setLast(
                `已重估 ${r.revalued} 笔质押融资，${r.warnings} 笔超过预警线，${r.marginCalls.length} 笔需补缴保证金${r.marginCalls.map((c) => `（${c.financingNo} ${formatYuan(c.amount)} 元）`).join('')}`,
              );
              form.resetFields(['unitPrice']);
            }
          }}
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
          <Button type="primary" htmlType="submit" loading={record.isPending}>
            保存并盯市
          </Button>
        </Form>
        {last && <Alert style={{ marginTop: 12 }} type="info" showIcon message={last} />}
      </Card>
      {(prices.data ?? []).length === 0 && !prices.isPending && <Empty description="暂无质押货物" />}
      {(prices.data ?? []).map((g) => (
        <Card
          key={g.goodsId}
          size="small"
          title={`${g.goodsName}：${g.unitPrice === null ? '暂无报价' : `${yuan(g.unitPrice)}/${g.unit}`}`}
        >
          <Table
            size="small"
            rowKey="id"
            pagination={{ pageSize: 5 }}
            dataSource={g.history}
            columns={[
              { title: '价格日期', dataIndex: 'priceDate' },
              { title: '单价', render: (_, h) => yuan(h.unitPrice) },
              { title: '来源', dataIndex: 'source' },
              { title: '录入人', dataIndex: 'recordedByName' },
              { title: '录入时间', dataIndex: 'at', render: (v: string) => dateTime(v) },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}
