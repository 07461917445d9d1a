import { AUDIT_OUTCOME_LABELS } from '@factoring/domain/contract';
import { chinaDate } from '@factoring/domain';
import { buildWorkbook, downloadWorkbook } from '../../lib/excel-export.ts';
import type { AuditItem } from './api.ts';
import { auditActionText } from './audit-words.ts';

/** The audit trail as a workbook: the filters above the header, the time as a China date-time cell, every column in words. */
export function auditWorkbook(items: AuditItem[], filterText: string) {
  return buildWorkbook({
    sheetName: '审计日志',
    preamble: [['审计日志'], [`筛选：${filterText || '全部'}`, '', '', `共 ${items.length} 条`], []],
    columns: [
      { header: '时间（北京时间）', width: 20, kind: 'dateTime', value: (r) => r.createdAt },
      { header: '操作人', width: 10, value: (r) => r.actorName },
      { header: '操作', width: 36, value: (r) => auditActionText(r) },
      { header: '业务', width: 18, value: (r) => r.entityLabel },
      { header: '对象', width: 30, value: (r) => r.subject ?? '' },
      { header: '内容', width: 40, value: (r) => r.summary },
      { header: '结果', width: 8, value: (r) => AUDIT_OUTCOME_LABELS[r.outcome ?? 'OK'] },
      { header: '意见 / 原因', width: 30, value: (r) => r.comment ?? '' },
      { header: 'IP', width: 16, value: (r) => r.ip ?? '' },
    ],
    rows: items,
  });
}

/** Builds the workbook and downloads it (this module is loaded only when the operator exports). */
export async function exportAuditToExcel(items: AuditItem[], filterText: string): Promise<string> {
  return downloadWorkbook(auditWorkbook(items, filterText), `审计日志_${chinaDate().replaceAll('-', '')}.xlsx`);
}
