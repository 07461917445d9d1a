import { consignmentLifecycle } from '@factoring/domain';
import { Alert, Button, Card, Empty, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { dateTime } from '../../lib/format.ts';
import { tryParseYuan, yuanRule } from '../../lib/money.ts';
import { yuanCell } from '../../lib/Money.tsx';
import { useApplyConsignment, useConsignments, usePassedConsignments, usePayees, type Consignment } from './api.ts';
import { CONSIGNMENT_COLORS } from './labels.ts';

interface Values {
  payeeId: number;
  contractNo: string;
  amountLimit: string;
  remark?: string;
}

/** `/user/openConsignment` (PRODUCT §5): apply for consignment (代付) — the factor pays a whitelisted supplier on the enterprise's behalf. */
export default function OpenConsignmentPage() {
  const [form] = Form.useForm<Values>();
  const payees = usePayees({ status: 'ACTIVE' }, { page: 1, size: 200 });
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const mine = useConsignments(paging);
  const passed = usePassedConsignments();
  const submit = useApplyConsignment();
  // One key per application: a double click or a retry applies once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();

  const send = async (v: Values) => {
    const applied = await submit.run(
      {
        payeeId: v.payeeId,
        contractNo: v.contractNo.trim(),
        amountLimit: tryParseYuan(v.amountLimit)!,
        remark: v.remark?.trim() || undefined,
        idempotencyKey: submissionKey,
      },
      { form },
    );
    if (!applied) return;
    renewKey();
    form.resetFields();
  };

  const columns = [
    { title: '收款方', dataIndex: 'payeeName' },
    { title: '收款账号', dataIndex: 'payeeAccountNo' },
    { title: '合同编号', dataIndex: 'contractNo' },
    { title: '代付额度（元）', dataIndex: 'amountLimit', align: 'right' as const, render: yuanCell },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: Consignment['status'], c: Consignment) => <Tag color={CONSIGNMENT_COLORS[s]}>{consignmentLifecycle.label(c.status)}</Tag>,
    },
    { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="申请代付服务">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16, maxWidth: 640 }}
          title="开通代付后，平台按采购合同代贵司向白名单中的供应商付款。收款方须已在白名单中生效。"
        />
        {!payees.isLoading && !payees.data?.items.length ? (
          <Empty description="白名单中还没有已生效的收款方">
            <Link to="/user/openLastDirPayment">
              <Button type="primary">新增收款方</Button>
            </Link>
          </Empty>
        ) : (
          <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={send}>
            <Form.Item name="payeeId" label="收款方（供应商）" rules={[{ required: true, message: '请选择收款方' }]}>
              <Select
                placeholder="选择白名单中的收款方"
                loading={payees.isLoading}
                options={(payees.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.accountNo}）` }))}
              />
            </Form.Item>
            <Form.Item
              name="contractNo"
              label="采购合同编号"
              rules={[{ required: true, whitespace: true, message: '请输入采购合同编号' }, { max: 60 }]}
            >
              <Input placeholder="如：CG-2026-001" />
            </Form.Item>
            <Form.Item name="amountLimit" label="代付额度（元）" validateFirst rules={[yuanRule('代付额度')]}>
              <Input prefix="¥" inputMode="decimal" placeholder="本合同项下代付总额上限" />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={[{ max: 200 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              提交申请
            </Button>
          </Form>
        )}
      </Card>
      <Card title="已通过的代付申请">
        <Table<Consignment>
          rowKey="id"
          size="small"
          loading={passed.isFetching}
          dataSource={passed.data?.items ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: <Empty description="暂无已通过的代付申请" /> }}
        />
      </Card>
      <Card title="我的申请">
        <Table<Consignment>
          rowKey="id"
          size="small"
          loading={mine.isFetching}
          dataSource={mine.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          columns={[...columns, { title: '审核意见', dataIndex: 'reviewNote', render: (v: string | null) => v ?? '—' }]}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: mine.data?.totalCount ?? 0,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          locale={{ emptyText: <Empty description="暂无代付申请" /> }}
        />
      </Card>
    </Space>
  );
}
