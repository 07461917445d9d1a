import { formatYuan } from '@factoring/domain';
import { Empty, Skeleton, Typography, theme } from 'antd';
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { axisLabel, roundStep } from '../../lib/chart-scale.ts';
import { useValueHistory } from './delivery-api.ts';

// Only what a line chart with a category x-axis needs, so the chunk stays small (loaded lazily by the detail drawer).
ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

const WARNING_COLOR = '#fa8c16';
const LIQUIDATION_COLOR = '#f5222d';

/**
 * The collateral value over time (/pledge/pledgeFinacy detail): the goods still pledged valued at
 * each recorded price, against the values at which today's exposure reaches the warning and the
 * liquidation lines — below a line, the LTV is over it.
 */
export default function CollateralChart({ id }: { id: number }) {
  const history = useValueHistory(id);
  const { token } = theme.useToken();
  if (history.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const h = history.data;
  if (!h || h.points.length === 0) return <Empty description="暂无价格记录" />;
  const values = h.points.map((p) => p.value / 100);
  const lines = [h.warningValue, h.liquidationValue].filter((v): v is number => v !== null).map((v) => v / 100);
  const low = Math.min(...values, ...lines);
  const high = Math.max(...values, ...lines);
  // A flat series (one price, nothing owed) still gets a readable axis: at least a fifth of the value.
  const step = roundStep(Math.max(high - low, high / 5));
  const min = Math.max(0, Math.floor(low / step) * step - step);
  const max = Math.ceil(high / step) * step + step;
  // One price so far: the lines are single points, drawn as points so they can be seen.
  const single = h.points.length === 1;
  const flat = (value: number | null) => (value === null ? [] : h.points.map(() => value / 100));

  return (
    <div data-testid="collateral-chart">
      <div style={{ height: 240 }}>
        <Line
          aria-label="质押物价值走势"
          data={{
            labels: h.points.map((p) => p.priceDate.slice(5)),
            datasets: [
              {
                label: '货值',
                data: values,
                borderColor: token.colorPrimary,
                backgroundColor: token.colorPrimary,
                pointRadius: 3,
                tension: 0,
              },
              {
                label: '预警线',
                data: flat(h.warningValue),
                borderColor: WARNING_COLOR,
                backgroundColor: WARNING_COLOR,
                borderDash: [6, 4],
                pointRadius: single ? 3 : 0,
              },
              {
                label: '平仓线',
                data: flat(h.liquidationValue),
                borderColor: LIQUIDATION_COLOR,
                backgroundColor: LIQUIDATION_COLOR,
                borderDash: [2, 3],
                pointRadius: single ? 3 : 0,
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              legend: { labels: { color: token.colorText, boxHeight: 2 } },
              tooltip: { callbacks: { label: (c) => `${c.dataset.label}：¥${formatYuan(Math.round(Number(c.raw) * 100))}` } },
            },
            scales: {
              x: {
                ticks: { color: token.colorTextSecondary, maxRotation: 0, autoSkip: true },
                grid: { color: token.colorBorderSecondary },
              },
              y: {
                min,
                max,
                ticks: { stepSize: step, color: token.colorTextSecondary, callback: (v) => axisLabel(Number(v)) },
                grid: { color: token.colorBorderSecondary },
              },
            },
          }}
        />
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        按当前质押 {h.pledgedQuantity} {h.unit}、敞口 ¥{formatYuan(h.exposure)}{' '}
        计算：货值低于预警线即超过预警质押率，低于平仓线即超过平仓质押率。
      </Typography.Text>
    </div>
  );
}
