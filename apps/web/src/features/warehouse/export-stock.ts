import { chinaDate, formatChinaDateTime, qty, toQuantityText } from '@factoring/domain';
import { buildWorkbook, downloadWorkbook } from '../../lib/excel-export.ts';
import type { Position } from './api.ts';

const quantityFormat = (scale: number) => (scale ? `#,##0.${'0'.repeat(scale)}` : '#,##0');

const QUANTITIES = [
  ['库存合计', (p: Position) => p.total],
  ['可用', (p: Position) => p.available],
  ['质押', (p: Position) => p.pledged],
  ['冻结', (p: Position) => p.frozen],
] as const;

const columnLetter = (n: number) => String.fromCharCode(64 + n);

/**
 * The inventory workbook. Quantities are numbers from their exact decimal text with the unit's
 * decimals as the cell format, so Excel sums them. Under the rows one totals row per unit (合计（吨）,
 * 合计（件）…) — tonnes and pieces do not add up — each quantity a SUMIF over its unit's rows whose
 * stored result is the exact decimal sum.
 */
export function positionsWorkbook(items: Position[], filterText: string) {
  const wb = buildWorkbook({
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
      ...QUANTITIES.map(([header, pick]) => ({
        header,
        width: 14,
        kind: 'number' as const,
        value: (p: Position) => Number(pick(p)),
        numFmt: (p: Position) => quantityFormat(p.scale),
      })),
      { header: '最近业务日期', width: 14, kind: 'date' as const, value: (p) => p.lastMovedOn },
    ],
    rows: items,
  });
  const ws = wb.worksheets[0]!;
  const last = ws.rowCount;
  const first = last - items.length + 1;
  const UNIT_COLUMN = 7;
  const units = [...new Set(items.map((p) => p.unit))];
  for (const unit of units) {
    const rows = items.filter((p) => p.unit === unit);
    const scale = Math.max(...rows.map((p) => p.scale));
    const unitRange = `$${columnLetter(UNIT_COLUMN)}$${first}:$${columnLetter(UNIT_COLUMN)}$${last}`;
    const totals = ws.addRow([
      `合计（${unit}）`,
      null,
      null,
      null,
      null,
      `${rows.length} 条`,
      unit,
      ...QUANTITIES.map(([, pick], i) => {
        const col = columnLetter(UNIT_COLUMN + 1 + i);
        const sum = rows.reduce((s, p) => s.plus(qty(pick(p))), qty('0'));
        return { formula: `SUMIF(${unitRange},"${unit}",${col}${first}:${col}${last})`, result: Number(toQuantityText(sum, scale)) };
      }),
    ]);
    totals.font = { bold: true };
    QUANTITIES.forEach((_, i) => (totals.getCell(UNIT_COLUMN + 1 + i).numFmt = quantityFormat(scale)));
  }
  return wb;
}

/** Builds the workbook and downloads it (this module is loaded only when the user exports). */
export async function exportPositionsToExcel(items: Position[], filterText: string): Promise<string> {
  return downloadWorkbook(positionsWorkbook(items, filterText), `库存明细_${chinaDate().replaceAll('-', '')}.xlsx`);
}
