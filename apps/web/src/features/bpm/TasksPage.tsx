import { Skeleton, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useDeskTabs } from '../../lib/contributions.ts';
import { AuditLog } from './AuditLog.tsx';
import { DepositForm } from './DepositForm.tsx';
import { JobRunsPanel } from './JobRunsPanel.tsx';
import { TaskList } from './TaskList.tsx';

// Panels loaded when their tab is first opened (each its own small chunk).
const OutboxPanel = lazy(() => import('./OutboxPanel.tsx'));
const FaqPanel = lazy(() => import('./FaqPanel.tsx'));
const SiteConfigPanel = lazy(() => import('./SiteConfigPanel.tsx'));
const later = (panel: ReactNode) => <Suspense fallback={<Skeleton active />}>{panel}</Suspense>;

interface Tab {
  key: string;
  label: string;
  /** Where it stands among the tabs; the products' desk tabs (FeatureModule.desks) say theirs. */
  order: number;
  render(active: boolean): ReactNode;
}

/** The back office's own tabs: the inbox and the audit first, the site's mail, questions and settings last. */
const OWN_TABS: Tab[] = [
  { key: 'tasks', label: '审批任务', order: 10, render: () => <TaskList /> },
  { key: 'audit', label: '审计日志', order: 20, render: (active) => <AuditLog active={active} /> },
  { key: 'deposit', label: '登记入账', order: 30, render: () => <DepositForm /> },
  { key: 'jobs', label: '定时任务', order: 40, render: (active) => <JobRunsPanel active={active} /> },
  { key: 'outbox', label: '邮件发件箱', order: 1000, render: () => later(<OutboxPanel />) },
  { key: 'faq', label: '常见问题', order: 1010, render: () => later(<FaqPanel />) },
  { key: 'siteConfig', label: '站点配置', order: 1020, render: () => later(<SiteConfigPanel />) },
];

/**
 * `/bpm/tasks` (PRODUCT §11): the operators' review inbox, the audit log of every decision, and the desk
 * tabs the registered products add (`desk: 'back-office'` in their module.ts) — this page names none.
 */
export default function TasksPage() {
  // ?tab=outbox|faq|siteConfig|… opens a tab directly (a link to one screen of the back office).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') || 'tasks');
  const deskTabs = useDeskTabs('back-office');
  const tabs: Tab[] = [
    ...OWN_TABS,
    ...deskTabs.map(({ key, label, order, panel: Panel }) => ({
      key,
      label,
      order,
      render: (active: boolean) => later(<Panel active={active} />),
    })),
  ].sort((a, b) => a.order - b.order);
  return (
    <div data-testid="bpm-tasks-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        审批中心
      </Typography.Title>
      <Tabs
        // A dozen desks: the tab bar wraps instead of hiding desks behind a "more" button (accessible.css).
        className="fp-wrap-tabs"
        activeKey={tab}
        onChange={setTab}
        items={tabs.map(({ key, label, render }) => ({ key, label, children: render(tab === key) }))}
      />
    </div>
  );
}
