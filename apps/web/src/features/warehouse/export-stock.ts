import { chinaDate, formatChinaDateTime } from '@factoring/domain';
import { buildWorkbook, downloadWorkbook } from '../../lib/excel-export.ts';
import type { Position } from './api.ts';

const quantityFormat = (p: Position) => (p.scale ? `#,##0.${'0'.repeat(p.scale)}` : '#,##0');

/**
 * The inventory workbook. Quantities are numbers from their exact decimal text with the unit's
 * decimals as the cell format, so Excel sums them; units differ, so there is no totals row.
 */
export function positionsWorkbook(items: Position[], filterText: string) {
  const quantity = (header: string, pick: (p: Position) => string) => ({
    header,
    width: 14,
    kind: 'number' as const,
    value: (p: Position) => Number(pick(p)),
    numFmt: quantityFormat,
  });
  return buildWorkbook({
    sheetName: '库存明细',
    preamble: [['库存明细'], [`导出时间：${formatChinaDateTime(new Date())}`, '', '', `筛选：${filterText || '全部'}`], []],
    columns: [
      { header: '存货企业', width: 28, value: (p) => p.depositorName },
      { header: '仓库', width: 24, value: (p) => p.warehouseName },
      { header: '库位', width: 10, value: (p) => p.locationCode },
      { header: '商品', width: 14, value: (p) => p.goodsName },
      { header: '规格', width: 22, value: (p) => p.specification ?? '' },
      { header: '批次', width: 14, value: (p) => p.batchNo },
      { header: '单位', width: 6, value: (p) => p.unit },
      quantity('库存合计', (p) => p.total),
      quantity('可用', (p) => p.available),
      quantity('质押', (p) => p.pledged),
      quantity('冻结', (p) => p.frozen),
    ],
    rows: items,
  });
}

/** Builds the workbook and downloads it (this module is loaded only when the user exports). */
export async function exportPositionsToExcel(items: Position[], filterText: string): Promise<string> {
  return downloadWorkbook(positionsWorkbook(items, filterText), `库存明细_${chinaDate().replaceAll('-', '')}.xlsx`);
}
