import { formatYuan } from '@factoring/domain';
import { theme } from 'antd';
import type { MonthlyFlow } from './api.ts';

const W = 720;
const H = 240;
const PAD = { left: 64, right: 12, top: 16, bottom: 36 };

/** A compact axis label: 1,234,567.00 yuan → '123.5万'. */
function axisLabel(cents: number): string {
  const yuan = cents / 100;
  if (yuan >= 1e8) return `${(yuan / 1e8).toFixed(1)}亿`;
  if (yuan >= 1e4) return `${(yuan / 1e4).toFixed(yuan >= 1e6 ? 0 : 1)}万`;
  return yuan.toFixed(0);
}

/**
 * Monthly inflow and outflow as grouped bars, drawn in SVG (no charting library to download: the
 * chart is one lazy chunk of a few KB). Colours follow the antd theme; every bar has a tooltip.
 */
export default function MonthlyChart({ data }: { data: MonthlyFlow[] }) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...data.flatMap((d) => [d.inflow, d.outflow]));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, data.length);
  const bar = Math.min(18, slot / 3);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);

  return (
    <div data-testid="monthly-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="按月收支图">
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke={token.colorBorderSecondary} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
              {axisLabel(v)}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const x = PAD.left + i * slot + slot / 2;
          return (
            <g key={d.month} data-month={d.month} data-inflow={d.inflow} data-outflow={d.outflow}>
              <rect x={x - bar - 1} y={y(d.inflow)} width={bar} height={PAD.top + plotH - y(d.inflow)} fill={token.colorSuccess} rx={2}>
                <title>{`${d.month} 收入 ¥${formatYuan(d.inflow)}`}</title>
              </rect>
              <rect x={x + 1} y={y(d.outflow)} width={bar} height={PAD.top + plotH - y(d.outflow)} fill={token.colorError} rx={2}>
                <title>{`${d.month} 支出 ¥${formatYuan(d.outflow)}`}</title>
              </rect>
              <text x={x} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
                {d.month.slice(2).replace('-', '/')}
              </text>
            </g>
          );
        })}
      </svg>
      <div style={{ display: 'flex', gap: 16, justifyContent: 'center', fontSize: 12, color: token.colorTextSecondary }}>
        <span>
          <span style={{ display: 'inline-block', width: 10, height: 10, background: token.colorSuccess, marginRight: 4 }} />
          收入
        </span>
        <span>
          <span style={{ display: 'inline-block', width: 10, height: 10, background: token.colorError, marginRight: 4 }} />
          支出
        </span>
      </div>
    </div>
  );
}
