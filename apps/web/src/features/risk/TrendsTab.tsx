import { Empty, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { LoadFailure } from '../../lib/LoadFailure.tsx';
import { useTrends } from './api.ts';

// 风险管理 → 趋势 (issue 27): the month-end snapshots the close of business records, as line charts.
const TrendsCharts = lazy(() => import('./TrendsCharts.tsx'));

export default function TrendsTab() {
  const q = useTrends();
  if (q.isError) return <LoadFailure title="趋势加载失败" error={q.error} retry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton active />;
  const { lines, points } = q.data;
  if (!points.length) return <Empty description="尚无日终快照：日终批处理每天记录一次" />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="risk-trends">
      <Typography.Text type="secondary">
        各月末的日终风险快照（{points[0].date} 至 {points.at(-1)!.date}，共 {points.length} 个月）：与当日风险管理页面所示一致。
      </Typography.Text>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <TrendsCharts lines={lines} points={points} />
      </Suspense>
    </Space>
  );
}
