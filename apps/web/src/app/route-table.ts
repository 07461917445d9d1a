import type { ComponentType } from 'react';
import { matchPath } from 'react-router';

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

  open('/trade/index', () => import('../features/trade/PortalPage.tsx')),
  open('/trade/aboutus', () => import('../features/trade/AboutUsPage.tsx')),
  open('/trade/activate', () => import('../features/trade/ActivatePage.tsx')),
  open('/trade/faq', () => import('../features/trade/FaqPage.tsx')),
  open('/trade/forgetpwd', () => import('../features/trade/ForgetPwdPage.tsx')),
  open('/trade/opttimeout', () => import('../features/trade/OptTimeoutPage.tsx')),
  open('/trade/register', () => import('../features/trade/RegisterPage.tsx')),
  open('/trade/resetpwd', () => import('../features/trade/ResetPwdPage.tsx')),
  open('/sys/embed/:index', () => import('../features/sys/EmbedPage.tsx')),
  { path: '/sys', load: () => import('../features/sys/SysInfoPage.tsx') },
  { path: '/sys/setting', load: () => import('../features/sys/SettingPage.tsx') },

  // Issue 14: goods-pledge financing.
  ...['myPlatform', 'toFinacing'].map((p) => merchant(`/pledge/${p}`, () => import('../features/pledge/MyPlatformPage.tsx'))),
  merchant('/pledge/applyFinacing', () => import('../features/pledge/ApplyPage.tsx')),
  merchant('/pledge/pledgeSucess', () => import('../features/pledge/SuccessPage.tsx')),
  ...['bondVoucher', 'giveGold'].map((p) => merchant(`/pledge/${p}`, () => import('../features/pledge/MarginPage.tsx'))),
  merchant('/pledge/pledgeFinacy', () => import('../features/pledge/FinancingsPage.tsx')),
  merchant('/pledge/repaymentList', () => import('../features/pledge/RepaymentPage.tsx')),
  merchant('/pledge/repaymentVoucher', () => import('../features/pledge/RepaymentVoucherPage.tsx')),
  merchant('/pledge/voucherSucess', () => import('../features/pledge/VoucherSuccessPage.tsx')),
  merchant('/pledge/signPersonGuide', () => import('../features/pledge/SignPersonPage.tsx')),
  merchant('/pledge/supplyLoanKH', () => import('../features/pledge/CustomersPage.tsx')),
  merchant('/purchaseSalesManage', () => import('../features/purchase-sales/OverviewPage.tsx')),
  merchant('/purchaseSalesManage/orderManage', () => import('../features/purchase-sales/OrderManagePage.tsx')),
  merchant('/purchaseSalesManage/targetedPayment', () => import('../features/purchase-sales/TargetedPaymentPage.tsx')),
  // Issue 15: the bank cloud loan.
  merchant('/supplyloan/ccbft', () => import('../features/cloudloan/ProductPage.tsx')),
  merchant('/supplyloan/ccbftApply', () => import('../features/cloudloan/ApplyPage.tsx')),
  merchant('/supplyloan/ccbftSubmit', () => import('../features/cloudloan/SubmitPage.tsx')),
  merchant('/supplyloan/ccbftTrialPayment', () => import('../features/cloudloan/TrialPage.tsx')),
  // Issue 6: supply-chain loans.
  merchant('/supplyloan/myPlatform', () => import('../features/supplyloan/MyPlatformPage.tsx')),
  merchant('/supplyloan/supplyLoan', () => import('../features/supplyloan/SupplyLoanPage.tsx')),
  merchant('/supplyloan/invoice', () => import('../features/supplyloan/InvoicePage.tsx')),
  merchant('/supplyloan/financing', () => import('../features/supplyloan/FinancingApplyPage.tsx')),
  merchant('/supplyloan/orderLoan', () => import('../features/supplyloan/OrderLoanPage.tsx')),
  merchant('/supplyloan/orderdrawings', () => import('../features/supplyloan/OrderDrawingsPage.tsx')),
  merchant('/supplyloan/priceList', () => import('../features/supplyloan/PriceListPage.tsx')),
  merchant('/supplyloan/myfinancing', () => import('../features/supplyloan/MyFinancingPage.tsx')),
  merchant('/supplyloan/muserRefund', () => import('../features/supplyloan/RefundPage.tsx')),
  merchant('/supplyloan/delayApply', () => import('../features/supplyloan/DelayApplyPage.tsx')),
  // Issue 36: the debtor's confirmation inbox (确权) and the notices of assignment it received.
  merchant('/receivables/confirmations', () => import('../features/receivables/ConfirmationsPage.tsx')),
  merchant('/supplyloan/myfinancing/cloudComponent/ApplyTable', () => import('../features/cloudloan/cloudComponent/ApplyTable.tsx')),
  merchant('/supplyloan/myfinancing/cloudComponent/CloudLoanInfo', () => import('../features/cloudloan/cloudComponent/CloudLoanInfo.tsx')),
  merchant('/supplyloan/myfinancing/cloudComponent/CloudLoanTab', () => import('../features/cloudloan/cloudComponent/CloudLoanTab.tsx')),
  merchant('/supplyloan/myfinancing/cloudComponent/CreditTable', () => import('../features/cloudloan/cloudComponent/CreditTable.tsx')),
  merchant('/supplyloan/myfinancing/cloudComponent/RefundTable', () => import('../features/cloudloan/cloudComponent/RefundTable.tsx')),
  merchant(
    '/supplyloan/myfinancing/cloudComponent/RefundTotalTable',
    () => import('../features/cloudloan/cloudComponent/RefundTotalTable.tsx'),
  ),
  merchant('/user/contractList', () => import('../features/contracts/ContractListPage.tsx')),
  merchant('/user/autenticalList', () => import('../features/certification/AuthenticationListPage.tsx')),
  merchant('/user/autentication', () => import('../features/certification/AuthenticationPage.tsx')),
  merchant('/user/factorRepayment', () => import('../features/supplyloan/FactorRepaymentPage.tsx')),
  merchant('/user/moneySummary', () => import('../features/funds/MoneySummaryPage.tsx')),
  merchant('/user/withdrawal', () => import('../features/funds/WithdrawalPage.tsx')),
  merchant('/user/internalTransfer', () => import('../features/funds/InternalTransferPage.tsx')),
  merchant('/user/moneyflowSuccess', () => import('../features/funds/MoneyflowSuccessPage.tsx')),
  merchant('/user/moneyflowControl', () => import('../features/funds/MoneyflowControlPage.tsx')),
  merchant('/user/moneyflowUpDown', () => import('../features/funds/MoneyflowUpDownPage.tsx')),
  merchant('/user/seeWhiteList', () => import('../features/funds/SeeWhiteListPage.tsx')),
  merchant('/user/openLastDirPayment', () => import('../features/funds/OpenLastDirPaymentPage.tsx')),
  merchant('/user/openUpdateDirPayment', () => import('../features/funds/OpenUpdateDirPaymentPage.tsx')),
  merchant('/user/openEnterpriseList', () => import('../features/funds/OpenEnterpriseListPage.tsx')),
  merchant('/user/openConsignment', () => import('../features/funds/OpenConsignmentPage.tsx')),
  merchant('/user/purchasePayment', () => import('../features/funds/PurchasePaymentPage.tsx')),
  // Issue 13: supervised warehouses.
  merchant('/pledge/goodsGuide', () => import('../features/warehouse/GoodsGuidePage.tsx')),
  merchant('/warehouse/maintainName', () => import('../features/warehouse/MaintainNamePage.tsx')),
  merchant('/warehouse/outIncoming', () => import('../features/warehouse/OutIncomingPage.tsx')),
  merchant('/warehouse/stockDetails', () => import('../features/warehouse/StockDetailsPage.tsx')),

  { path: '/bpm/tasks', load: () => import('../features/bpm/TasksPage.tsx'), authority: 'operator' },
  // Issue 26: the collection account's bank statements, pay-out files and daily reconciliation.
  { path: '/bpm/reconciliation', load: () => import('../features/reconciliation/ReconciliationPage.tsx'), authority: 'operator' },
  // Issue 27: the factor's risk desk — exposure, aging and the collateral watch.
  { path: '/bpm/risk', load: () => import('../features/risk/RiskPage.tsx'), authority: 'operator' },
];

export const DEFINED_PATHS = ROUTES.map((r) => r.path);

const routeOf = (path: string) => ROUTES.find((r) => matchPath({ path: r.path, end: true }, path) !== null);

/**
 * A menu route whose page is built: defined here and not the interim "not yet open" page. The
 * sider and the expiry reminder show only these, so no entry leads to a page that is not there.
 */
export const isBuiltRoute = (route: string) => {
  const def = routeOf(route);
  return def !== undefined && def.load !== notYetOpen;
};

/** A path that needs a login: a defined route that is not open. Unknown paths are the guard's (404). */
export const needsLogin = (path: string) => {
  const route = routeOf(path);
  return route !== undefined && !route.open;
};
