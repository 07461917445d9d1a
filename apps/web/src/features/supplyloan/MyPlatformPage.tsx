import { creditLineLifecycle, formatYuan, NOTICE_MODE_LABELS } from '@factoring/domain';
import { Button, Card, Col, Descriptions, Empty, Form, Input, Modal, Progress, Row, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSubmissionKey } from '../../lib/confirm.ts';
import { percent } from '../../lib/format.ts';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { tryParseYuan, yuan, yuanRule } from '../../lib/money.ts';
import { useJoinPlatform, usePlatforms, type PlatformRow } from './api.ts';
import { CREDIT_LINE_COLORS } from './labels.ts';
import { rateHeadline } from './pricing.ts';

/** `/supplyloan/myPlatform` (PRODUCT §6): joined platforms with their credit line, and platforms open to join. */
export default function MyPlatformPage() {
  const platforms = usePlatforms();
  const [joining, setJoining] = useState<PlatformRow | null>(null);

  if (platforms.isError) {
    return <LoadFailure title="平台信息加载失败" error={platforms.error} retry={() => platforms.refetch()} />;
  }
  const rows = platforms.data ?? [];
  const joined = rows.filter((p) => p.creditLine);
  const open = rows.filter((p) => !p.creditLine && p.joinable);
  const total = joined.reduce(
    (s, p) => ({
      limit: s.limit + p.creditLine!.limit,
      used: s.used + p.creditLine!.used + p.creditLine!.reserved,
      available: s.available + (p.creditLine!.status === 'ACTIVE' ? p.creditLine!.available : 0),
    }),
    { limit: 0, used: 0, available: 0 },
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="my-platform-page">
      <Card title="我的授信">
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Statistic title="授信总额（元）" value={formatYuan(total.limit)} />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title="已用及占用（元）" value={formatYuan(total.used)} />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title="可用额度（元）" value={formatYuan(total.available)} valueStyle={{ color: 'var(--ant-color-link)' }} />
          </Col>
        </Row>
      </Card>

      <Card title="已加入的平台" loading={platforms.isLoading}>
        {joined.length === 0 ? (
          <Empty description="尚未加入任何供应链平台，可在下方申请加入" />
        ) : (
          <Row gutter={[16, 16]}>
            {joined.map((p) => (
              <Col xs={24} xl={12} key={p.id}>
                <JoinedPlatform p={p} />
              </Col>
            ))}
          </Row>
        )}
      </Card>

      <Card title="可申请加入的平台" loading={platforms.isLoading}>
        {open.length === 0 ? (
          <Empty description="暂无可申请的平台" />
        ) : (
          <Row gutter={[16, 16]}>
            {open.map((p) => (
              <Col xs={24} xl={12} key={p.id}>
                <Card
                  size="small"
                  title={p.name}
                  extra={<Link to={`/supplyloan/priceList?platformId=${p.id}`}>价格表</Link>}
                  data-testid={`open-platform-${p.id}`}
                >
                  <Descriptions column={2} size="small">
                    <Descriptions.Item label="核心企业" span={2}>
                      {p.coreEnterpriseName}
                    </Descriptions.Item>
                    <Descriptions.Item label="年化利率">{rateHeadline(p)}</Descriptions.Item>
                    <Descriptions.Item label="最长期限">{p.maxTermDays} 天</Descriptions.Item>
                    <Descriptions.Item label="融资比例">{percent(p.advanceRatePpm)}</Descriptions.Item>
                    <Descriptions.Item label="计息方式">{p.interestModeLabel}</Descriptions.Item>
                    <Descriptions.Item label="转让通知" span={2}>
                      {NOTICE_MODE_LABELS[p.noticeMode]}
                    </Descriptions.Item>
                  </Descriptions>
                  <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                    {p.description}
                  </Typography.Paragraph>
                  {p.joinApplication?.status === 'PENDING' ? (
                    <Tag color="processing">准入申请审核中（申请额度 {yuan(p.joinApplication.requestedLimit)}）</Tag>
                  ) : (
                    <Space>
                      {p.joinApplication?.status === 'REJECTED' && <Tag color="error">上次申请被驳回：{p.joinApplication.reviewNote}</Tag>}
                      <Button type="primary" onClick={() => setJoining(p)}>
                        申请加入
                      </Button>
                    </Space>
                  )}
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <JoinModal platform={joining} onClose={() => setJoining(null)} />
    </Space>
  );
}

function JoinedPlatform({ p }: { p: PlatformRow }) {
  const navigate = useNavigate();
  const line = p.creditLine!;
  const usedShare = line.limit > 0 ? Math.round(((line.used + line.reserved) / line.limit) * 100) : 0;
  const usable = line.status === 'ACTIVE';
  return (
    <Card
      size="small"
      title={p.name}
      extra={<Tag color={CREDIT_LINE_COLORS[line.status]}>{creditLineLifecycle.label(line.status)}</Tag>}
      data-testid={`joined-platform-${p.id}`}
      actions={[
        <Button key="apply" type="link" disabled={!usable} onClick={() => navigate(`/supplyloan/financing?creditLineId=${line.id}`)}>
          申请融资
        </Button>,
        <Button key="order" type="link" disabled={!usable} onClick={() => navigate(`/supplyloan/orderLoan?creditLineId=${line.id}`)}>
          订单融资
        </Button>,
        <Button key="price" type="link" onClick={() => navigate(`/supplyloan/priceList?platformId=${p.id}`)}>
          价格表
        </Button>,
      ]}
    >
      <Descriptions column={2} size="small">
        <Descriptions.Item label="核心企业" span={2}>
          {p.coreEnterpriseName}
        </Descriptions.Item>
        <Descriptions.Item label="授信额度">{yuan(line.limit)}</Descriptions.Item>
        <Descriptions.Item label="已用额度">{yuan(line.used)}</Descriptions.Item>
        <Descriptions.Item label="审批中占用">{yuan(line.reserved)}</Descriptions.Item>
        <Descriptions.Item label="可用额度">
          <Typography.Text strong data-testid="credit-available">
            {yuan(line.available)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="授信期限" span={2}>
          {line.startDate} 至 {line.expiryDate}
        </Descriptions.Item>
        <Descriptions.Item label="转让通知" span={2}>
          {NOTICE_MODE_LABELS[p.noticeMode]}
        </Descriptions.Item>
      </Descriptions>
      <Progress
        aria-label="额度已用比例"
        percent={usedShare}
        size="small"
        status={usedShare >= 100 ? 'exception' : 'normal'}
        format={(n) => `已用 ${n}%`}
      />
    </Card>
  );
}

function JoinModal({ platform, onClose }: { platform: PlatformRow | null; onClose(): void }) {
  const [form] = Form.useForm<{ limit: string; remark?: string }>();
  const submit = useJoinPlatform();
  // One key per opening of the dialog: a double click on 提交申请 or a retry applies once (issue 21).
  const [submissionKey, renewKey] = useSubmissionKey();
  const close = () => {
    form.resetFields();
    renewKey();
    onClose();
  };
  const finish = async (v: { limit: string; remark?: string }) => {
    if (!platform) return;
    const applied = await submit.run(
      { platformId: platform.id, requestedLimit: tryParseYuan(v.limit)!, remark: v.remark, idempotencyKey: submissionKey },
      { form },
    );
    if (applied) close();
  };
  return (
    <Modal
      open={platform !== null}
      title={`申请加入「${platform?.name ?? ''}」`}
      onCancel={close}
      onOk={() => form.submit()}
      okText="提交申请"
      confirmLoading={submit.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={finish}>
        <Form.Item name="limit" label="申请授信额度（元）" rules={[yuanRule('申请授信额度')]}>
          <Input placeholder="例如 3,000,000.00" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
          <Input.TextArea rows={3} placeholder="与核心企业的合作年限、年交易额等" />
        </Form.Item>
      </Form>
      {submit.isPending && <Spin />}
    </Modal>
  );
}
