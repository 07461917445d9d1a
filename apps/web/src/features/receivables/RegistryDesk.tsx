import { chinaDate } from '@factoring/domain';
import { REGISTRY_VIEW_LABELS } from '@factoring/domain/contract';
import { Alert, Descriptions, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Radio, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { downloadFile } from '../../lib/download.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { dateTime } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { money } from '../../lib/Money.tsx';
import { promptButtons } from '../../lib/prompt-words.ts';
import { UploadField } from '../../lib/UploadField.tsx';
import {
  certificateUrl,
  useAmend,
  useCancelRegistration,
  useExtend,
  useRegister,
  useRegistration,
  useRegistrations,
  useRegistrySummary,
  useSearch,
  useUnregistered,
  useUploadSearch,
  type Registration,
  type RegistryView,
  type Unregistered,
} from './registry-api.ts';

// Colours only; the words are the server's (standingLabel, outcomeLabel).
const STANDING_COLORS: Record<string, string> = { VALID: 'success', EXPIRED: 'warning', CANCELLED: 'default' };
const EXPIRY_WARNING_DAYS = 30;

type Search = NonNullable<Registration['latestSearch']>;

/** The latest search in short: clear or not, and whether it is today's (the payment needs a search of its day). */
function SearchCell({ search }: { search: Search | null }) {
  if (!search) return <Tag>未查询</Tag>;
  return (
    <Space direction="vertical" size={0}>
      <Space size={4}>
        <Tag color={search.outcome === 'CLEAR' ? 'success' : 'error'}>{search.outcomeLabel}</Tag>
        <Tag color={search.today ? 'blue' : 'warning'}>{search.today ? '今日查询' : `${search.searchedOn} 查询`}</Tag>
      </Space>
      {search.outcome === 'CONFLICT' && (
        <Typography.Text type="danger" style={{ display: 'block', maxWidth: 320 }}>
          {search.conflicts.map((c) => `${c.registrantName} ${c.registrationNo}`.trim()).join('；')}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * The operator's registry desk inside /bpm/tasks (issue 36, PRODUCT §13 registration): the registry the
 * portal reaches; the financings holding invoices without a valid registration (register, search); the
 * factor's registrations — valid, due to expire within 30 days, due to cancel (the financing settled),
 * cancelled or expired — with search, upload of a search certificate, amend, extend, cancel, and the
 * certificates of every act and search.
 */
export default function RegistryDesk() {
  const summary = useRegistrySummary();
  const s = summary.data;
  const [tab, setTab] = useState<'UNREGISTERED' | RegistryView>('UNREGISTERED');
  const count = (n: number | undefined) => (n ? `（${n}）` : '');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="registry-desk">
      {summary.isError ? (
        <LoadFailure title="登记系统信息加载失败" error={summary.error} retry={() => summary.refetch()} />
      ) : (
        <Alert
          type={s?.registry.local ? 'info' : 'success'}
          showIcon
          message={s ? `接入的登记系统：${s.registry.label}` : '正在读取登记系统…'}
          description={
            s && (
              <>
                以 {s.registry.registrantName}（{s.registry.registrantCode}
                ）为担保权人（受让人）办理登记。融资审批通过时自动办理初始登记并查询；放款须本机构登记有效、覆盖全部发票，且放款当日按出让人查询未发现他人在先登记（民法典第七百六十八条：登记在先者优先）。融资结清或终止后，登记于当日日终注销。
                {s.registry.local && ' 当前为内置本地登记簿，模拟中登网的登记与查询，证明仅供演示与测试。'}
              </>
            )
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={[
          { key: 'UNREGISTERED', label: `待登记${count(s?.unregistered)}`, children: <UnregisteredList /> },
          { key: 'VALID', label: `${REGISTRY_VIEW_LABELS.VALID}${count(s?.valid)}`, children: <RegistrationList view="VALID" /> },
          {
            key: 'EXPIRING',
            label: `${REGISTRY_VIEW_LABELS.EXPIRING}${count(s?.expiring)}`,
            children: <RegistrationList view="EXPIRING" />,
          },
          {
            key: 'DUE_TO_CANCEL',
            label: `${REGISTRY_VIEW_LABELS.DUE_TO_CANCEL}${count(s?.dueToCancel)}`,
            children: <RegistrationList view="DUE_TO_CANCEL" />,
          },
          { key: 'CANCELLED', label: REGISTRY_VIEW_LABELS.CANCELLED, children: <RegistrationList view="CANCELLED" /> },
        ]}
      />
    </Space>
  );
}

function useDownload() {
  const feedback = useFeedback();
  return (number: string) => downloadFile(certificateUrl(number), { warn: (m) => feedback.warning(m) });
}

function SearchButton({ financingId, transferorCode }: { financingId: number; transferorCode: string }) {
  const search = useSearch();
  const [key, renew] = useSubmissionKey();
  return (
    <Popconfirm
      title={`按出让人统一社会信用代码 ${transferorCode} 查询登记系统？查询结果随融资留存，放款以当日查询为准。`}
      {...promptButtons('查询')}
      onConfirm={async () => {
        if (await search.run({ financingId, idempotencyKey: key })) renew();
      }}
    >
      <Typography.Link disabled={search.isPending} data-testid={`registry-search-${financingId}`}>
        查询
      </Typography.Link>
    </Popconfirm>
  );
}

function UnregisteredList() {
  const list = useUnregistered();
  const [registering, setRegistering] = useState<Unregistered | null>(null);
  const [uploading, setUploading] = useState<{ financingId: number; financingNo: string } | null>(null);
  if (list.isError) return <LoadFailure title="待登记融资加载失败" error={list.error} retry={() => list.refetch()} />;
  return (
    <>
      <Table<Unregistered>
        rowKey={(u) => `${u.product}-${u.financingId}`}
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: '暂无待登记的融资：持有发票的融资均已登记' }}
        columns={[
          { title: '融资编号', dataIndex: 'financingNo' },
          { title: '出让人', render: (_, u) => `${u.enterpriseName}（${u.transferorCode}）` },
          { title: '发票', dataIndex: 'invoices', render: (v: string[]) => v.join('、') },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          { title: '融资状态', dataIndex: 'assetStatusLabel' },
          { title: '最近查询', dataIndex: 'latestSearch', render: (v: Search | null) => <SearchCell search={v} /> },
          {
            title: '操作',
            render: (_, u) => (
              <Space>
                <Typography.Link onClick={() => setRegistering(u)} data-testid={`registry-register-${u.financingId}`}>
                  登记
                </Typography.Link>
                <SearchButton financingId={u.financingId} transferorCode={u.transferorCode} />
                <Typography.Link onClick={() => setUploading(u)}>上传查询证明</Typography.Link>
              </Space>
            ),
          },
        ]}
      />
      {registering && <RegisterModal financing={registering} onClose={() => setRegistering(null)} />}
      {uploading && <UploadSearchModal {...uploading} onClose={() => setUploading(null)} />}
    </>
  );
}

function RegisterModal({ financing, onClose }: { financing: Unregistered; onClose(): void }) {
  const [form] = Form.useForm<{ years: number }>();
  const register = useRegister();
  const [key, renew] = useSubmissionKey();
  return (
    <Modal
      open
      title={`初始登记 ${financing.financingNo}`}
      onCancel={onClose}
      okText="登记"
      cancelText="返回"
      confirmLoading={register.isPending}
      onOk={async () => {
        const { years } = await form.validateFields();
        if (await register.run({ financingId: financing.financingId, years, idempotencyKey: key }, { form })) {
          renew();
          onClose();
        }
      }}
    >
      <Typography.Paragraph>
        以本机构为受让人，登记 {financing.enterpriseName} 对发票 {financing.invoices.join('、')}（合计 {money(financing.amount)}）的转让。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ years: 1 }}>
        <Form.Item
          name="years"
          label="登记期限（年）"
          rules={[{ required: true, message: '请输入登记期限' }]}
          extra="1 至 30 年，应覆盖融资期限与应收账款到期日"
        >
          <InputNumber min={1} max={30} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function UploadSearchModal({ financingId, financingNo, onClose }: { financingId: number; financingNo: string; onClose(): void }) {
  const [form] = Form.useForm<{ uploadId: number | null; searchedOn: string; proofNo?: string; conflictFound: boolean; note?: string }>();
  const upload = useUploadSearch();
  const [key, renew] = useSubmissionKey();
  const conflict = Form.useWatch('conflictFound', form);
  return (
    <Modal
      open
      title={`上传查询证明 ${financingNo}`}
      onCancel={onClose}
      okText="留存查询证明"
      cancelText="返回"
      confirmLoading={upload.isPending}
      onOk={async () => {
        const v = await form.validateFields();
        const done = await upload.run(
          {
            financingId,
            uploadId: v.uploadId!,
            searchedOn: v.searchedOn.trim(),
            proofNo: v.proofNo || undefined,
            conflictFound: v.conflictFound,
            note: v.note || undefined,
            idempotencyKey: key,
          },
          { form },
        );
        if (done) {
          renew();
          onClose();
        }
      }}
    >
      <Typography.Paragraph type="secondary">
        在中登网按出让人查询后下载的查询证明（PDF）。经办人如实填写查询日期与结果，放款以当日查询为准。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ searchedOn: chinaDate(), conflictFound: false }}>
        <Form.Item name="uploadId" label="查询证明" rules={[{ required: true, message: '请上传查询证明 PDF' }]}>
          <UploadField purpose="REGISTRY_SEARCH" label="查询证明" />
        </Form.Item>
        <Form.Item
          name="searchedOn"
          label="查询日期"
          extra="查询证明上的查询时间（年-月-日），放款须以当日查询为准"
          rules={[
            { required: true, message: '请填写查询日期' },
            { pattern: /^\d{4}-\d{2}-\d{2}$/, message: '查询日期格式为 年-月-日，例如 2026-01-05' },
            {
              validator: (_, v: string | undefined) =>
                v && v.trim() > chinaDate() ? Promise.reject(new Error('查询日期不能晚于今天')) : Promise.resolve(),
            },
          ]}
        >
          <Input placeholder="YYYY-MM-DD" maxLength={10} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="proofNo" label="查询证明编号">
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="conflictFound" label="查询结果">
          <Radio.Group
            options={[
              { value: false, label: '未发现他人在先登记' },
              { value: true, label: '发现他人在先登记' },
            ]}
          />
        </Form.Item>
        {conflict && (
          <Form.Item name="note" label="在先登记说明" rules={[{ required: true, message: '请写明在先登记的登记编号与登记人' }]}>
            <Input.TextArea rows={3} maxLength={300} placeholder="登记编号、登记人、登记时间" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

type Acting = { kind: 'extend' | 'amend' | 'cancel' | 'upload'; row: Registration } | null;

function RegistrationList({ view }: { view: RegistryView }) {
  const [q, setQ] = useState<{ page: number; size: number; keyword?: string }>({ page: 1, size: 10 });
  const list = useRegistrations({ view, ...q });
  const [viewing, setViewing] = useState<number | null>(null);
  const [acting, setActing] = useState<Acting>(null);
  const download = useDownload();
  if (list.isError) return <LoadFailure title="登记列表加载失败" error={list.error} retry={() => list.refetch()} />;
  const empty: Record<RegistryView, string> = {
    VALID: '暂无有效登记',
    EXPIRING: '暂无 30 天内到期的登记',
    DUE_TO_CANCEL: '暂无待注销的登记：已结清融资的登记均已注销',
    CANCELLED: '暂无已注销或到期的登记',
    ALL: '暂无登记',
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {view === 'DUE_TO_CANCEL' && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          融资结清、回购或终止后，担保权人应在 10 个工作日内办理注销登记。日终任务会自动注销；登记系统未成功受理的，请在此注销。
        </Typography.Paragraph>
      )}
      <Input.Search
        aria-label="融资编号或登记编号"
        allowClear
        placeholder="融资编号或登记编号"
        style={{ width: 260 }}
        onSearch={(keyword) => setQ({ ...q, page: 1, keyword: keyword || undefined })}
      />
      <Table<Registration>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty[view] }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount ?? 0,
          showTotal: (n) => `共 ${n} 项`,
          onChange: (page, size) => setQ({ ...q, page, size }),
        }}
        columns={[
          {
            title: '登记编号',
            dataIndex: 'registrationNo',
            render: (v: string) => (
              <Typography.Link onClick={() => download(v)} title="下载登记证明">
                {v}
              </Typography.Link>
            ),
          },
          { title: '融资编号', dataIndex: 'financingNo' },
          { title: '出让人', dataIndex: 'enterpriseName' },
          { title: '发票', dataIndex: 'invoices', render: (v: string[]) => v.join('、') },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
          { title: '登记日期', dataIndex: 'registeredOn' },
          {
            title: '到期日',
            dataIndex: 'expiresOn',
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                {r.standing === 'VALID' && r.daysToExpiry <= EXPIRY_WARNING_DAYS && <Tag color="warning">{r.daysToExpiry} 天后到期</Tag>}
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'standing',
            render: (s: string, r) => (
              <Space direction="vertical" size={0}>
                <Space size={4}>
                  <Tag color={STANDING_COLORS[s]}>{r.standingLabel}</Tag>
                  {r.cancelDueOn && r.standing === 'VALID' && <Tag color="orange">待注销</Tag>}
                </Space>
                {r.lastProblem && (
                  <Typography.Text type="danger" style={{ display: 'block', maxWidth: 280 }}>
                    {r.lastProblem}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: '最近查询', dataIndex: 'latestSearch', render: (v: Search | null) => <SearchCell search={v} /> },
          {
            title: '操作',
            render: (_, r) => (
              <Space wrap>
                <Typography.Link onClick={() => setViewing(r.id)}>详情</Typography.Link>
                {r.standing === 'VALID' && (
                  <>
                    {!r.cancelDueOn && <SearchButton financingId={r.financingId} transferorCode={r.transferorCode} />}
                    {!r.cancelDueOn && (
                      <Typography.Link onClick={() => setActing({ kind: 'upload', row: r })}>上传查询证明</Typography.Link>
                    )}
                    {!r.cancelDueOn && <Typography.Link onClick={() => setActing({ kind: 'amend', row: r })}>变更</Typography.Link>}
                    <Typography.Link onClick={() => setActing({ kind: 'extend', row: r })}>展期</Typography.Link>
                    <Typography.Link
                      type="danger"
                      onClick={() => setActing({ kind: 'cancel', row: r })}
                      data-testid={`registry-cancel-${r.id}`}
                    >
                      注销
                    </Typography.Link>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={viewing !== null} onClose={() => setViewing(null)} title="登记详情" width={760}>
        {viewing !== null && <RegistrationDetailView id={viewing} />}
      </Drawer>
      {acting?.kind === 'extend' && <ExtendModal row={acting.row} onClose={() => setActing(null)} />}
      {acting?.kind === 'amend' && <AmendModal row={acting.row} onClose={() => setActing(null)} />}
      {acting?.kind === 'cancel' && <CancelModal row={acting.row} onClose={() => setActing(null)} />}
      {acting?.kind === 'upload' && (
        <UploadSearchModal financingId={acting.row.financingId} financingNo={acting.row.financingNo} onClose={() => setActing(null)} />
      )}
    </Space>
  );
}

function RegistrationDetailView({ id }: { id: number }) {
  const detail = useRegistration(id);
  const download = useDownload();
  if (detail.isError) return <LoadFailure title="登记详情加载失败" error={detail.error} retry={() => detail.refetch()} />;
  const d = detail.data;
  if (!d) return <Typography.Text type="secondary">加载中…</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="登记编号">{d.registrationNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STANDING_COLORS[d.standing]}>{d.standingLabel}</Tag>
          {d.cancelDueOn && d.standing === 'VALID' && `自 ${d.cancelDueOn} 起待注销：${d.cancelReason ?? ''}`}
        </Descriptions.Item>
        <Descriptions.Item label="融资编号">{d.financingNo}</Descriptions.Item>
        <Descriptions.Item label="出让人">{`${d.enterpriseName}（${d.transferorCode}）`}</Descriptions.Item>
        <Descriptions.Item label="登记期限">{`${d.years} 年：${d.registeredOn} 至 ${d.expiresOn}`}</Descriptions.Item>
        <Descriptions.Item label="转让财产价值">{money(d.amount)}</Descriptions.Item>
        <Descriptions.Item label="转让财产描述">{d.description}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>登记记录</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.acts}
        locale={{ emptyText: '暂无登记记录' }}
        columns={[
          { title: '时间', dataIndex: 'madeAt', render: (v: string) => dateTime(v) },
          { title: '登记', dataIndex: 'actLabel' },
          {
            title: '编号（登记证明）',
            dataIndex: 'actNo',
            render: (v: string) => <Typography.Link onClick={() => download(v)}>{v}</Typography.Link>,
          },
          { title: '说明', dataIndex: 'note', render: (v: string) => <span style={{ display: 'block', maxWidth: 260 }}>{v}</span> },
          { title: '经办', dataIndex: 'actorName' },
        ]}
      />
      <Typography.Title level={5}>查询记录</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.searches}
        locale={{ emptyText: '尚未查询' }}
        columns={[
          { title: '时间', dataIndex: 'searchedAt', render: (v: string) => dateTime(v) },
          { title: '来源', dataIndex: 'sourceLabel' },
          {
            title: '查询证明',
            render: (_, s: Search) =>
              s.source === 'REGISTRY' && s.proofNo ? (
                <Typography.Link onClick={() => download(s.proofNo!)}>{s.proofNo}</Typography.Link>
              ) : (
                (s.proofNo ?? '—')
              ),
          },
          { title: '结果', render: (_, s: Search) => <SearchCell search={s} /> },
          { title: '说明', dataIndex: 'message', render: (v: string) => <span style={{ display: 'block', maxWidth: 300 }}>{v}</span> },
        ]}
      />
    </Space>
  );
}

function ExtendModal({ row, onClose }: { row: Registration; onClose(): void }) {
  const [form] = Form.useForm<{ years: number }>();
  const extend = useExtend();
  const [key, renew] = useSubmissionKey();
  return (
    <Modal
      open
      title={`展期登记 ${row.registrationNo}`}
      onCancel={onClose}
      okText="展期"
      cancelText="返回"
      confirmLoading={extend.isPending}
      onOk={async () => {
        const { years } = await form.validateFields();
        if (await extend.run({ id: row.id, years, idempotencyKey: key }, { form })) {
          renew();
          onClose();
        }
      }}
    >
      <Typography.Paragraph>
        现登记期限 {row.years} 年，至 {row.expiresOn}。展期须在到期前办理，展期后登记期限合计不超过 30 年。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ years: 1 }}>
        <Form.Item name="years" label="展期年限" rules={[{ required: true, message: '请输入展期年限' }]}>
          <InputNumber min={1} max={30 - row.years} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AmendModal({ row, onClose }: { row: Registration; onClose(): void }) {
  const [form] = Form.useForm<{ note: string; description?: string }>();
  const amend = useAmend();
  const [key, renew] = useSubmissionKey();
  return (
    <Modal
      open
      title={`变更登记 ${row.registrationNo}`}
      onCancel={onClose}
      okText="办理变更"
      cancelText="返回"
      confirmLoading={amend.isPending}
      onOk={async () => {
        const v = await form.validateFields();
        if (await amend.run({ id: row.id, note: v.note, description: v.description || undefined, idempotencyKey: key }, { form })) {
          renew();
          onClose();
        }
      }}
    >
      <Typography.Paragraph type="secondary">变更后，登记按融资当前持有的发票重新描述；新增的发票自变更登记时起登记。</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ description: row.description }}>
        <Form.Item name="note" label="变更原因" rules={[{ required: true, message: '请填写变更原因' }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label="转让财产描述">
          <Input.TextArea rows={4} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CancelModal({ row, onClose }: { row: Registration; onClose(): void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelRegistration();
  const [key, renew] = useSubmissionKey();
  return (
    <Modal
      open
      title={`注销登记 ${row.registrationNo}`}
      onCancel={onClose}
      okText="注销登记"
      okButtonProps={{ danger: true }}
      cancelText="返回"
      confirmLoading={cancel.isPending}
      onOk={async () => {
        const { reason } = await form.validateFields();
        if (await cancel.run({ id: row.id, reason, idempotencyKey: key }, { form })) {
          renew();
          onClose();
        }
      }}
    >
      {row.cancelDueOn ? (
        <Typography.Paragraph>融资已于 {row.cancelDueOn} 结清或终止，注销后该登记不再具有公示效力。</Typography.Paragraph>
      ) : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="该融资尚未结清：注销后本机构的受让不再登记公示，在后登记的他人可能优先取得应收账款；放款前须重新登记。"
        />
      )}
      <Form form={form} layout="vertical" initialValues={{ reason: row.cancelReason ?? '' }}>
        <Form.Item name="reason" label="注销原因" rules={[{ required: true, message: '请填写注销原因' }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
