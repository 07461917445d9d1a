// The groupings of the exposure (issue 27), apart from the Excel export so that the tab does not load
// the workbook library before the operator asks for a file.
export type Grouping = 'byProduct' | 'byBorrower' | 'byDebtor' | 'byPlatform' | 'byWarehouse' | 'byGoods';

export const GROUPING_LABELS: Record<Grouping, string> = {
  byProduct: '产品',
  byBorrower: '借款人',
  byDebtor: '债务人/核心企业',
  byPlatform: '平台',
  byWarehouse: '仓库（货押）',
  byGoods: '货物（货押）',
};
