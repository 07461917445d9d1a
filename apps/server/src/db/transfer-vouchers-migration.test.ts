/**
 * Migration 0042 (issue 35, one offline payment) moves every voucher in place: a database migrated to 0041 holds a
 * pledge voucher and offline repayments of a supply loan (one waiting, one confirmed) with their inbox tasks, an audit
 * row and a statement line; after the rest of the migrations they are rows of `transfer_vouchers` and what named
 * them follows (the audit trail, immutable, reaches them through its task). On a throw-away embedded database of its own (the SQL is the same on either engine).
 */
import { PGlite } from '@electric-sql/pglite';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MIGRATIONS = path.resolve('apps/server/drizzle');
let client: PGlite;
let before: string;

const rows = async <T>(query: string) => (await client.query<T>(query)).rows;

/** A row with the given values, every other required column filled by its type (foreign keys are off while seeding). */
async function insert(table: string, values: Record<string, unknown>) {
  const required = await rows<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns where table_name = '${table}' and is_nullable = 'NO'
       and column_default is null and is_identity = 'NO' and is_generated = 'NEVER'`,
  );
  const all: Record<string, unknown> = {};
  for (const c of required)
    all[c.column_name] = /int|numeric/.test(c.data_type)
      ? 1
      : c.data_type === 'date'
        ? '2026-11-01'
        : c.data_type.startsWith('timestamp')
          ? '2026-11-01T02:00:00Z'
          : c.data_type === 'jsonb'
            ? {}
            : c.data_type === 'boolean'
              ? false
              : 'x';
  Object.assign(all, values);
  const names = Object.keys(all);
  await client.query(
    `insert into "${table}" (${names.map((n) => `"${n}"`).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
    names.map((n) => (typeof all[n] === 'object' && all[n] !== null ? JSON.stringify(all[n]) : all[n])),
  );
}

beforeAll(async () => {
  // The migrations up to 0041, in a folder of their own.
  before = mkdtempSync(path.join(tmpdir(), 'migrations-0041-'));
  cpSync(MIGRATIONS, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= 41);
  expect(journal.entries.at(-1)!.tag).toBe('0041_credit_notes');
  writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
  client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: before });

  await client.exec(`set session_replication_role = replica`);
  // What the vouchers name and the new table's foreign keys check: the enterprise, the uploads, the deciding operator.
  await insert('enterprises', { id: 2 });
  for (const id of [9, 10, 11]) await insert('uploads', { id, stored_name: `u${id}` });
  await insert('users', { id: 4, login_name: 'zhaoshen' });
  await insert('pledge_financings', { id: 7, financing_no: 'PF20261101000007' });
  await insert('pledge_vouchers', {
    id: 3,
    voucher_no: 'PZ20261101000003',
    financing_id: 7,
    enterprise_id: 2,
    kind: 'TOP_UP',
    margin_call_id: 5,
    amount: 1_234_567,
    upload_id: 9,
    payer_account_name: '上海鑫源贸易有限公司',
    payer_account_no: '310066726018800012345',
    status: 'PENDING',
    created_at: '2026-11-01T02:00:00Z',
  });
  await insert('financings', { id: 11, financing_no: 'RZ20261101000011', enterprise_id: 2 });
  const offline = { financing_id: 11, enterprise_id: 2, method: 'OFFLINE', payer_account_name: '上海鑫源', payer_account_no: '3100' };
  // Submitted at 23:30 on 1 Nov UTC: 2 Nov in China, the day its number carries.
  await insert('repayments', {
    id: 20,
    ...offline,
    amount: 500_000,
    status: 'PENDING',
    voucher_upload_id: 10,
    created_at: '2026-11-01T23:30:00Z',
  });
  await insert('journal_entries', { id: 100, memo: 'RZ20261101000011 线下还款' });
  await insert('journal_entries', { id: 101, memo: 'RZ20261101000011' });
  await insert('repayments', {
    id: 21,
    ...offline,
    amount: 300_000,
    principal: 300_000,
    status: 'CONFIRMED',
    voucher_upload_id: 11,
    entry_id: 101,
    ref_no: 'JE101',
    created_at: '2026-10-20T02:00:00Z',
    confirmed_by: 4,
    confirmed_at: '2026-10-21T02:00:00Z',
  });
  await insert('repayments', { id: 22, financing_id: 11, enterprise_id: 2, method: 'ONLINE', amount: 1_000, status: 'CONFIRMED' });
  await insert('bpm_tasks', {
    id: 1,
    type: 'REPAYMENT_VOUCHER',
    ref_id: '20',
    state: 'PENDING',
    data: { repaymentId: 20, financingId: 11, amount: 500_000 },
  });
  await insert('bpm_tasks', {
    id: 2,
    type: 'REPAYMENT_VOUCHER',
    ref_id: '21',
    state: 'APPROVED',
    data: { repaymentId: 21, financingId: 11, amount: 300_000 },
  });
  await insert('bpm_tasks', { id: 3, type: 'PLEDGE_TOP_UP_VOUCHER', ref_id: '3', state: 'PENDING', data: { voucherId: 3 } });
  await insert('bpm_audit_log', { task_id: 1, action: 'CREATE', entity_type: 'REPAYMENT_VOUCHER', entity_id: '20' });
  await insert('bank_statement_lines', {
    id: 1,
    task_id: 1,
    match_kind: 'VOUCHER',
    match_label: '线下还款凭证 #20（RZ20261101000011） · 任务 #1',
  });
  await client.exec(`set session_replication_role = origin`);

  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('migration 0042 moves the vouchers into transfer_vouchers in place', () => {
  it('keeps the pledge voucher and its id; gives the offline repayments the next ids, numbers and receipts', async () => {
    expect(
      await rows(
        `select id, voucher_no, product, loan_id, loan_no, purpose, related_id, amount::int as amount, upload_id, status, entry_id, ref_no
           from transfer_vouchers order by id`,
      ),
    ).toEqual([
      {
        id: 3,
        voucher_no: 'PZ20261101000003',
        product: 'PLEDGE',
        loan_id: 7,
        loan_no: 'PF20261101000007',
        purpose: 'TOP_UP',
        related_id: 5,
        amount: 1_234_567,
        upload_id: 9,
        status: 'PENDING',
        entry_id: null,
        ref_no: null,
      },
      {
        id: 4,
        voucher_no: 'PZ20261102000004',
        product: 'SUPPLY',
        loan_id: 11,
        loan_no: 'RZ20261101000011',
        purpose: 'REPAYMENT',
        related_id: null,
        amount: 500_000,
        upload_id: 10,
        status: 'PENDING',
        entry_id: null,
        ref_no: null,
      },
      {
        id: 5,
        voucher_no: 'PZ20261020000005',
        product: 'SUPPLY',
        loan_id: 11,
        loan_no: 'RZ20261101000011',
        purpose: 'REPAYMENT',
        related_id: null,
        amount: 300_000,
        upload_id: 11,
        status: 'CONFIRMED',
        entry_id: 100,
        ref_no: 'JE101',
      },
    ]);
    // The next voucher follows them.
    expect(await rows(`select nextval(pg_get_serial_sequence('transfer_vouchers', 'id'))::int as id`)).toEqual([{ id: 6 }]);
  });

  it('moves what named the old ids: tasks, the audit trail, the statement line; a confirmed repayment stays booked', async () => {
    expect(await rows(`select id, ref_id, data from bpm_tasks order by id`)).toEqual([
      { id: 1, ref_id: '4', data: { financingId: 11, amount: 500_000, voucherId: 4, voucherNo: 'PZ20261102000004' } },
      { id: 2, ref_id: '5', data: { repaymentId: 21, financingId: 11, amount: 300_000, voucherId: 5, voucherNo: 'PZ20261020000005' } },
      { id: 3, ref_id: '3', data: { voucherId: 3 } },
    ]);
    // The audit trail is immutable: its row stays as written and reaches the voucher through its task.
    expect(
      await rows(
        `select a.entity_id, t.ref_id from bpm_audit_log a join bpm_tasks t on t.id = a.task_id where a.entity_type = 'REPAYMENT_VOUCHER'`,
      ),
    ).toEqual([{ entity_id: '20', ref_id: '4' }]);
    expect(await rows(`select match_label from bank_statement_lines`)).toEqual([
      { match_label: '线下还款凭证 PZ20261102000004（RZ20261101000011） · 任务 #1' },
    ]);
    expect(await rows(`select id, method, status from repayments order by id`)).toEqual([
      { id: 21, method: 'OFFLINE', status: 'CONFIRMED' },
      { id: 22, method: 'ONLINE', status: 'CONFIRMED' },
    ]);
    expect(await rows(`select to_regclass('pledge_vouchers') as t, to_regclass('transfer_voucher_moves') as m`)).toEqual([
      { t: null, m: null },
    ]);
  });
});
