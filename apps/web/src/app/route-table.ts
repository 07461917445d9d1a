import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

export interface RouteDef {
  path: string;
  load: () => PageModule;
  /** Reachable without login (SPEC §2 "Access without login"). */
  open?: boolean;
  /** The authority a view needs (SPEC §5); anyone else sees the 403 page. */
  authority?: 'merchant' | 'operator';
}

/** Pages whose area has not been built yet show an honest "not yet open" result. */
const notYetOpen = () => import('./NotYetOpen.tsx');
const merchant = (path: string, load: () => PageModule = notYetOpen): RouteDef => ({ path, load, authority: 'merchant' });
const open = (path: string, load: () => PageModule = notYetOpen): RouteDef => ({ path, load, open: true });

/** Every route of SPEC §2, exact matches under the root layout, each page its own lazy chunk. */
export const ROUTES: RouteDef[] = [
  open('/', () => import('./HomePage.tsx')),
  open('/login', () => import('../features/auth/LoginPage.tsx')),
  open('/login/login', () => import('../features/auth/LoginPage.tsx')),
  open('/exception/403', () => import('../features/exception/Exception403.tsx')),
  open('/exception/404', () => import('../features/exception/Exception404.tsx')),
  open('/exception/500', () => import('../features/exception/Exception500.tsx')),
  open('/version', () => import('../features/sys/VersionPage.tsx')),

  ...['index', 'aboutus', 'activate', 'faq', 'forgetpwd', 'opttimeout', 'register', 'resetpwd'].map((p) => open(`/trade/${p}`)),
  open('/sys/embed/:index'),
  { path: '/sys', load: notYetOpen },
  { path: '/sys/setting', load: notYetOpen },

  ...['applyFinacing', 'bondVoucher', 'giveGold', 'goodsGuide', 'myPlatform', 'pledgeFinacy', 'pledgeSucess', 'repaymentList', 'repaymentVoucher', 'signPersonGuide', 'supplyLoanKH', 'toFinacing', 'voucherSucess'].map((p) => merchant(`/pledge/${p}`)),
  merchant('/purchaseSalesManage'),
  merchant('/purchaseSalesManage/orderManage'),
  merchant('/purchaseSalesManage/targetedPayment'),
  ...['ccbft', 'ccbftApply', 'ccbftSubmit', 'ccbftTrialPayment', 'delayApply', 'financing', 'invoice', 'muserRefund', 'myPlatform', 'myfinancing', 'orderLoan', 'orderdrawings', 'priceList', 'supplyLoan'].map((p) => merchant(`/supplyloan/${p}`)),
  ...['ApplyTable', 'CloudLoanInfo', 'CloudLoanTab', 'CreditTable', 'RefundTable', 'RefundTotalTable'].map((p) => merchant(`/supplyloan/myfinancing/cloudComponent/${p}`)),
  ...['autenticalList', 'autentication', 'contractList', 'factorRepayment', 'internalTransfer', 'moneySummary', 'moneyflowControl', 'moneyflowSuccess', 'moneyflowUpDown', 'openConsignment', 'openEnterpriseList', 'openLastDirPayment', 'openUpdateDirPayment', 'purchasePayment', 'seeWhiteList', 'withdrawal'].map((p) => merchant(`/user/${p}`)),
  ...['maintainName', 'outIncoming', 'stockDetails'].map((p) => merchant(`/warehouse/${p}`)),

  { path: '/bpm/tasks', load: notYetOpen, authority: 'operator' },
];

export const DEFINED_PATHS = ROUTES.map((r) => r.path);

/** SPEC §2 open pages plus the embedded-frame route. */
export const isOpenPath = (path: string) => ROUTES.some((r) => r.open && (r.path === path || (r.path.includes(':') && path.startsWith(r.path.split(':')[0]))));
