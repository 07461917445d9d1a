import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobRuns } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { figuresInWords, nodeLabel, runNotes } from './run-notes.ts';

// Issue 24: 定时任务 read `debited: 1，overdue: 0，debitedTotal: 2598569…` and named the node `vm:16016`.

describe('run notes in plain Chinese', () => {
  it('says a run recorded as bare figures in words, money as ¥', () => {
    expect(runNotes({ debited: 1, overdue: 0, debitedTotal: 2_598_569, runDate: '2026-11-26', skipped: false })).toEqual([
      '扣款 1 笔，共 ¥25,985.69；逾期 0 笔',
    ]);
    expect(figuresInWords({ newlyOverdue: 2, penaltyToDate: 482_400 })).toBe('新增逾期 2 笔；罚息累计 ¥4,824.00');
    // Figures it has no words for are left out, never shown as keys.
    expect(runNotes({ someInternalCounter: 3 })).toEqual(['已完成']);
  });

  it("keeps each close-of-business step's sentence, and a job's own summary", () => {
    const steps = { steps: [{ name: 'credit', label: '授信到期', skipped: true, summary: '授信到期 0 笔' }] };
    expect(runNotes(steps)).toEqual(['授信到期：本日已执行过，授信到期 0 笔']);
    expect(runNotes({ summary: '定时备份未开启', enabled: false })).toEqual(['定时备份未开启']);
    expect(runNotes(null)).toEqual([]);
    // A run stored before the summaries said ¥.
    const old = { steps: [{ name: 'pledge', label: '质押融资', skipped: false, summary: '逾期 0 笔，罚息累计 4,824.00 元' }] };
    expect(runNotes(old)).toEqual(['质押融资：逾期 0 笔，罚息累计 ¥4,824.00']);
  });

  it('names the node as a person reads it', () => {
    expect(nodeLabel('vm:16016')).toBe('服务器 vm（进程 16016）');
  });
});

describe('定时任务 answers the words', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists a run with its notes and node in words, no figure names', async () => {
    await t.database.db.insert(scheduledJobRuns).values({
      job: 'close-of-business',
      businessDate: '2020-01-02',
      status: 'SUCCEEDED',
      trigger: 'SCHEDULE',
      node: 'vm:16016',
      leaseUntil: new Date('2020-01-02T00:00:00Z'),
      startedAt: new Date('2020-01-02T00:00:00Z'),
      result: { debited: 1, overdue: 0, debitedTotal: 2_598_569 },
    });
    const op = await t.loginAs('operator');
    const runs = (await op.get('/api/bpm/jobs/runs', { size: 200 })).json().message.items as {
      businessDate: string;
      notes: string[];
      nodeLabel: string;
    }[];
    const run = runs.find((r) => r.businessDate === '2020-01-02')!;
    expect(run).toMatchObject({ notes: ['扣款 1 笔，共 ¥25,985.69；逾期 0 笔'], nodeLabel: '服务器 vm（进程 16016）' });
    for (const r of runs) expect(r.notes.join('')).not.toMatch(/[a-zA-Z]+: /);
  });
});
