import { theme } from 'antd';
import { MonthBars } from '../../lib/MonthBars.tsx';
import type { MonthlyFlow } from './api.ts';

/**
 * Monthly inflow and outflow on /user/moneySummary: grouped bars with round ticks (lib/MonthBars.tsx,
 * chart.js). A lazy chunk of its own (MoneySummaryPage), so chart.js never enters the page's first load.
 */
export default function MonthlyChart({ data }: { data: MonthlyFlow[] }) {
  const { token } = theme.useToken();
  return (
    <MonthBars
      testId="monthly-chart"
      title="近 12 个月按月收支"
      months={data.map((d) => d.month)}
      series={[
        { key: 'inflow', label: '收入', color: token.colorSuccess, values: data.map((d) => d.inflow) },
        { key: 'outflow', label: '支出', color: token.colorError, values: data.map((d) => d.outflow) },
      ]}
    />
  );
}
