import { formatYuan } from '@factoring/domain';
import { theme } from 'antd';
import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type Plugin } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { axisLabel, zeroBasedAxis } from './chart-scale.ts';

// Only what grouped bars on a category axis need. Import this file only from a lazily loaded
// component: chart.js must stay out of a page's first load.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  /** Names the row's data attribute in the figures table: `data-<key>` (cents). */
  key: string;
  label: string;
  color: string;
  /** Cents, one per month. */
  values: number[];
}

/** Off screen but read by screen readers (and journeys): the figures behind the canvas. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The value-axis labels chart.js actually drew, on the chart's container (`data-y-ticks="0|50万|100万"`):
 * a canvas has no DOM to inspect, and journeys check that the ticks are round.
 */
const exposeTicks: Plugin<'bar'> = {
  id: 'exposeTicks',
  afterUpdate(chart) {
    const labels = chart.scales.y?.ticks.map((t) => String(t.label)) ?? [];
    chart.canvas.closest('[data-chart]')?.setAttribute('data-y-ticks', labels.join('|'));
  },
};

/**
 * Amounts per month as grouped bars (chart.js), on a value axis of round steps from 0 (50万, 100万 …,
 * chart-scale.ts), in the antd theme's colours and font so light and dark both read; tooltips and a
 * visually hidden table give each month's exact figures.
 */
export function MonthBars({ months, series, title, testId }: { months: string[]; series: BarSeries[]; title: string; testId: string }) {
  const { token } = theme.useToken();
  const axis = zeroBasedAxis(Math.max(0, ...series.flatMap((s) => s.values)) / 100);
  const font = { family: token.fontFamily, size: 12 };

  return (
    <div data-testid={testId} data-chart="" style={{ position: 'relative' }}>
      <div style={{ height: 260 }}>
        <Bar
          role="img"
          aria-label={`${title}柱状图，明细见下表`}
          plugins={[exposeTicks]}
          data={{
            labels: months.map((m) => m.slice(2).replace('-', '/')),
            datasets: series.map((s) => ({
              label: s.label,
              data: s.values.map((v) => v / 100),
              backgroundColor: s.color,
              borderRadius: 2,
              maxBarThickness: 18,
            })),
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              legend: { position: 'bottom', labels: { color: token.colorTextSecondary, font, boxWidth: 10, boxHeight: 10 } },
              tooltip: {
                callbacks: {
                  title: (items) => months[items[0]?.dataIndex ?? 0] ?? '',
                  // From the cents, not the float the bar is drawn with.
                  label: (c) => `${c.dataset.label}：¥${formatYuan(series[c.datasetIndex]?.values[c.dataIndex])}`,
                },
              },
            },
            scales: {
              x: {
                ticks: { color: token.colorTextSecondary, font, maxRotation: 0, autoSkip: true },
                grid: { display: false },
                border: { color: token.colorBorder },
              },
              y: {
                min: axis.min,
                max: axis.max,
                ticks: { stepSize: axis.step, color: token.colorTextSecondary, font, callback: (v) => axisLabel(Number(v)) },
                grid: { color: token.colorBorderSecondary },
                border: { display: false },
              },
            },
          }}
        />
      </div>
      <table style={VISUALLY_HIDDEN}>
        <caption>{title}（元）</caption>
        <thead>
          <tr>
            <th scope="col">月份</th>
            {series.map((s) => (
              <th scope="col" key={s.key}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m, i) => (
            <tr key={m} data-month={m} {...Object.fromEntries(series.map((s) => [`data-${s.key}`, s.values[i]]))}>
              <th scope="row">{m}</th>
              {series.map((s) => (
                <td key={s.key}>{formatYuan(s.values[i])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
