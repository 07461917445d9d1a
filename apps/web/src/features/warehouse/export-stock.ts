import ExcelJS from 'exceljs';
import { formatChinaDateTime } from '@factoring/domain';
import type { Position } from './api.ts';

/**
 * Builds the inventory workbook (loaded only on export, so exceljs stays out of the page's chunk).
 * Quantities are written as numbers from their exact decimal text with the unit's decimals as the
 * cell format, so Excel sums them.
 */
export async function exportPositionsToExcel(items: Position[], filterText: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Factoring Portal';
  const ws = wb.addWorksheet('库存明细');
  ws.addRow(['库存明细']);
  ws.addRow([`导出时间：${formatChinaDateTime(new Date())}`, '', '', `筛选：${filterText || '全部'}`]);
  ws.addRow([]);
  const header = ws.addRow(['存货企业', '仓库', '库位', '商品', '规格', '批次', '单位', '库存合计', '可用', '质押', '冻结']);
  header.font = { bold: true };
  for (const p of items) {
    const row = ws.addRow([
      p.depositorName,
      p.warehouseName,
      p.locationCode,
      p.goodsName,
      p.specification ?? '',
      p.batchNo,
      p.unit,
      Number(p.total),
      Number(p.available),
      Number(p.pledged),
      Number(p.frozen),
    ]);
    const fmt = p.scale ? `#,##0.${'0'.repeat(p.scale)}` : '#,##0';
    for (const c of [8, 9, 10, 11]) row.getCell(c).numFmt = fmt;
  }
  [28, 24, 10, 14, 22, 14, 6, 14, 14, 14, 14].forEach((w, i) => (ws.getColumn(i + 1).width = w));
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const name = `库存明细_${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')}.xlsx`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
