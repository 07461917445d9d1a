import { formatYuan } from '@factoring/domain';
import { Alert, Button, Card, Col, Popconfirm, Row, Space, Table, Typography } from 'antd';
import { money } from '../../lib/Money.tsx';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { percent } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { useBookReserve, type Aging, type ReserveLine } from './api.ts';
import { Stat } from './Stat.tsx';
import { promptButtons } from '../../lib/prompt-words.ts';

// 账龄 → 风险准备金 (issue 27): the reserve required (1 % of the factoring balance plus each bucket's
// specific rate from 限额设置) beside the reserve booked, and the operator's 计提 / 转回 of the difference,
// confirmed with the amount before money moves. The server refuses if the book changed meanwhile.

export default function ReserveCard({ aging: a }: { aging: Aging }) {
  const bookReserve = useBookReserve();
  const [key, renew] = useSubmissionKey();
  const columns = usePhoneColumns<ReserveLine>([
    { title: '账龄', dataIndex: 'label', width: 190 },
    { title: '未偿本金', dataIndex: 'principal', width: 140, align: 'right', render: money },
    { title: '专项计提比例', dataIndex: 'ratePpm', width: 120, align: 'right', render: (ppm: number) => percent(ppm) },
    { title: '专项准备金', dataIndex: 'reserve', width: 140, align: 'right', render: money },
  ]);
  const delta = a.requiredReserve - a.bookedReserve;
  const action = delta >= 0 ? '计提风险准备金' : '转回风险准备金';
  const submit = async () => {
    const done = await bookReserve.run({ expectedRequired: a.requiredReserve, idempotencyKey: key });
    if (done) renew();
  };

  return (
    <Card size="small" title="风险准备金" data-testid="risk-reserve-card">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Row gutter={[12, 12]}>
          <Col xs={24} sm={8}>
            <Stat title="应计提" cents={a.requiredReserve} testId="risk-reserve-required" />
          </Col>
          <Col xs={24} sm={8}>
            <Stat title="已计提" cents={a.bookedReserve} testId="risk-reserve-booked" />
          </Col>
          <Col xs={24} sm={8}>
            <Stat title={delta >= 0 ? '差额（待计提）' : '差额（多计提，可转回）'} cents={Math.abs(delta)} testId="risk-reserve-gap" />
          </Col>
        </Row>
        <Typography.Text type="secondary">
          应计提 = 一般准备（保理余额 {money(a.factoringBalance)} × {percent(a.reserveRatePpm)}，{money(a.generalReserve)}）+
          各账龄段专项准备（比例在「限额设置」中设定），均向上取整到分。已计提为「风险准备金」科目余额。
        </Typography.Text>
        <Table<ReserveLine>
          rowKey="bucket"
          size="small"
          dataSource={a.reserveByBucket}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="risk-reserve-table"
        />
        {delta === 0 ? (
          <Alert type="success" showIcon message="已计提金额与应计提金额相等，无需调整。" />
        ) : (
          <Popconfirm
            title={`${action}？`}
            description={
              delta > 0
                ? `将计提 ¥${formatYuan(delta)}（借：资产减值损失，贷：风险准备金），已计提余额变为 ¥${formatYuan(a.requiredReserve)}。`
                : `将转回 ¥${formatYuan(-delta)}（借：风险准备金，贷：资产减值损失），已计提余额变为 ¥${formatYuan(a.requiredReserve)}。`
            }
            {...promptButtons(delta > 0 ? '确认计提' : '确认转回')}
            onConfirm={submit}
          >
            <Button type="primary" danger={delta < 0} loading={bookReserve.isPending} data-testid="risk-reserve-book">
              {action}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}
