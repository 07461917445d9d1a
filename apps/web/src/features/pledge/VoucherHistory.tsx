import { Empty, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { dateTime } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import type { PledgeVoucher } from './payment-api.ts';

const STATUS_COLORS: Record<string, string> = { PENDING: 'processing', CONFIRMED: 'success', REJECTED: 'error', WITHDRAWN: 'default' };

/** The vouchers of a financing so far, newest first. */
export function VoucherHistory({ vouchers }: { vouchers: PledgeVoucher[] }) {
  return (
    <Table<PledgeVoucher>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={vouchers}
      scroll={{ x: 640 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无转账凭证" /> }}
      columns={[
        { title: '凭证编号', render: (_, v) => <Link to={`/pledge/voucherSucess?voucher=${v.id}`}>{v.voucherNo}</Link> },
        { title: '款项', dataIndex: 'kindLabel' },
        { title: '金额', align: 'right', render: (_, v) => yuan(v.amount) },
        { title: '状态', render: (_, v) => <Tag color={STATUS_COLORS[v.status]}>{v.statusLabel}</Tag> },
        { title: '提交时间', render: (_, v) => dateTime(v.createdAt) },
        { title: '说明', render: (_, v) => v.reviewNote ?? (v.refNo ? `流水号 ${v.refNo}` : '—') },
      ]}
    />
  );
}
