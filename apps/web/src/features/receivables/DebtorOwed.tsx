import { Alert, Space, Table, Tag, Typography } from 'antd';
import { CopyableText } from '../../lib/CopyableText.tsx';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money, Money } from '../../lib/Money.tsx';
import { COLLECTION_STATE_COLORS } from '../../lib/collection-state-colors.ts';
import { useDebtorOwed, type DebtorOwedRow } from './debtor-owed-api.ts';

/**
 * 应付账款 on the debtor's /receivables/confirmations (issue 36, PRODUCT §13 factoring money; 民法典 art. 546): each
 * receivable its creditor assigned to a factor, what it still owes, by when, and where to pay — the factor's
 * collection account once notified — with the reference to quote, so the factor's bank statement matches the payment.
 */
export function DebtorOwed() {
  const owed = useDebtorOwed();
  if (owed.isError) return <LoadFailure title="应付账款加载失败" error={owed.error} retry={() => void owed.refetch()} />;
  const rows = owed.data ?? [];
  const open = rows.filter((r) => r.stillToPay > 0);
  const total = open.reduce((s, r) => s + r.stillToPay, 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="debtor-owed">
      {open.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={
            <>
              尚需支付 {open.length} 笔，合计 <Money cents={total} />
            </>
          }
          description="请按「付款至」所列账户付款，并在付款附言中注明「付款附言」一栏的编号；付至其他账户的款项不能解除贵单位的付款义务。"
        />
      )}
      <Table<DebtorOwedRow>
        rowKey="financingId"
        size="small"
        loading={owed.isPending}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={rows.length > 10 ? { pageSize: 10, showTotal: (n) => `共 ${n} 笔` } : false}
        locale={{ emptyText: '暂无已转让给保理商的应付账款' }}
        columns={[
          { title: '原债权人（转让人）', dataIndex: 'creditorName' },
          { title: '融资编号', dataIndex: 'financingNo' },
          { title: '应收账款', dataIndex: 'receivable', align: 'right', render: money },
          { title: '已付', dataIndex: 'paid', align: 'right', render: money },
          {
            title: '尚需支付',
            dataIndex: 'stillToPay',
            align: 'right',
            render: (v: number, r) => (
              <Typography.Text strong={v > 0} data-testid={`owed-${r.financingId}`}>
                <Money cents={v} />
              </Typography.Text>
            ),
          },
          { title: '到期日', dataIndex: 'dueDate' },
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: DebtorOwedRow['state'], r) => (
              <Tag color={COLLECTION_STATE_COLORS[s]} data-testid={`owed-state-${r.financingId}`}>
                {r.stateLabel}
              </Tag>
            ),
          },
          {
            title: '付款附言',
            dataIndex: 'reference',
            render: (v: string) => <CopyableText text={v} />,
          },
          {
            title: '付款至',
            dataIndex: 'payTo',
            render: (v: string) => <span style={{ display: 'block', minWidth: 200, maxWidth: 300 }}>{v}</span>,
          },
        ]}
      />
    </Space>
  );
}
