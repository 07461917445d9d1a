import { Card, Descriptions, Empty, Result, Select, Space, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { usePlatform, usePlatforms } from './api.ts';
import { dailyRate, percent } from '../../lib/format.ts';
import { baseRateApplies, priceRows, rateHeadline } from './pricing.ts';

/** `/supplyloan/priceList`: a platform's pricing — rates and fees by term bracket, penalty, repayment account. */
export default function PriceListPage() {
  const [params, setParams] = useSearchParams();
  const platforms = usePlatforms();
  const selected = Number(params.get('platformId')) || platforms.data?.[0]?.id || null;
  const platform = usePlatform(selected);
  const p = platform.data;
  const brackets = p ? priceRows(p) : [];
  return (
    <Card
      title="价格表"
      data-testid="price-list-page"
      extra={
        <Select
          aria-label="平台"
          style={{ width: 280 }}
          value={selected ?? undefined}
          placeholder="选择平台"
          loading={platforms.isLoading}
          options={(platforms.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          onChange={(id) => setParams({ platformId: String(id) })}
        />
      }
    >
      {platforms.data?.length === 0 && <Empty description="暂无平台" />}
      {platform.isError && <Result status="warning" title="平台不存在" />}
      {p && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="平台">{p.name}</Descriptions.Item>
            <Descriptions.Item label="核心企业">{p.coreEnterpriseName}</Descriptions.Item>
            <Descriptions.Item label="年化利率">
              <span data-testid="headline-rate">{rateHeadline(p)}</span>（按融资期限分档，见下表）
            </Descriptions.Item>
            <Descriptions.Item label="日利率">{dailyRate(Math.min(...brackets.map((b) => b.annualRatePpm)))} 起</Descriptions.Item>
            <Descriptions.Item label="计息方式">{p.interestModeLabel}</Descriptions.Item>
            <Descriptions.Item label="最长期限">{p.maxTermDays} 天</Descriptions.Item>
            <Descriptions.Item label="融资比例">{percent(p.advanceRatePpm)}</Descriptions.Item>
            <Descriptions.Item label="罚息倍数">{(p.penaltyMultiplierPpm / 1_000_000).toFixed(2)} 倍</Descriptions.Item>
            <Descriptions.Item label="还款账户" span={2}>
              {p.repaymentAccount.accountName} · {p.repaymentAccount.bankBranchName} · {p.repaymentAccount.accountNo}
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="key"
            pagination={false}
            dataSource={brackets}
            columns={[
              { title: '融资期限', render: (_, b) => `${b.minDays}–${b.maxDays} 天${b.base ? '（基准）' : ''}` },
              { title: '年化利率', dataIndex: 'annualRatePpm', render: (v: number) => percent(v) },
              { title: '日利率', dataIndex: 'annualRatePpm', render: (v: number) => dailyRate(v) },
              { title: '服务费率（一次性）', dataIndex: 'serviceFeeRatePpm', render: (v: number) => percent(v) },
              {
                title: '逾期罚息年化',
                dataIndex: 'annualRatePpm',
                render: (v: number) => percent(Math.round((v * p.penaltyMultiplierPpm) / 1_000_000)),
              },
            ]}
          />
          <Typography.Text type="secondary">
            利息按实际天数/360 计算（日利率 = 年化利率 ÷ 360），四舍五入到分。
            {baseRateApplies(p) && '期限不在上表任一档位内的，按基准利率和服务费率计收。'}
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
