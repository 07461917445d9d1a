import type { menus } from '../db/schema/index.ts';

type Menu = typeof menus.$inferInsert;
type Audience = Menu['audience'];
type Gate = NonNullable<Menu['gate']>;

const HIDDEN = -1;
let order = 0;
const entry = (
  id: number,
  name: string,
  route: string | null,
  parent: number | null,
  opts: { hidden?: boolean; audience?: Audience; gate?: Gate; icon?: string } = {},
): Menu => ({
  id,
  name,
  route,
  bpid: parent,
  mpid: opts.hidden ? HIDDEN : parent,
  icon: opts.icon ?? null,
  sortOrder: order++,
  audience: opts.audience ?? 'MERCHANT',
  gate: opts.gate ?? 'NONE',
});
const hidden = (id: number, name: string, route: string, parent: number, opts: { audience?: Audience; gate?: Gate } = {}) =>
  entry(id, name, route, parent, { ...opts, hidden: true });

/**
 * Every route of SPEC §2. Ids 1, 2, 3 and 6 are the SPEC's sample ids; sections hang under home
 * for breadcrumbs (bpid 1) but sit at the sider's top level (mpid null).
 */
export const MENU_SEED: Menu[] = [
  entry(1, '首页', '/', null, { audience: 'ALL', icon: 'home' }),

  { ...entry(2, '供应链融资', null, null, { icon: 'bank' }), bpid: 1 },
  entry(203, '供应链贷款', '/supplyloan/supplyLoan', 2),
  entry(21, '平台管理', '/supplyloan/myPlatform', 2),
  entry(22, '我的融资', '/supplyloan/myfinancing', 2),
  entry(23, '应收账款', '/supplyloan/invoice', 2),
  entry(24, '银行云贷', '/supplyloan/ccbft', 2, { gate: 'CLOUD_LOAN' }),
  entry(25, '还款试算', '/supplyloan/ccbftTrialPayment', 2, { gate: 'CLOUD_LOAN' }),
  // Issue 36: the debtor of a receivable assigned to the factor confirms it and acknowledges the notices.
  entry(26, '应收账款确权', '/receivables/confirmations', 2, { gate: 'DEBTOR' }),
  hidden(201, '融资申请', '/supplyloan/financing', 2),
  hidden(202, '还款', '/supplyloan/muserRefund', 2),
  hidden(204, '订单融资', '/supplyloan/orderLoan', 2),
  hidden(205, '订单提款', '/supplyloan/orderdrawings', 2),
  hidden(206, '价格表', '/supplyloan/priceList', 2),
  hidden(207, '展期申请', '/supplyloan/delayApply', 2),
  // The cloud loan's pages by the names a user knows them by (issue 24: the breadcrumb read 云贷标签页):
  // applying hangs under 银行云贷, the loan pages under 我的融资 → 我的云贷 (the tab set's own words).
  hidden(208, '申请银行云贷', '/supplyloan/ccbftApply', 24, { gate: 'CLOUD_LOAN' }),
  hidden(209, '确认申请', '/supplyloan/ccbftSubmit', 208, { gate: 'CLOUD_LOAN' }),
  hidden(210, '我的云贷', '/supplyloan/myfinancing/cloudComponent/CloudLoanTab', 22, { gate: 'CLOUD_LOAN' }),
  hidden(211, '云贷申请记录', '/supplyloan/myfinancing/cloudComponent/ApplyTable', 210, { gate: 'CLOUD_LOAN' }),
  hidden(212, '银行授信', '/supplyloan/myfinancing/cloudComponent/CreditTable', 210, { gate: 'CLOUD_LOAN' }),
  hidden(213, '云贷借款详情', '/supplyloan/myfinancing/cloudComponent/CloudLoanInfo', 210, { gate: 'CLOUD_LOAN' }),
  hidden(214, '借款与还款', '/supplyloan/myfinancing/cloudComponent/RefundTable', 210, { gate: 'CLOUD_LOAN' }),
  hidden(215, '还款合计', '/supplyloan/myfinancing/cloudComponent/RefundTotalTable', 210, { gate: 'CLOUD_LOAN' }),

  { ...entry(3, '货押融资', null, null, { icon: 'gold' }), bpid: 1 },
  entry(31, '平台', '/pledge/myPlatform', 3),
  entry(32, '我的融资', '/pledge/pledgeFinacy', 3),
  entry(33, '监管仓库', '/pledge/goodsGuide', 3),
  entry(307, '指定签收人', '/pledge/signPersonGuide', 3),
  entry(308, '下游客户', '/pledge/supplyLoanKH', 3),
  hidden(301, '申请融资', '/pledge/applyFinacing', 3),
  hidden(302, '缴纳保证金', '/pledge/bondVoucher', 3),
  hidden(303, '补缴保证金', '/pledge/giveGold', 3),
  hidden(304, '申请成功', '/pledge/pledgeSucess', 3),
  hidden(305, '还款计划', '/pledge/repaymentList', 3),
  hidden(306, '还款凭证', '/pledge/repaymentVoucher', 3),
  hidden(309, '发起融资', '/pledge/toFinacing', 3),
  hidden(310, '凭证提交成功', '/pledge/voucherSucess', 3),

  { ...entry(4, '仓储管理', null, null, { icon: 'database', gate: 'WAREHOUSE' }), bpid: 1 },
  entry(41, '出入库', '/warehouse/outIncoming', 4, { gate: 'WAREHOUSE' }),
  entry(42, '库存明细', '/warehouse/stockDetails', 4, { gate: 'WAREHOUSE' }),
  entry(43, '商品维护', '/warehouse/maintainName', 4, { gate: 'WAREHOUSE' }),

  { ...entry(5, '购销管理', '/purchaseSalesManage', null, { icon: 'shopping', gate: 'PURCHASE_SALES' }), bpid: 1 },
  hidden(501, '订单管理', '/purchaseSalesManage/orderManage', 5, { gate: 'PURCHASE_SALES' }),
  hidden(502, '定向支付', '/purchaseSalesManage/targetedPayment', 5, { gate: 'PURCHASE_SALES' }),

  { ...entry(6, '账户总览', null, null, { icon: 'wallet' }), bpid: 1 },
  entry(61, '我的账户', '/user/moneySummary', 6),
  entry(604, '受控资金', '/user/moneyflowControl', 6),
  entry(612, '收款方白名单', '/user/seeWhiteList', 6),
  entry(606, '上下游资金', '/user/moneyflowUpDown', 6),
  entry(62, '实名业务', '/user/autenticalList', 6),
  entry(63, '合同管理', '/user/contractList', 6),
  hidden(601, '实名认证', '/user/autentication', 62),
  hidden(602, '保理还款', '/user/factorRepayment', 6),
  hidden(603, '平台内转账', '/user/internalTransfer', 61),
  hidden(605, '操作结果', '/user/moneyflowSuccess', 61),
  hidden(613, '提现', '/user/withdrawal', 61),
  // Reached from 受控资金 and the whitelist (their pages link here), not from the sider.
  hidden(611, '定向支付', '/user/purchasePayment', 604),
  hidden(607, '申请代付', '/user/openConsignment', 604),
  hidden(608, '已开通定向支付的企业', '/user/openEnterpriseList', 612),
  hidden(609, '新增收款方', '/user/openLastDirPayment', 612),
  hidden(610, '变更收款方', '/user/openUpdateDirPayment', 612),

  hidden(701, '系统信息', '/sys', 1),
  hidden(702, '嵌入页面', '/sys/embed/:index', 1, { audience: 'ALL' }),

  hidden(801, '产品门户', '/trade/index', 1, { audience: 'ALL' }),
  hidden(802, '关于我们', '/trade/aboutus', 1, { audience: 'ALL' }),
  hidden(803, '账户激活', '/trade/activate', 1, { audience: 'ALL' }),
  hidden(804, '常见问题', '/trade/faq', 1, { audience: 'ALL' }),
  hidden(805, '忘记密码', '/trade/forgetpwd', 1, { audience: 'ALL' }),
  hidden(806, '链接已失效', '/trade/opttimeout', 1, { audience: 'ALL' }),
  hidden(807, '注册', '/trade/register', 1, { audience: 'ALL' }),
  hidden(808, '重置密码', '/trade/resetpwd', 1, { audience: 'ALL' }),

  entry(9, '审批中心', '/bpm/tasks', null, { audience: 'OPERATOR', icon: 'audit' }),
  entry(10, '银行对账', '/bpm/reconciliation', null, { audience: 'OPERATOR', icon: 'bank' }),
  entry(11, '风险管理', '/bpm/risk', null, { audience: 'OPERATOR', icon: 'database' }),
];
