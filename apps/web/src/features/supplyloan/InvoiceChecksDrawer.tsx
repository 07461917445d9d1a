import { INVOICE_CHECK_LABELS, type InvoiceCheckOutcome } from '@factoring/domain';
import { Descriptions, Drawer, Empty, Spin, Table, Tag } from 'antd';
import { dateTime } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { useInvoiceChecks, type Invoice, type InvoiceCheck } from './api.ts';
import { CHECK_COLORS } from './labels.ts';

/** Every tax bureau check of one invoice (issue 36): when, why (registration, before disbursement, weekly), who, the answer. */
export function InvoiceChecksDrawer({ invoice, onClose }: { invoice: Invoice | null; onClose(): void }) {
  const checks = useInvoiceChecks(invoice?.id ?? null);
  const bureau = checks.data?.find((c) => c.bureau)?.bureau ?? null;
  return (
    <Drawer
      open={!!invoice}
      onClose={onClose}
      title={`税务查验记录 ${invoice?.invoiceNumber ?? ''}`}
      width={720}
      data-testid="invoice-checks"
    >
      {checks.isLoading ? (
        <Spin aria-busy="true" />
      ) : checks.isError ? (
        <LoadFailure title="查验记录加载失败" error={checks.error} retry={() => checks.refetch()} />
      ) : (
        <>
          {bureau && (
            <Descriptions size="small" column={2} title="税务局记录" style={{ marginBottom: 16 }}>
              <Descriptions.Item label="销售方">{bureau.sellerName}</Descriptions.Item>
              <Descriptions.Item label="购买方">{bureau.buyerName}</Descriptions.Item>
              <Descriptions.Item label="开票日期">{bureau.issueDate}</Descriptions.Item>
              <Descriptions.Item label="价税合计">{money(bureau.amount)}</Descriptions.Item>
              {bureau.remark && <Descriptions.Item label="备注">{bureau.remark}</Descriptions.Item>}
            </Descriptions>
          )}
          <Table<InvoiceCheck>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={checks.data ?? []}
            locale={{ emptyText: <Empty description="尚无查验记录" /> }}
            columns={[
              { title: '时间', dataIndex: 'checkedAt', render: (v: string) => dateTime(v) },
              { title: '查验环节', dataIndex: 'triggerLabel' },
              {
                title: '结果',
                dataIndex: 'outcome',
                render: (o: InvoiceCheckOutcome) => <Tag color={CHECK_COLORS[o]}>{INVOICE_CHECK_LABELS[o]}</Tag>,
              },
              { title: '说明', dataIndex: 'message', render: (v: string) => <span style={{ display: 'block', maxWidth: 320 }}>{v}</span> },
              { title: '查验人', dataIndex: 'actorName' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
