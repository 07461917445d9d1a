import { centsToYuanString } from '@factoring/domain';
import { buildWorkbook, downloadWorkbook } from '../../lib/excel-export.ts';
import type { Exposure, ExposureRow } from './api.ts';
import { GROUPING_LABELS, type Grouping } from './groupings.ts';

const yuan = (cents: number) => Number(centsToYuanString(cents));

/**
 * One grouping of the exposure as a workbook: money as numbers of yuan with a totals row (for a full
 * grouping it equals the book's total in the preamble), shares as numbers formatted as percentages.
 */
export function exposureWorkbook(e: Exposure, grouping: Grouping) {
  const rows = e[grouping] as ExposureRow[];
  return buildWorkbook<ExposureRow>({
    sheetName: '风险敞口',
    preamble: [
      ['保理风险敞口', `按${GROUPING_LABELS[grouping]}`, '统计日', e.asOf],
      ['保理账簿合计（元）', yuan(e.book.total), '未偿本金（元）', yuan(e.book.principal), '笔数', e.book.count],
      ['银行云贷（银行账簿，另列）（元）', yuan(e.bankBook.total), '笔数', e.bankBook.count],
      [],
    ],
    columns: [
      { header: GROUPING_LABELS[grouping], width: 30, kind: 'text', value: (r) => r.label },
      { header: '笔数', width: 8, kind: 'number', value: (r) => r.count },
      { header: '未偿本金（元）', width: 18, kind: 'money', value: (r) => r.principal },
      { header: '应收利息（元）', width: 16, kind: 'money', value: (r) => r.interest },
      { header: '罚息（元）', width: 14, kind: 'money', value: (r) => r.penalty },
      { header: '合计（元）', width: 18, kind: 'money', value: (r) => r.total },
      { header: '占比', width: 10, kind: 'number', value: (r) => r.sharePpm / 1_000_000, numFmt: () => '0.00%' },
    ],
    rows,
  });
}

/** Builds the workbook and downloads it (this module is loaded only when the operator exports). */
export async function exportExposureToExcel(e: Exposure, grouping: Grouping): Promise<string> {
  return downloadWorkbook(
    exposureWorkbook(e, grouping),
    `风险敞口_${GROUPING_LABELS[grouping].replace(/[（）/]/g, '')}_${e.asOf.replaceAll('-', '')}.xlsx`,
  );
}
