// The operations the public pages call (the landing and login pages, the open /version and
// /sys/embed pages, the session every page starts with) and the first page after login (the
// after-login reminder in the shell, the home dashboard). Their bundle must not carry zod, and an
// endpoint of the contract is built from zod schemas — so these pages name each endpoint only as a
// type and restate what a call needs (method, path, tag, body type), which the type checker holds
// to the contract's definition: a path, method or tag that differs from it does not compile.
import type {
  accountApi,
  authApi,
  backupApi,
  bpmApi,
  certificationApi,
  cloudLoanApi,
  contentApi,
  contractsApi,
  creditApi,
  Endpoint,
  fundsApi,
  pledgeDeliveryApi,
  purchaseSalesApi,
  supplyLoanApi,
  systemApi,
} from '@factoring/domain/contract';

/** What the typed client reads of an endpoint, each part exactly as the contract defines it. */
type Light<E extends Endpoint> = Pick<E, 'method' | 'path' | 'tag'> &
  (E extends { bodyType: infer B } ? { bodyType: B } : { bodyType?: undefined });

/**
 * An endpoint for `call`, `send`, `queryOf` and `keyOf` (lib/api-client.ts), without its schemas:
 * the client never reads them (the server validates), so the value carries only what it does read.
 */
const light = <E extends Endpoint>(at: Light<E>): E => at as unknown as E;

export const publicApi = {
  current: light<typeof authApi.current>({ method: 'GET', path: '/api/user/current', tag: 'auth' }),
  login: light<typeof authApi.login>({ method: 'POST', path: '/api/login', tag: 'auth', bodyType: 'form' }),
  logout: light<typeof authApi.logout>({ method: 'POST', path: '/api/logout', tag: 'auth' }),
  menus: light<typeof systemApi.menus>({ method: 'GET', path: '/api/menus', tag: 'system' }),
  initConfig: light<typeof systemApi.initConfig>({ method: 'GET', path: '/api/initcfg', tag: 'system' }),
  version: light<typeof systemApi.version>({ method: 'GET', path: '/api/system/version', tag: 'system' }),
  embed: light<typeof contentApi.embed>({ method: 'GET', path: '/api/content/embed/:index', tag: 'content' }),
  /** Registration, activation and password recovery (the open pages of features/trade). */
  challenge: light<typeof accountApi.challenge>({ method: 'GET', path: '/api/reg/challenge', tag: 'account' }),
  register: light<typeof accountApi.register>({ method: 'POST', path: '/api/reg/email', tag: 'account' }),
  activate: light<typeof accountApi.activate>({ method: 'POST', path: '/api/reg/activate', tag: 'account', bodyType: 'form' }),
  checkToken: light<typeof accountApi.checkToken>({ method: 'GET', path: '/api/reg/checkToken', tag: 'account' }),
  resendActivation: light<typeof accountApi.resendActivation>({ method: 'POST', path: '/api/reg/resendActivation', tag: 'account' }),
  forgetPassword: light<typeof accountApi.forgetPassword>({ method: 'POST', path: '/api/reg/forgetPwd', tag: 'account' }),
  resetPassword: light<typeof accountApi.resetPassword>({ method: 'POST', path: '/api/reg/resetPwd', tag: 'account', bodyType: 'form' }),
  faq: light<typeof contentApi.faq>({ method: 'GET', path: '/api/content/faq', tag: 'content' }),
  /** The cloud-loan check a login ends with (SPEC §4). */
  cloudLoanAllowed: light<typeof cloudLoanApi.allowed>({ method: 'GET', path: '/api/slccbprecredit/isAllowCcbLoan', tag: 'cloudloan' }),
};

/** The first page after login: the shell's after-login reminder and the home dashboard's cards. */
export const homeApi = {
  supplyWillExpire: light<typeof creditApi.supplyWillExpire>({ method: 'GET', path: '/api/credit/querywillexpire', tag: 'credit' }),
  pledgeWillExpire: light<typeof creditApi.pledgeWillExpire>({
    method: 'GET',
    path: '/api/stockloan/credit/querywillexpire',
    tag: 'credit',
  }),
  pledgeAlerts: light<typeof pledgeDeliveryApi.alerts>({ method: 'GET', path: '/api/pledge/alerts', tag: 'pledge' }),
  balance: light<typeof fundsApi.balance>({ method: 'GET', path: '/api/account/v2/queryAccountBalance', tag: 'funds' }),
  creditLines: light<typeof creditApi.myLines>({ method: 'GET', path: '/api/credit/lines', tag: 'credit' }),
  loanSummary: light<typeof supplyLoanApi.summary>({ method: 'GET', path: '/api/supplyloan/summary', tag: 'supplyloan' }),
  contractStats: light<typeof contractsApi.stats>({ method: 'GET', path: '/api/contracts/stats', tag: 'contracts' }),
  /** Orders another enterprise sent that wait for this one's confirmation, with or without its purchase/sales switch (issue 24). */
  ordersToConfirm: light<typeof purchaseSalesApi.toConfirm>({
    method: 'GET',
    path: '/api/purchase-sales/to-confirm',
    tag: 'purchase-sales',
  }),
  authentications: light<typeof certificationApi.list>({ method: 'GET', path: '/api/authentication/list', tag: 'certification' }),
  operatorOverview: light<typeof bpmApi.overview>({ method: 'GET', path: '/api/bpm/overview', tag: 'bpm' }),
  backup: light<typeof backupApi.latest>({ method: 'GET', path: '/api/bpm/backups/latest', tag: 'bpm' }),
};
