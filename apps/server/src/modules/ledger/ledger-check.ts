import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface LedgerReport {
  entries: number;
  lines: number;
  accounts: number;
  /** Sum of all debits (= sum of all credits when balanced), in cents. */
  turnover: number;
  problems: string[];
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

/**
 * Proves the ledger: every entry has two or more lines and balances; every cached balance and line
 * count equals its ledger sum; no enterprise part is negative; lines carry their account's
 * enterprise and bucket; controlled tranches (payments, repayments of their loan, release at
 * settlement), pending withdrawals and pledge margins agree with the ledger.
 * An empty `problems` list means all of it holds.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];

  const [totals] = rowsOf(
    await db.execute(sql`
      select (select count(*) from journal_entries)::bigint as entries,
             (select count(*) from journal_lines)::bigint as lines,
             (select count(*) from ledger_accounts)::bigint as accounts,
             (select coalesce(sum(amount) filter (where side = 'D'), 0) from journal_lines)::bigint as debits,
             (select coalesce(sum(amount) filter (where side = 'C'), 0) from journal_lines)::bigint as credits`),
  );
  if (num(totals.debits) !== num(totals.credits)) problems.push(`试算不平衡：借方合计 ${totals.debits}，贷方合计 ${totals.credits}`);

  for (const r of rowsOf(
    await db.execute(sql`
      select e.id, count(l.id)::bigint as n,
             coalesce(sum(case l.side when 'D' then l.amount else -l.amount end), 0)::bigint as net
      from journal_entries e left join journal_lines l on l.entry_id = e.id
      group by e.id
      having count(l.id) < 2 or coalesce(sum(case l.side when 'D' then l.amount else -l.amount end), 0) <> 0
      order by e.id limit 100`),
  )) {
    problems.push(`分录 ${r.id} 不平衡或行数不足：${r.n} 行，借贷差 ${r.net}`);
  }

  for (const r of rowsOf(
    await db.execute(sql`
      select a.id, a.code, a.balance, a.line_count, a.normal_side, a.enterprise_id,
             coalesce(s.net, 0)::bigint as net, coalesce(s.n, 0)::bigint as n
      from ledger_accounts a
      left join (
        select account_id, sum(case side when 'D' then amount else -amount end) as net, count(*) as n
        from journal_lines group by account_id
      ) s on s.account_id = a.id
      order by a.id`),
  )) {
    const derived = r.normal_side === 'D' ? num(r.net) : -num(r.net);
    if (num(r.balance) !== derived) problems.push(`账户 ${r.code} 缓存余额 ${r.balance} ≠ 账簿合计 ${derived}`);
    if (num(r.line_count) !== num(r.n)) problems.push(`账户 ${r.code} 缓存行数 ${r.line_count} ≠ 账簿行数 ${r.n}`);
    if (r.enterprise_id !== null && derived < 0) problems.push(`账户 ${r.code} 余额为负：${derived}`);
  }

  for (const r of rowsOf(
    await db.execute(sql`
      select l.id from journal_lines l join ledger_accounts a on a.id = l.account_id
      where l.enterprise_id is distinct from a.enterprise_id or l.bucket is distinct from a.bucket
      limit 20`),
  )) {
    problems.push(`分录行 ${r.id} 的企业或子账户与账户不一致`);
  }

  for (const r of rowsOf(
    await db.execute(sql`
      select a.code, a.balance, coalesce(t.remaining, 0)::bigint as remaining
      from ledger_accounts a
      left join (select enterprise_id, sum(amount - paid) as remaining from controlled_tranches group by enterprise_id) t
        on t.enterprise_id = a.enterprise_id
      where a.bucket = 'CONTROLLED' and a.balance <> coalesce(t.remaining, 0)`),
  )) {
    problems.push(`账户 ${r.code} 受控余额 ${r.balance} ≠ 各受控批次剩余合计 ${r.remaining}`);
  }

  // A tranche's `paid` is what has left it: targeted payments (each recorded against its tranche), and
  // since issue 24 repayments of its own loan and the release at settlement — controlled lines whose memo
  // is the tranche's source. Checked per enterprise and source, as those lines name the source, not the tranche.
  for (const r of rowsOf(
    await db.execute(sql`
      select t.enterprise_id, t.source_ref, t.paid, coalesce(p.payments, 0)::bigint as payments, coalesce(l.other, 0)::bigint as other
      from (select enterprise_id, source_ref, sum(paid) as paid, array_agg(id) as ids from controlled_tranches group by enterprise_id, source_ref) t
      left join lateral (select sum(amount) as payments from targeted_payments where tranche_id = any(t.ids)) p on true
      left join lateral (
        select sum(amount) as other from journal_lines
        where enterprise_id = t.enterprise_id and bucket = 'CONTROLLED' and side = 'D' and memo = t.source_ref
          and flow_type in ('CONTROLLED_RELEASE', 'REPAYMENT_PRINCIPAL', 'REPAYMENT_INTEREST', 'REPAYMENT_PENALTY')
      ) l on true
      where t.paid <> coalesce(p.payments, 0) + coalesce(l.other, 0)`),
  )) {
    problems.push(`受控批次 ${r.source_ref} 已用 ${r.paid} ≠ 定向支付 ${r.payments} + 还款与释放 ${r.other}`);
  }

  for (const r of rowsOf(
    await db.execute(sql`
      select a.code, a.balance, coalesce(w.pending, 0)::bigint as pending
      from ledger_accounts a
      left join (select enterprise_id, sum(amount + fee) as pending from withdrawals where status = 'PENDING' group by enterprise_id) w
        on w.enterprise_id = a.enterprise_id
      where a.bucket = 'FROZEN' and a.balance <> coalesce(w.pending, 0)`),
  )) {
    problems.push(`账户 ${r.code} 冻结余额 ${r.balance} ≠ 处理中提现合计 ${r.pending}`);
  }

  // Pledge margins are the enterprise's money in its MARGIN part (issue 22): each enterprise's part
  // holds exactly the margins and top-ups of its financings (zero once settled or ended), and the
  // factor's retired MARGIN_HELD account holds nothing.
  for (const r of rowsOf(
    await db.execute(sql`
      select coalesce(a.code, 'VA:' || m.enterprise_id || ':MARGIN') as code, coalesce(a.balance, 0)::bigint as balance,
             coalesce(m.held, 0)::bigint as held
      from (select * from ledger_accounts where bucket = 'MARGIN') a
      full join (select enterprise_id, sum(margin_paid + top_up_margin) as held from pledge_financings group by enterprise_id) m
        on m.enterprise_id = a.enterprise_id
      where coalesce(a.balance, 0) <> coalesce(m.held, 0)`),
  )) {
    problems.push(`账户 ${r.code} 保证金余额 ${r.balance} ≠ 各笔质押融资在押保证金合计 ${r.held}`);
  }
  for (const r of rowsOf(await db.execute(sql`select balance from ledger_accounts where code = 'MARGIN_HELD' and balance <> 0`))) {
    problems.push(`账户 MARGIN_HELD 余额 ${r.balance} ≠ 0：质押保证金应记在企业的保证金分户`);
  }

  return { entries: num(totals.entries), lines: num(totals.lines), accounts: num(totals.accounts), turnover: num(totals.debits), problems };
}
