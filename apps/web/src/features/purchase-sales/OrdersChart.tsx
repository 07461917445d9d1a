import { theme } from 'antd';
import { MonthBars } from '../../lib/MonthBars.tsx';

/**
 * Purchase and sales confirmed by month as grouped bars with round ticks (lib/MonthBars.tsx, chart.js);
 * loaded lazily by OverviewPage, so chart.js stays out of the page's first load.
 */
export default function OrdersChart({ data }: { data: { month: string; purchase: number; sales: number }[] }) {
  const { token } = theme.useToken();
  return (
    <MonthBars
      testId="orders-chart"
      title="按月采购与销售金额"
      months={data.map((d) => d.month)}
      series={[
        { key: 'purchase', label: '采购', color: token.colorWarning, values: data.map((d) => d.purchase) },
        { key: 'sales', label: '销售', color: token.colorPrimary, values: data.map((d) => d.sales) },
      ]}
    />
  );
}
