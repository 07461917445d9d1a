// Status machines of the supervised warehouse (issue 13): goods, warehouse receipts (电子仓单),
// stock-takes (盘点) and release orders (放货指令). The server changes a status only through
// `transition()` with these machines; the web shows their labels.
import { defineLifecycle } from '../state-machine.ts';

export type GoodsStatus = 'ACTIVE' | 'DISABLED';
export const goodsLifecycle = defineLifecycle<GoodsStatus>(
  { ACTIVE: ['DISABLED'], DISABLED: ['ACTIVE'] },
  { ACTIVE: '启用', DISABLED: '停用' },
);

/**
 * A receipt is LIVE while it represents goods; splitting or merging replaces it by new receipts
 * (SPLIT / MERGED are terminal), pledging holds it for a financing, cancelling returns its goods to
 * the available stock. Cancelling a pledged receipt needs an operator (CANCEL_PENDING).
 */
export type ReceiptStatus = 'LIVE' | 'PLEDGED' | 'CANCEL_PENDING' | 'SPLIT' | 'MERGED' | 'CANCELLED';
export const receiptLifecycle = defineLifecycle<ReceiptStatus>(
  {
    LIVE: ['PLEDGED', 'SPLIT', 'MERGED', 'CANCELLED'],
    PLEDGED: ['LIVE', 'CANCEL_PENDING'],
    CANCEL_PENDING: ['CANCELLED', 'PLEDGED'],
    SPLIT: [],
    MERGED: [],
    CANCELLED: [],
  },
  { LIVE: '有效', PLEDGED: '已质押', CANCEL_PENDING: '注销待审核', SPLIT: '已拆分', MERGED: '已合并', CANCELLED: '已注销' },
);

/** A stock-take's adjustments wait for an operator; a count without differences closes at once. */
export type StockTakeStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'NO_DIFFERENCE';
export const stockTakeLifecycle = defineLifecycle<StockTakeStatus>(
  { PENDING: ['APPROVED', 'REJECTED'], APPROVED: [], REJECTED: [], NO_DIFFERENCE: [] },
  { PENDING: '待审核', APPROVED: '已调整', REJECTED: '已驳回', NO_DIFFERENCE: '账实相符' },
);

/** A release order (放货指令) authorises stock-outs of released goods until its quantity is used up. */
export type ReleaseOrderStatus = 'OPEN' | 'CONSUMED' | 'CANCELLED';
export const releaseOrderLifecycle = defineLifecycle<ReleaseOrderStatus>(
  { OPEN: ['OPEN', 'CONSUMED', 'CANCELLED'], CONSUMED: [], CANCELLED: [] },
  { OPEN: '待提货', CONSUMED: '已提完', CANCELLED: '已取消' },
);

/** The goods categories a warehouse accepts, from its free text (`钢材、有色金属`). */
export function acceptedCategoryList(text: string): string[] {
  return text.split(/[、，,;；\s]+/).filter(Boolean);
}

/**
 * A location's zone (库区): the accepted categories its name names — `钢材库区` takes only 钢材,
 * `有色金属库区` only 有色金属. A location whose name names none takes whatever the warehouse accepts
 * (an empty list). Stock-in and moves (移库) put goods only where their category belongs.
 */
export function zoneCategories(locationName: string | null | undefined, acceptedCategories: string): string[] {
  const name = locationName ?? '';
  return acceptedCategoryList(acceptedCategories).filter((c) => name.includes(c));
}

/** Why goods of `category` may not lie at a location, or null when they may. */
export function zoneRefusal(
  location: { code: string; name: string | null | undefined },
  acceptedCategories: string,
  goods: { name: string; category: string },
): string | null {
  const zone = zoneCategories(location.name, acceptedCategories);
  if (!zone.length || zone.includes(goods.category)) return null;
  return `库位 ${location.code}（${location.name}）只存放${zone.map((c) => `“${c}”`).join('、')}类商品，“${goods.name}”属于“${goods.category}”类，不能放入该库位`;
}
