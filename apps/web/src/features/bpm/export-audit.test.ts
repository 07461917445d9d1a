import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AuditItem } from './api.ts';
import { auditWorkbook } from './export-audit.ts';

const row = (over: Partial<AuditItem>): AuditItem => ({
  id: 1,
  taskId: null,
  actorId: 2,
  actorName: '赵审',
  action: 'OPERATE',
  entityType: 'funds',
  entityId: '',
  before: null,
  after: null,
  comment: null,
  ip: '127.0.0.1',
  createdAt: '2026-03-31T16:30:05.000Z',
  actionLabel: null,
  entityLabel: '资金',
  subject: null,
  summary: '入金金额 ¥25,985.69',
  operation: 'POST /api/bpm/funds/deposit',
  operationLabel: '登记入金',
  outcome: 'OK',
  detail: '入金金额 ¥25,985.69',
  ...over,
});

describe('the audit trail in Excel (issue 24)', () => {
  it('writes each row in words with its China time and outcome, the filters above', async () => {
    const wb = auditWorkbook(
      [row({}), row({ id: 2, action: 'APPROVE', operationLabel: null, outcome: null, summary: '待审核 → 已通过', comment: '复核无误' })],
      '操作人 赵审',
    );
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await wb.xlsx.writeBuffer());
    const ws = back.getWorksheet('审计日志')!;
    expect(ws.getCell('A2').value).toBe('筛选：操作人 赵审');
    expect(ws.getRow(4).values).toEqual([
      undefined,
      '时间（北京时间）',
      '操作人',
      '操作',
      '业务',
      '对象',
      '内容',
      '结果',
      '意见 / 原因',
      'IP',
    ]);
    const first = ws.getRow(5);
    // 16:30 UTC is 00:30 the next day in China.
    expect((first.getCell(1).value as Date).toISOString()).toBe('2026-04-01T00:30:05.000Z');
    expect([first.getCell(3).value, first.getCell(6).value, first.getCell(7).value]).toEqual(['登记入金', '入金金额 ¥25,985.69', '成功']);
    const second = ws.getRow(6);
    expect([second.getCell(3).value, second.getCell(7).value, second.getCell(8).value]).toEqual(['审核通过', '成功', '复核无误']);
  });

  it("says a row's own action words (issue 37): a reserve booking is 计提风险准备金, not 修改配置", async () => {
    const wb = auditWorkbook(
      [
        row({
          action: 'UPDATE',
          actionLabel: '计提风险准备金',
          operationLabel: '计提（或转回）风险准备金',
          summary: '计提风险准备金 ¥1.00',
        }),
      ],
      '',
    );
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await wb.xlsx.writeBuffer());
    expect(back.getWorksheet('审计日志')!.getRow(5).getCell(3).value).toBe('计提风险准备金');
  });
});
