import type { CloudLoanSchedule } from '@factoring/domain/contract';
import { Alert, Table, Typography } from 'antd';
import { yuan } from '../../lib/money.ts';

type Row = CloudLoanSchedule['rows'][number];

/** A repayment plan: period, due date, payment, principal, interest, remaining principal, and a totals row. */
export function ScheduleTable({
  schedule,
  loading,
  testId = 'schedule',
}: {
  schedule: CloudLoanSchedule | undefined;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <>
      {schedule?.shortenedFrom && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`按此方式计算，借款在第 ${schedule.rows.length} 期即已还清（申请 ${schedule.shortenedFrom} 期），还款计划不含金额为 0.00 的期次。`}
        />
      )}
      <Table<Row>
        rowKey="period"
        size="small"
        loading={loading}
        data-testid={testId}
        dataSource={schedule?.rows ?? []}
        locale={{ emptyText: '填写借款信息后显示还款计划' }}
        scroll={{ x: 640, y: 480 }}
        pagination={false}
        virtual={(schedule?.rows.length ?? 0) > 60}
        columns={[
          { title: '期数', dataIndex: 'period', width: 64 },
          { title: '还款日', dataIndex: 'dueDate', width: 110 },
          { title: '应还金额', dataIndex: 'payment', align: 'right', render: yuan },
          { title: '本金', dataIndex: 'principal', align: 'right', render: yuan },
          { title: '利息', dataIndex: 'interest', align: 'right', render: yuan },
          { title: '剩余本金', dataIndex: 'remaining', align: 'right', render: yuan },
        ]}
        summary={() =>
          schedule ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>合计</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Typography.Text strong data-testid={`${testId}-total-payment`}>
                    {yuan(schedule.totals.payment)}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong>{yuan(schedule.totals.principal)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Typography.Text strong data-testid={`${testId}-total-interest`}>
                    {yuan(schedule.totals.interest)}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} />
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </>
  );
}
