import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, Input, Result, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { downloadFile, isPhone } from '../../lib/download.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { date } from '../../lib/format.ts';
import { yuanCell } from '../../lib/Money.tsx';
import { contractFileUrl, SignContractDialog } from '../../lib/signing.tsx';
import { ellipsisColumn, usePhoneColumns } from '../../lib/table.tsx';
import { useContractKinds, useContracts, useContractStats, type Contract, type ContractFilters } from './api.ts';
import { ContractDetailDrawer } from './ContractDetailDrawer.tsx';
import { ContractDownloadButton, type FileVersion } from './ContractDownloadButton.tsx';
import { ContractViewer } from './ContractViewer.tsx';
import { STATUS_OPTIONS, statusColor } from './labels.ts';

const DEFAULT_PAGE = { page: 1, size: 10 };

/** `/user/contractList` (PRODUCT §10): the enterprise's contracts — view, download, sign with password confirmation. */
export default function ContractListPage() {
  const feedback = useFeedback();
  const [form] = Form.useForm<ContractFilters>();
  const [filters, setFilters] = useState<ContractFilters>({});
  const [paging, setPaging] = useState(DEFAULT_PAGE);
  const list = useContracts(filters, paging);
  const stats = useContractStats();
  const typeOptions = useContractKinds();

  const [detail, setDetail] = useState<{ contract: Contract; justSigned: boolean } | null>(null);
  const [viewing, setViewing] = useState<Contract | null>(null);
  const [signing, setSigning] = useState<Contract | null>(null);

  const download = (c: Contract, version?: FileVersion) =>
    downloadFile(contractFileUrl(c.id, true, version), { warn: (m) => feedback.warning(m) });
  // SPEC §7: on phones a file opens in a new window; elsewhere the PDF shows in a modal.
  const view = (c: Contract) => (isPhone() ? window.open(contractFileUrl(c.id), '_blank', 'noopener') : setViewing(c));

  const search = (values: ContractFilters) => {
    setFilters({ keyword: values.keyword?.trim() || undefined, type: values.type, status: values.status });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPaging(DEFAULT_PAGE);
  };

  // Every column visible at 1440 px (issue 24: 关联业务 was scrolled out of sight): type and status share
  // a column, the term's two dates another, and long names and parties wrap instead of widening the table.
  const columns = usePhoneColumns<Contract>([
    {
      title: '合同编号',
      dataIndex: 'contractNo',
      fixed: 'left',
      width: 130,
      render: (no: string, c) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDetail({ contract: c, justSigned: false })}>
          {no}
        </Button>
      ),
    },
    { title: '合同名称', dataIndex: 'title', width: 136, ...ellipsisColumn<Contract>() },
    {
      title: '类型 / 状态',
      dataIndex: 'status',
      width: 96,
      render: (_: unknown, c) => (
        <Space direction="vertical" size={2}>
          <span>{c.typeLabel}</span>
          <Tag color={statusColor(c.status)} data-testid="contract-status">
            {c.statusLabel}
          </Tag>
        </Space>
      ),
    },
    { title: '合同金额（元）', dataIndex: 'amount', align: 'right', width: 112, render: yuanCell },
    { title: '相对方', dataIndex: 'counterparty', width: 116 },
    {
      title: '关联业务',
      dataIndex: 'relatedLabel',
      width: 150,
      render: (v: string) => (
        <span style={{ overflowWrap: 'anywhere' }} data-testid="contract-related">
          {v}
        </span>
      ),
    },
    { title: '生成日期', dataIndex: 'createdAt', width: 100, render: (v: string) => date(v) },
    {
      title: '有效期',
      key: 'term',
      width: 112,
      render: (_: unknown, c) => {
        if (c.effectiveDate && c.expiryDate)
          return (
            <span>
              {c.effectiveDate} 至<br />
              {c.expiryDate}
            </span>
          );
        if (c.effectiveDate) return `${c.effectiveDate} 起`;
        return c.expiryDate ? `至 ${c.expiryDate}` : '—';
      },
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 132,
      render: (_: unknown, c) => (
        <Space size={4} wrap>
          <Button type="link" size="small" onClick={() => view(c)}>
            查看
          </Button>
          <ContractDownloadButton contract={c} onDownload={download} type="link" />
          {c.status === 'TO_SIGN' && (
            <Button type="link" size="small" onClick={() => setSigning(c)}>
              签署
            </Button>
          )}
        </Space>
      ),
    },
  ]);

  const toSign = stats.data?.toSign ?? 0;

  return (
    <Card
      title="合同管理"
      data-testid="contract-list"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void Promise.all([list.refetch(), stats.refetch()])}>
          刷新
        </Button>
      }
    >
      {toSign > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`您有 ${toSign} 份合同待签署`}
          action={
            <Button size="small" onClick={() => search({ ...form.getFieldsValue(), status: 'TO_SIGN' })}>
              只看待签署
            </Button>
          }
        />
      )}
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="keyword" label="关键字" style={{ maxWidth: '100%' }}>
          <Input allowClear placeholder="合同编号、名称、相对方或业务编号" style={{ width: 260, maxWidth: '100%' }} maxLength={64} />
        </Form.Item>
        <Form.Item name="type" label="合同类型">
          <Select allowClear placeholder="全部" options={typeOptions} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={reset}>重置</Button>
          </Space>
        </Form.Item>
      </Form>

      {list.isError ? (
        <Result
          status="error"
          title="合同列表加载失败"
          subTitle={(list.error as { message?: string } | null)?.message}
          extra={
            <Button type="primary" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Table<Contract>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 1084 }}
          locale={{
            emptyText: list.isLoading ? (
              ' '
            ) : (
              <Empty description={Object.values(filters).some(Boolean) ? '没有符合条件的合同' : '暂无合同'} />
            ),
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: list.data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 份`,
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
        />
      )}

      <ContractDetailDrawer
        contract={detail?.contract ?? null}
        justSigned={detail?.justSigned}
        onClose={() => setDetail(null)}
        onView={view}
        onDownload={download}
        onSign={(c) => setSigning(c)}
      />
      <ContractViewer contract={viewing} onClose={() => setViewing(null)} onDownload={download} />
      <SignContractDialog
        contract={signing}
        onClose={() => setSigning(null)}
        onView={() => signing && view(signing)}
        onSigned={(signed) => {
          setSigning(null);
          feedback.success(`合同 ${signed.contractNo} 签署成功`);
          setDetail({ contract: signed, justSigned: true });
        }}
      />
    </Card>
  );
}
