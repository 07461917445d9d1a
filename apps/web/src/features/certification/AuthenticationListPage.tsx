import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Result,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  useAccountChangeInfo,
  useAuthentication,
  useAuthenticationList,
  useCurrentAuthentication,
  useSubmitAccountChange,
  type AccountChange,
  type AccountChangeValues,
  type AuthenticationListItem,
  type BoundAccount,
} from './api.ts';
import { AuthenticationDetail } from './AuthenticationDetail.tsx';
import { UploadField } from '../../lib/UploadField.tsx';
import { BankBranchFields } from './fields.tsx';
import { TrimInput } from '../../lib/TextInput.tsx';
import { dateTime } from '../../lib/format.ts';
import { ellipsisColumn } from '../../lib/table.tsx';
import { accountChangeLifecycle, errorText, StatusTag } from './labels.tsx';

function DetailDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const detail = useAuthentication(id);
  return (
    <Drawer open={id !== null} onClose={onClose} size={720} title="认证申请详情" destroyOnHidden>
      {detail.isLoading ? (
        <Skeleton active />
      ) : detail.data ? (
        <AuthenticationDetail value={detail.data} />
      ) : (
        <Empty description={errorText(detail.error)} />
      )}
    </Drawer>
  );
}

function AccountChangeModal({ open, enterpriseName, onClose }: { open: boolean; enterpriseName: string; onClose(): void }) {
  const [form] = Form.useForm<AccountChangeValues>();
  const submit = useSubmitAccountChange();
  const onOk = async () => {
    let v: AccountChangeValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    const sent = await submit.run({ ...v, accountName: enterpriseName, accountNo: v.accountNo?.replace(/[\s-]/g, '') }, { form });
    if (!sent) return;
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title="变更结算账户"
      onCancel={onClose}
      onOk={onOk}
      okText="提交审核"
      confirmLoading={submit.isPending}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="account-change-form">
        <Form.Item label="账户名称" extra="结算账户须为本企业对公账户">
          <Input value={enterpriseName} disabled aria-label="账户名称" />
        </Form.Item>
        <Form.Item
          name="accountNo"
          label="新银行账号"
          rules={[
            { required: true, whitespace: true, message: '请输入新银行账号' },
            { pattern: /^[\d\s-]{8,40}$/, message: '银行账号应为8至30位数字' },
          ]}
        >
          <TrimInput maxLength={40} inputMode="numeric" data-testid="change-account-no" />
        </Form.Item>
        <BankBranchFields />
        <Form.Item
          name="changeReason"
          label="变更原因"
          rules={[
            { required: true, whitespace: true, message: '请输入变更原因' },
            { max: 200, message: '变更原因不能超过200个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="change-reason" />
        </Form.Item>
        <Form.Item name="proofFileId" label="开户许可证或银行开户证明（选填）">
          <UploadField purpose="ACCOUNT_PROOF" label="开户证明" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const accountText = (a: Pick<BoundAccount, 'bankName' | 'accountNo'>) => `${a.bankName} ${a.accountNo}`;

function AccountSection({ enterpriseName, virtualAccountNo }: { enterpriseName: string; virtualAccountNo: string | null }) {
  const info = useAccountChangeInfo();
  const [open, setOpen] = useState(false);
  const a = info.data?.account;
  const columns: TableColumnsType<AccountChange> = [
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string | null) => dateTime(v) },
    { title: '新结算账户', render: (_, r) => `${accountText(r)}（${r.branchName}）` },
    { title: '变更原因', dataIndex: 'changeReason', ...ellipsisColumn<AccountChange>() },
    { title: '状态', dataIndex: 'status', width: 90, render: (_, r) => <StatusTag status={r.status} machine={accountChangeLifecycle} /> },
    { title: '驳回原因', dataIndex: 'rejectReason', render: (v: string | null) => v ?? '—' },
  ];
  return (
    <Card
      title="资金账户与结算账户"
      data-testid="account-section"
      extra={
        <Button onClick={() => setOpen(true)} disabled={!a || !!info.data?.pending} data-testid="change-account">
          变更结算账户
        </Button>
      }
    >
      {info.isLoading ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
            <Descriptions.Item label="资金账户（虚拟账号）">
              <Typography.Text copyable={!!virtualAccountNo} data-testid="virtual-account-no">
                {virtualAccountNo ?? '—'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="结算账户名称">{a?.accountName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="结算账号">{a?.accountNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="开户银行">{a?.bankName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="开户网点">{a?.branchName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="联行号">{a?.unionBankNo ?? '—'}</Descriptions.Item>
          </Descriptions>
          {info.data?.pending && (
            <Alert
              type="info"
              showIcon
              title={`结算账户变更审核中：${accountText(info.data.pending)}（${info.data.pending.branchName}）`}
              description="审核通过后，提现将转入新的结算账户。"
              data-testid="account-change-pending"
            />
          )}
          {!!info.data?.history.length && (
            <Table<AccountChange>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={info.data.history}
              pagination={false}
              scroll={{ x: 760 }}
            />
          )}
        </Space>
      )}
      <AccountChangeModal open={open} enterpriseName={enterpriseName} onClose={() => setOpen(false)} />
    </Card>
  );
}

/** `/user/autenticalList` (PRODUCT §4): the enterprise's authentication submissions, and once certified its accounts. */
export default function AuthenticationListPage() {
  const navigate = useNavigate();
  const current = useCurrentAuthentication();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const list = useAuthenticationList(paging.page, paging.size);
  const [viewing, setViewing] = useState<number | null>(null);

  if (current.isError) return <Result status="error" title="加载失败" subTitle={errorText(current.error)} />;
  const c = current.data;

  const columns: TableColumnsType<AuthenticationListItem> = [
    { title: '申请编号', dataIndex: 'id', width: 90 },
    { title: '企业名称', dataIndex: 'enterpriseName', render: (v: string | null) => v ?? '—' },
    { title: '统一社会信用代码', dataIndex: 'uscc', width: 190, render: (v: string | null) => v ?? '—' },
    { title: '状态', dataIndex: 'status', width: 90, render: (_, r) => <StatusTag status={r.status} /> },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (v: string | null) => dateTime(v) },
    { title: '审核时间', dataIndex: 'decidedAt', width: 150, render: (v: string | null) => dateTime(v) },
    { title: '驳回原因', dataIndex: 'rejectReason', ...ellipsisColumn<AuthenticationListItem, string | null>((v) => v ?? '—') },
    {
      title: '操作',
      width: 170,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setViewing(r.id)} data-testid={`view-${r.id}`}>
            查看
          </Button>
          {r.status === 'DRAFT' && !c?.enterprise.certified && (
            <Button type="link" size="small" onClick={() => navigate(`/user/autentication?id=${r.id}`)}>
              编辑
            </Button>
          )}
          {r.status === 'REJECTED' && !c?.enterprise.certified && !c?.pending && (
            <Button type="link" size="small" onClick={() => navigate(`/user/autentication?id=${r.id}`)} data-testid={`resubmit-${r.id}`}>
              修改并重新提交
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="authentication-list-page">
      <Card>
        {!c ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : c.enterprise.certified ? (
          <Alert
            type="success"
            showIcon
            title={`${c.enterprise.name} 已完成实名认证`}
            description={`统一社会信用代码 ${c.enterprise.uscc ?? '—'}，认证时间 ${dateTime(c.enterprise.certifiedAt)}`}
            data-testid="certified-banner"
          />
        ) : c.pending ? (
          <Alert type="info" showIcon title="认证申请审核中" description="审核通过后即完成实名认证并开立资金账户。" />
        ) : (
          <Alert
            type="warning"
            showIcon
            title="企业尚未完成实名认证"
            description="完成认证后方可办理融资、付款与提现业务。"
            action={
              <Link to="/user/autentication">
                <Button type="primary" data-testid="go-authenticate">
                  {c.editable ? '继续认证' : '去认证'}
                </Button>
              </Link>
            }
          />
        )}
      </Card>
      {c?.enterprise.certified && <AccountSection enterpriseName={c.enterprise.name} virtualAccountNo={c.virtualAccountNo} />}
      <Card title="认证申请记录">
        <Table<AuthenticationListItem>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isFetching}
          scroll={{ x: 1100 }}
          locale={{ emptyText: <Empty description="暂无认证申请" /> }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: list.data?.totalCount ?? 0,
            showSizeChanger: true,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          data-testid="authentication-table"
        />
      </Card>
      <DetailDrawer id={viewing} onClose={() => setViewing(null)} />
    </Space>
  );
}
