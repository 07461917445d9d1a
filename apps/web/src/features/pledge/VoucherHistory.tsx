import { Empty, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { dateTime } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { usePhoneColumns } from '../../lib/table.tsx';
import type { PledgeVoucher } from './payment-api.ts';

const STATUS_COLORS: Record<string, string> = { PENDING: 'processing', CONFIRMED: 'success', REJECTED: 'error', WITHDRAWN: 'default' };

/** The vouchers of a financing so far, newest first. */
export function VoucherHistory({ vouchers }: { vouchers: PledgeVoucher[] }) {
  const columns = usePhoneColumns<PledgeVoucher>([
    {
      title: '凭证编号',
      fixed: 'left',
      width: 170,
      render: (_, v) => <Link to={`/pledge/voucherSucess?voucher=${v.id}`}>{v.voucherNo}</Link>,
    },
    { title: '款项', dataIndex: 'kindLabel', width: 100 },
    { title: '金额', align: 'right', width: 130, render: (_, v) => yuan(v.amount) },
    { title: '状态', width: 100, render: (_, v) => <Tag color={STATUS_COLORS[v.status]}>{v.statusLabel}</Tag> },
    { title: '提交时间', width: 170, render: (_, v) => dateTime(v.createdAt) },
    { title: '说明', width: 200, render: (_, v) => v.reviewNote ?? (v.refNo ? `流水号 ${v.refNo}` : '—') },
  ]);
  return (
    <Table<PledgeVoucher>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={vouchers}
      scroll={{ x: 870 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无转账凭证" /> }}
      columns={columns}
    />
  );
}
