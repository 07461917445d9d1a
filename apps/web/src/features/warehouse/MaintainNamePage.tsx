import { PlusOutlined } from '@ant-design/icons';
import { goodsInputSchema, locationInputSchema, warehouseInputSchema } from '@factoring/domain/contract/schemas';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { schemaRule } from '../../lib/schema-rule.ts';
import {
  useCreateLocation,
  useCreateWarehouse,
  useGoods,
  useGoodsAction,
  useOwnWarehouses,
  useSaveGoods,
  type GoodsQuery,
  type GoodsRow,
  type Warehouse,
} from './api.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

const goodsField = (name: keyof typeof goodsInputSchema.shape) => schemaRule(goodsInputSchema.shape[name]);
const warehouseField = (name: keyof typeof warehouseInputSchema.shape) => schemaRule(warehouseInputSchema.shape[name]);

const UNIT_PRESETS = [
  { value: '吨', scale: 3 },
  { value: '千克', scale: 3 },
  { value: '件', scale: 0 },
  { value: '箱', scale: 0 },
  { value: '卷', scale: 0 },
];

function GoodsTab() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<GoodsQuery['status']>();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const goods = useGoods({ keyword: keyword || undefined, status, ...paging });
  const save = useSaveGoods();
  const act = useGoodsAction();
  const [editing, setEditing] = useState<GoodsRow | 'new' | null>(null);
  const [form] = Form.useForm();
  const wide = Grid.useBreakpoint().md ?? true;

  const open = (g: GoodsRow | 'new') => {
    setEditing(g);
    form.setFieldsValue(
      g === 'new' ? { unit: '吨', scale: 3 } : { ...g, specification: g.specification ?? '', standardWeight: g.standardWeight ?? '' },
    );
  };
  const columns: TableColumnsType<GoodsRow> = [
    { title: '商品名称', dataIndex: 'name', width: 160 },
    { title: '规格型号', dataIndex: 'specification', width: 200, render: (v: string | null) => v ?? '—' },
    { title: '类别', dataIndex: 'category', width: 110 },
    { title: '单位', dataIndex: 'unit', width: 70 },
    { title: '数量精度', dataIndex: 'scale', width: 100, render: (v: number) => (v ? `${v} 位小数` : '整数') },
    { title: '标准重量', dataIndex: 'standardWeight', width: 110, render: (v: string | null) => (v ? `${v} 吨` : '—') },
    { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `V${v}` },
    {
      title: '状态',
      dataIndex: 'status',
      width: 120,
      render: (v: string, g) => (
        <Space size={4}>
          <Tag color={v === 'ACTIVE' ? 'green' : 'default'}>{v === 'ACTIVE' ? '启用' : '停用'}</Tag>
          {g.inUse && <Tag>有库存</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: wide ? 'right' : undefined,
      render: (_, g) =>
        !g.editable ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            由{g.ownerName}维护
          </Typography.Text>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => open(g)}>
              编辑
            </Button>
            <Button type="link" size="small" onClick={() => act.run({ id: g.id, action: g.status === 'ACTIVE' ? 'disable' : 'enable' })}>
              {g.status === 'ACTIVE' ? '停用' : '启用'}
            </Button>
            {g.inUse ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                已使用，不能删除
              </Typography.Text>
            ) : (
              <Popconfirm
                title="删除该商品？"
                {...promptButtons('删除', { danger: true })}
                onConfirm={() => act.run({ id: g.id, action: 'delete' })}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          aria-label="搜索商品"
          placeholder="名称、规格或类别"
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select
          allowClear
          aria-label="商品状态"
          placeholder="全部状态"
          style={{ width: 120 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'ACTIVE', label: '启用' },
            { value: 'DISABLED', label: '停用' },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="add-goods">
          新增商品
        </Button>
      </Space>
      <Table<GoodsRow>
        rowKey="id"
        size="middle"
        data-testid="goods-table"
        columns={columns}
        dataSource={goods.data?.items ?? []}
        loading={goods.isPending || goods.isPlaceholderData}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty description="暂无商品" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: goods.data?.totalCount ?? 0,
          onChange: (page, size) => setPaging({ page, size }),
        }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增商品' : '编辑商品'}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            const ok = await save.run({ ...v, id: editing === 'new' ? undefined : editing?.id }, { form });
            if (ok) setEditing(null);
          }}
        >
          {editing !== 'new' && editing?.inUse && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="该商品已有库存或仓单"
              description="修改名称、规格或单位将生成新版本（V+1）并停用原商品：已有库存、仓单和质押仍按原内容记载，新入库使用新版本。"
            />
          )}
          <Form.Item name="name" label="商品名称" rules={[goodsField('name')]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="specification" label="规格型号" rules={[goodsField('specification')]}>
            <Input maxLength={100} placeholder="如 Q235B 5.75mm×1500mm" />
          </Form.Item>
          <Form.Item name="category" label="商品类别" rules={[goodsField('category')]}>
            <Input maxLength={30} placeholder="如 钢材、有色金属" />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="unit"
                label="计量单位"
                rules={[goodsField('unit')]}
                extra={editing !== 'new' && editing?.inUse ? '已有库存，单位不可修改' : undefined}
              >
                <Select
                  disabled={editing !== 'new' && !!editing?.inUse}
                  options={UNIT_PRESETS.map((u) => ({ value: u.value, label: u.value }))}
                  onChange={(u) => form.setFieldValue('scale', UNIT_PRESETS.find((p) => p.value === u)?.scale ?? 0)}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="scale" label="数量小数位" rules={[goodsField('scale')]}>
                <InputNumber min={0} max={3} precision={0} style={{ width: '100%' }} disabled={editing !== 'new' && !!editing?.inUse} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="standardWeight" label="标准重量（吨/单位，选填）" rules={[goodsField('standardWeight')]}>
            <Input inputMode="decimal" placeholder="如 0.025" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function WarehousesTab() {
  const warehouses = useOwnWarehouses();
  const createWarehouse = useCreateWarehouse();
  const createLocation = useCreateLocation();
  const [addingWarehouse, setAddingWarehouse] = useState(false);
  const [addingLocation, setAddingLocation] = useState<Warehouse | null>(null);
  const [wForm] = Form.useForm();
  const [lForm] = Form.useForm();
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddingWarehouse(true)} style={{ marginBottom: 12 }}>
        新增仓库
      </Button>
      <List
        loading={warehouses.isLoading}
        dataSource={warehouses.data ?? []}
        locale={{ emptyText: <Empty description="尚未登记仓库" /> }}
        renderItem={(w) => (
          <Card
            size="small"
            style={{ marginBottom: 12 }}
            title={w.name}
            extra={
              <Button size="small" onClick={() => setAddingLocation(w)}>
                新增库位
              </Button>
            }
          >
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              {w.address} · 联系人 {w.contactName} {w.contactPhone} · 可存放：{w.acceptedCategories}
            </Typography.Paragraph>
            <Space wrap>
              {w.locations.length ? (
                w.locations.map((l) => (
                  <Tag key={l.id}>
                    {l.code}
                    {l.name ? ` ${l.name}` : ''}
                  </Tag>
                ))
              ) : (
                <Typography.Text type="secondary">尚无库位</Typography.Text>
              )}
            </Space>
          </Card>
        )}
      />
      <Modal
        open={addingWarehouse}
        title="新增仓库"
        onOk={() => wForm.submit()}
        confirmLoading={createWarehouse.isPending}
        onCancel={() => setAddingWarehouse(false)}
        destroyOnHidden
      >
        <Form
          form={wForm}
          layout="vertical"
          onFinish={async (v) => (await createWarehouse.run(v, { form: wForm })) && setAddingWarehouse(false)}
        >
          {(
            [
              ['name', '仓库名称'],
              ['address', '仓库地址'],
              ['region', '所在地区'],
              ['contactName', '联系人'],
              ['contactPhone', '联系电话'],
              ['acceptedCategories', '可存放商品类别（用顿号分隔）'],
            ] as const
          ).map(([name, label]) => (
            <Form.Item key={name} name={name} label={label} rules={[warehouseField(name)]}>
              <Input />
            </Form.Item>
          ))}
          <Form.Item name="storageGuide" label="存货须知" rules={[warehouseField('storageGuide')]}>
            <Input.TextArea rows={4} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={addingLocation !== null}
        title={`新增库位 · ${addingLocation?.name ?? ''}`}
        onOk={() => lForm.submit()}
        confirmLoading={createLocation.isPending}
        onCancel={() => setAddingLocation(null)}
        destroyOnHidden
      >
        <Form
          form={lForm}
          layout="vertical"
          onFinish={async (v) =>
            (await createLocation.run({ ...v, warehouseId: addingLocation!.id }, { form: lForm })) && setAddingLocation(null)
          }
        >
          <Form.Item name="code" label="库位编号" rules={[schemaRule(locationInputSchema.shape.code)]}>
            <Input maxLength={20} placeholder="如 A-03" />
          </Form.Item>
          <Form.Item name="name" label="库位名称" rules={[schemaRule(locationInputSchema.shape.name)]}>
            <Input maxLength={60} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** `/warehouse/maintainName` (PRODUCT §8): the goods catalogue, and the company's warehouses and locations. */
export default function MaintainNamePage() {
  return (
    <Card title="商品维护" data-testid="maintain-name">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'goods', label: '商品目录', children: <GoodsTab /> },
          { key: 'warehouses', label: '仓库与库位', children: <WarehousesTab /> },
        ]}
      />
    </Card>
  );
}
