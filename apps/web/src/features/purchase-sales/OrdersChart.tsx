import { formatYuan } from '@factoring/domain';
import { theme } from 'antd';

const W = 640;
const H = 220;
const PAD = { left: 60, right: 12, top: 16, bottom: 32 };

const axis = (cents: number) => {
  const yuan = cents / 100;
  if (yuan >= 1e8) return `${(yuan / 1e8).toFixed(1)}亿`;
  if (yuan >= 1e4) return `${(yuan / 1e4).toFixed(yuan >= 1e6 ? 0 : 1)}万`;
  return yuan.toFixed(0);
};

/** Purchase and sales confirmed by month as grouped bars, in SVG (no chart library to load). */
export function OrdersChart({ data }: { data: { month: string; purchase: number; sales: number }[] }) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...data.flatMap((d) => [d.purchase, d.sales]));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, data.length);
  const bar = Math.min(22, slot / 3);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const series = [
    { key: 'purchase' as const, label: '采购', color: token.colorWarning },
    { key: 'sales' as const, label: '销售', color: token.colorPrimary },
  ];
  return (
    <div data-testid="orders-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="按月采购与销售金额">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(f * max)} y2={y(f * max)} stroke={token.colorBorderSecondary} />
            <text x={PAD.left - 6} y={y(f * max) + 4} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
              {axis(f * max)}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const cx = PAD.left + slot * i + slot / 2;
          return (
            <g key={d.month}>
              {series.map((s, j) => (
                <rect
                  key={s.key}
                  x={cx - bar + j * bar}
                  y={y(d[s.key])}
                  width={bar - 2}
                  height={PAD.top + plotH - y(d[s.key])}
                  fill={s.color}
                  rx={2}
                >
                  <title>{`${d.month} ${s.label} ¥${formatYuan(d[s.key])}`}</title>
                </rect>
              ))}
              <text x={cx} y={H - 12} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
                {d.month.slice(2).replace('-', '/')}
              </text>
            </g>
          );
        })}
      </svg>
      <div style={{ display: 'flex', gap: 16, justifyContent: 'center', fontSize: 12, color: token.colorTextSecondary }}>
        {series.map((s) => (
          <span key={s.key}>
            <span style={{ display: 'inline-block', width: 10, height: 10, background: s.color, marginRight: 4, borderRadius: 2 }} />
            {s.label}
          </span>
        ))}
      </div>
    </div>
  );
}
