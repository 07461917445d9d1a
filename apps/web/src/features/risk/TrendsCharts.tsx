import { AGING_BUCKET_LABELS, AGING_BUCKETS } from '@factoring/domain/contract';
import { formatYuan } from '@factoring/domain';
import { Card, Col, Row, theme } from 'antd';
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { axisLabel } from '../../lib/chart-scale.ts';
import type { Trends } from './api.ts';

// The trend charts of the risk desk (issue 27), loaded lazily by the 趋势 tab so chart.js stays out of
// the page's first load. Only what a line chart with a category x-axis needs is registered.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

const PALETTE = ['#1677ff', '#13c2c2', '#fa8c16', '#722ed1', '#f5222d'];

type Point = Trends['points'][number];
type Line = Trends['lines'][number];
interface Series {
  label: string;
  values: number[];
  dashed?: boolean;
}

function Chart({
  title,
  labels,
  series,
  format,
  axis,
  testId,
}: {
  title: string;
  labels: string[];
  series: Series[];
  format: (v: number) => string;
  axis: (v: number) => string;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title={title} data-testid={testId}>
      <div style={{ height: 240 }}>
        <Line
          aria-label={title}
          data={{
            labels,
            datasets: series.map((s, i) => ({
              label: s.label,
              data: s.values,
              borderColor: PALETTE[i % PALETTE.length],
              backgroundColor: PALETTE[i % PALETTE.length],
              borderDash: s.dashed ? [6, 4] : undefined,
              pointRadius: 2,
              tension: 0,
            })),
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              legend: { labels: { color: token.colorText, boxHeight: 2 } },
              tooltip: { callbacks: { label: (c) => `${c.dataset.label}：${format(Number(c.raw))}` } },
            },
            scales: {
              x: {
                ticks: { color: token.colorTextSecondary, maxRotation: 0, autoSkip: true },
                grid: { color: token.colorBorderSecondary },
              },
              y: {
                beginAtZero: true,
                ticks: { color: token.colorTextSecondary, callback: (v) => axis(Number(v)) },
                grid: { color: token.colorBorderSecondary },
              },
            },
          }}
        />
      </div>
    </Card>
  );
}

const yuanOf = (v: number) => `¥${formatYuan(Math.round(v * 100))}`;
const pctOf = (v: number) => `${v.toFixed(2)}%`;

/** Exposure by product line (a partner bank's book dashed), aging buckets, the shares and the multiple, month end by month end. */
export default function TrendsCharts({ lines, points }: { lines: Line[]; points: Point[] }) {
  const labels = points.map((p) => p.date.slice(0, 7));
  const yuan = (f: (p: Point) => number) => points.map((p) => f(p) / 100);
  const share = (f: (p: Point) => number) => points.map((p) => f(p) / 10_000);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={12}>
        <Chart
          title="未偿本金（按产品）"
          testId="risk-trend-exposure"
          labels={labels}
          format={yuanOf}
          axis={axisLabel}
          series={lines.map((l) => ({ label: l.label, values: yuan((p) => p.byProduct[l.code] ?? 0), dashed: l.side === 'BANK' }))}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          title="账龄（未偿本金）"
          testId="risk-trend-aging"
          labels={labels}
          format={yuanOf}
          axis={axisLabel}
          series={AGING_BUCKETS.map((b) => ({ label: AGING_BUCKET_LABELS[b], values: yuan((p) => p.buckets[b]) }))}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          title="集中度与不良率（%）"
          testId="risk-trend-shares"
          labels={labels}
          format={pctOf}
          axis={(v) => `${v}%`}
          series={[
            { label: '单一债务人最高占比', values: share((p) => p.maxDebtorSharePpm) },
            { label: '关联方占比', values: share((p) => p.relatedSharePpm) },
            { label: '不良率', values: share((p) => p.nonPerformingRatioPpm) },
          ]}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          title="风险资产 / 净资产（倍）"
          testId="risk-trend-leverage"
          labels={labels}
          format={(v) => `${v.toFixed(2)} 倍`}
          axis={(v) => `${v}`}
          series={[{ label: '风险资产 / 净资产', values: points.map((p) => p.leveragePpm / 1_000_000) }]}
        />
      </Col>
    </Row>
  );
}
