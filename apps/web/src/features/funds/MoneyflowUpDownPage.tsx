import { Card, Empty, Form, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCounterparties, type CounterpartyFilters, type CounterpartyFlow } from './api.ts';
import { dateTime } from '../../lib/format.ts';
import { DateRangePicker } from '../../lib/DateRangePicker.tsx';
import { yuanCell } from '../../lib/Money.tsx';
import { RELATION_LABELS } from './labels.ts';

/** `/user/moneyflowUpDown` (PRODUCT §5): fund flows with upstream suppliers and downstream customers, grouped by counterparty, with totals. */
export default function MoneyflowUpDownPage() {
  const [filters, setFilters] = useState<CounterpartyFilters>({});
  const q = useCounterparties(filters);
  const totals = q.data?.totals;
  return (
    <Card title="上下游资金往来">
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onValuesChange={(_, all: { relation?: 'UPSTREAM' | 'DOWNSTREAM'; range?: [Dayjs | null, Dayjs | null] | null }) =>
          setFilters({
            relation: all.relation || undefined,
            startDate: all.range?.[0]?.format('YYYY-MM-DD'),
            endDate: all.range?.[1]?.format('YYYY-MM-DD'),
          })
        }
      >
        <Form.Item name="relation" label="关系">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 140 }}
            options={[
              { value: 'UPSTREAM', label: '上游供应商' },
              { value: 'DOWNSTREAM', label: '下游客户' },
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label="日期" style={{ maxWidth: '100%' }}>
          <DateRangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </Form>
      <Table<CounterpartyFlow>
        rowKey={(r) => `${r.counterpartyName}|${r.counterpartyAccount ?? ''}`}
        loading={q.isFetching}
        dataSource={q.data?.items ?? []}
        pagination={false}
        // Wider than a phone: the table scrolls inside its card, the page does not.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="暂无与上下游的资金往来" /> }}
        columns={[
          { title: '交易对手', dataIndex: 'counterpartyName' },
          { title: '对方账号', dataIndex: 'counterpartyAccount', render: (v: string | null) => v ?? '—' },
          {
            title: '关系',
            dataIndex: 'relation',
            render: (r: CounterpartyFlow['relation']) => <Tag color={r === 'UPSTREAM' ? 'blue' : 'green'}>{RELATION_LABELS[r]}</Tag>,
          },
          { title: '收入（元）', dataIndex: 'inflow', align: 'right', render: yuanCell },
          { title: '支出（元）', dataIndex: 'outflow', align: 'right', render: yuanCell },
          { title: '净额（元）', key: 'net', align: 'right', render: (_: unknown, r) => yuanCell(r.inflow - r.outflow) },
          { title: '笔数', dataIndex: 'count', align: 'right' },
          { title: '最近往来', dataIndex: 'lastAt', render: (v: string) => dateTime(v) },
        ]}
        summary={() =>
          totals && q.data?.items.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>合计</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Typography.Text strong>{yuanCell(totals.inflow)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Typography.Text strong>{yuanCell(totals.outflow)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <Typography.Text strong>{yuanCell(totals.inflow - totals.outflow)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {totals.count}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}
