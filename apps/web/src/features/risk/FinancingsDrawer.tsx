import { Drawer, Space, Table, Tag } from 'antd';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { date } from '../../lib/format.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import { useExposureFinancings, type DrillDown, type RiskFinancing } from './api.ts';

/** The financings behind one row of the exposure (the drill-down). */
export default function FinancingsDrawer({ drill, title, onClose }: { drill: DrillDown | null; title: string; onClose: () => void }) {
  const q = useExposureFinancings(drill);
  const columns = usePhoneColumns<RiskFinancing>([
    { title: '融资编号', dataIndex: 'financingNo', width: 190 },
    { title: '产品', dataIndex: 'productLabel', width: 150 },
    { title: '借款人', dataIndex: 'borrowerName', width: 180 },
    { title: '到期日', dataIndex: 'dueDate', width: 110, render: (v: string | null) => date(v) },
    {
      title: '逾期天数',
      dataIndex: 'daysPastDue',
      width: 120,
      render: (v: number, r) => (
        <Space size={4}>
          {v}
          {r.nonPerforming && <Tag color="error">不良</Tag>}
        </Space>
      ),
    },
    { title: '未偿本金', dataIndex: 'principal', width: 140, align: 'right', render: money },
    { title: '利息', dataIndex: 'interest', width: 120, align: 'right', render: money },
    { title: '罚息', dataIndex: 'penalty', width: 110, align: 'right', render: money },
    { title: '合计', dataIndex: 'total', width: 140, align: 'right', render: money },
  ]);
  return (
    <Drawer open={drill !== null} onClose={onClose} title={title} width="min(960px, 100vw)" destroyOnHidden>
      {q.isError ? (
        <LoadFailure title="融资明细加载失败" error={q.error} retry={() => void q.refetch()} />
      ) : (
        <Table<RiskFinancing>
          data-testid="risk-drill-table"
          rowKey={(r) => `${r.product}-${r.id}`}
          size="small"
          loading={q.isLoading}
          dataSource={q.data ?? []}
          columns={columns}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '暂无融资' }}
        />
      )}
    </Drawer>
  );
}
