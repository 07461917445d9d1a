import { Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DaysPanel } from './DaysPanel.tsx';
import { FormatsPanel } from './FormatsPanel.tsx';
import { ImportPanel } from './ImportPanel.tsx';
import { LinesPanel } from './LinesPanel.tsx';
import { PayoutsPanel } from './PayoutsPanel.tsx';

/**
 * `/bpm/reconciliation` (issue 26): the factor's collection account as its bank reports it — import a
 * statement, work the lines nothing matched, send executed pay-outs as a payment file and see them paid,
 * and each day's reconciliation against the ledger. `?tab=` opens a tab directly (the home page links).
 */
export default function ReconciliationPage() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') || 'import');
  return (
    <div data-testid="reconciliation-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        银行对账
      </Typography.Title>
      <Tabs
        className="fp-wrap-tabs"
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'import', label: '导入对账单', children: <ImportPanel /> },
          { key: 'exceptions', label: '流水与异常', children: <LinesPanel /> },
          { key: 'payouts', label: '出款与付款文件', children: <PayoutsPanel /> },
          { key: 'days', label: '每日对账', children: <DaysPanel /> },
          { key: 'formats', label: '银行格式', children: <FormatsPanel /> },
        ]}
      />
    </div>
  );
}
