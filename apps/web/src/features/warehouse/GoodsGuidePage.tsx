import { EnvironmentOutlined, PhoneOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Grid,
  Input,
  List,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../lib/feedback.ts';
import { dateTime } from '../../lib/format.ts';
import { useGuide, useMyStock, verifyReceipt, type OwnStock, type ReceiptVerification } from './api.ts';
import { qtyText } from './format.ts';
import { ReceiptsPanel } from './ReceiptsPanel.tsx';

function Warehouses() {
  const guide = useGuide();
  if (guide.isLoading) return <Skeleton active />;
  if (!guide.data?.length) return <Empty description="暂无监管仓库" />;
  return (
    <Row gutter={[16, 16]}>
      {guide.data.map((w) => (
        <Col xs={24} lg={12} key={w.id}>
          <Card
            title={w.name}
            size="small"
            extra={<Tag color="blue">平台监管</Tag>}
            style={{ height: '100%' }}
            data-testid="guide-warehouse"
          >
            <Descriptions column={1} size="small">
              <Descriptions.Item
                label={
                  <>
                    <EnvironmentOutlined /> 地址
                  </>
                }
              >
                {w.address}
              </Descriptions.Item>
              <Descriptions.Item label="仓储公司">{w.companyName}</Descriptions.Item>
              <Descriptions.Item
                label={
                  <>
                    <PhoneOutlined /> 联系人
                  </>
                }
              >
                {w.contactName} {w.contactPhone}
              </Descriptions.Item>
              <Descriptions.Item label="可存放商品">
                <Space wrap size={4}>
                  {w.acceptedCategories
                    .split(/[、，,;；\s]+/)
                    .filter(Boolean)
                    .map((c) => (
                      <Tag key={c}>{c}</Tag>
                    ))}
                </Space>
              </Descriptions.Item>
            </Descriptions>
            {w.storageGuide && (
              <>
                <Typography.Text strong>如何存货</Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginTop: 4, marginBottom: 0 }} type="secondary">
                  {w.storageGuide}
                </Typography.Paragraph>
              </>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function MyStock() {
  const stock = useMyStock();
  const wide = Grid.useBreakpoint().md ?? true;
  const q = (f: 'total' | 'available' | 'pledged' | 'frozen') => (_: unknown, s: OwnStock) => qtyText(s[f], s.scale);
  const columns: TableColumnsType<OwnStock> = [
    { title: '仓库', dataIndex: 'warehouseName', width: 220 },
    { title: '商品', dataIndex: 'goodsName', width: 140 },
    { title: '单位', dataIndex: 'unit', width: 60 },
    { title: '库存合计', key: 'total', align: 'right', render: q('total') },
    {
      title: '可用（可融资）',
      key: 'available',
      align: 'right',
      render: (_, s) => (
        <Typography.Text strong type="success" data-testid="my-stock-available">
          {qtyText(s.available, s.scale)}
        </Typography.Text>
      ),
    },
    { title: '质押', key: 'pledged', align: 'right', render: q('pledged') },
    { title: '冻结（含仓单）', key: 'frozen', align: 'right', render: q('frozen') },
  ];
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="以下为贵司存放在平台监管仓库的货物，由仓储公司登记出入库。可用数量可用于申请货押融资或开立电子仓单（请联系仓储公司办理）。"
      />
      {!wide ? (
        // Phones: one card per warehouse and goods, the numbers readable without scrolling sideways.
        <List
          loading={stock.isLoading}
          dataSource={stock.data ?? []}
          locale={{ emptyText: <Empty description="贵司在监管仓库暂无库存" /> }}
          renderItem={(s) => (
            <Card
              size="small"
              style={{ marginBottom: 8 }}
              title={`${s.goodsName}（${s.unit}）`}
              extra={<Typography.Text type="secondary">{s.warehouseName}</Typography.Text>}
            >
              <Row gutter={[8, 8]}>
                {(
                  [
                    ['可用', s.available],
                    ['质押', s.pledged],
                    ['冻结', s.frozen],
                    ['合计', s.total],
                  ] as const
                ).map(([label, value]) => (
                  <Col span={12} key={label}>
                    <Statistic title={label} value={qtyText(value, s.scale)} valueStyle={{ fontSize: 16 }} />
                  </Col>
                ))}
              </Row>
            </Card>
          )}
        />
      ) : (
        <Table<OwnStock>
          rowKey={(s) => `${s.warehouseId}-${s.goodsId}`}
          size="middle"
          data-testid="my-stock-table"
          columns={columns}
          dataSource={stock.data ?? []}
          loading={stock.isLoading}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: <Empty description="贵司在监管仓库暂无库存" /> }}
        />
      )}
    </>
  );
}

function Verify() {
  const feedback = useFeedback();
  const [result, setResult] = useState<ReceiptVerification | null>(null);
  const [loading, setLoading] = useState(false);
  return (
    <>
      <Typography.Paragraph type="secondary">
        输入电子仓单上印制的仓单编号和内容哈希（SHA-256），两者相符时显示仓单所载内容及当前状态。
      </Typography.Paragraph>
      <Form
        layout="inline"
        style={{ rowGap: 8, marginBottom: 16 }}
        onFinish={async (v: { receiptNo: string; hash: string }) => {
          setLoading(true);
          try {
            setResult(await verifyReceipt(v.receiptNo.trim(), v.hash.trim()));
          } catch (err) {
            feedback.showFailure(err);
          } finally {
            setLoading(false);
          }
        }}
      >
        <Form.Item name="receiptNo" label="仓单编号" rules={[{ required: true, message: '请输入仓单编号' }]}>
          <Input style={{ width: 240 }} placeholder="如 CD20261123000012K7QM4X" />
        </Form.Item>
        <Form.Item
          name="hash"
          label="内容哈希"
          rules={[
            { required: true, message: '请输入仓单上的内容哈希' },
            { pattern: /^\s*[0-9a-fA-F]{64}\s*$/, message: '内容哈希为 64 位十六进制' },
          ]}
        >
          <Input style={{ width: 320 }} placeholder="64 位十六进制" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={loading} icon={<SafetyCertificateOutlined />}>
            核验
          </Button>
        </Form.Item>
      </Form>
      {result &&
        (result.found ? (
          <>
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 12 }}
              title="编号与内容哈希相符：以下为该仓单开立（或最近一次变更）时所载内容。"
            />
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="verify-result">
              <Descriptions.Item label="仓单编号">{result.receiptNo}</Descriptions.Item>
              <Descriptions.Item label="当前状态">{result.statusLabel}</Descriptions.Item>
              <Descriptions.Item label="持有人">{result.holderName}</Descriptions.Item>
              <Descriptions.Item label="统一社会信用代码">{result.holderUscc ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="仓库 / 库位">
                {result.warehouseName} {result.locationCode}
              </Descriptions.Item>
              <Descriptions.Item label="货物">
                {result.goodsName}
                {result.specification ? `（${result.specification}）` : ''}
              </Descriptions.Item>
              <Descriptions.Item label="批次">{result.batchNo}</Descriptions.Item>
              <Descriptions.Item label="数量">
                {result.quantity} {result.unit}
              </Descriptions.Item>
              <Descriptions.Item label="版本">{result.version}</Descriptions.Item>
              <Descriptions.Item label="开立时间">{dateTime(result.issuedAt)}</Descriptions.Item>
            </Descriptions>
          </>
        ) : (
          <Alert
            type="warning"
            showIcon
            data-testid="verify-mismatch"
            title="仓单编号与内容哈希不相符"
            description="请核对仓单上印制的编号和哈希；仓单背书后版本与哈希随之变更，请向持有人索取最新仓单。"
          />
        ))}
    </>
  );
}

/** `/pledge/goodsGuide` (PRODUCT §8): the supervised warehouses and how to store goods there; the enterprise's own stock and receipts; receipt verification. */
export default function GoodsGuidePage() {
  return (
    <Card title="监管仓库" data-testid="goods-guide">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'warehouses', label: '监管仓库', children: <Warehouses /> },
          { key: 'stock', label: '我的库存', children: <MyStock /> },
          { key: 'receipts', label: '我的仓单', children: <ReceiptsPanel role="holder" /> },
          { key: 'verify', label: '仓单核验', children: <Verify /> },
        ]}
      />
    </Card>
  );
}
