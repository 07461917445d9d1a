import { CAMT053_FORMAT_CODE, DEMO_BANK_FORMAT_CODE } from '@factoring/domain/contract';
import type { z } from 'zod';
import type { statementColumnsSchema, statementMetaSchema } from '@factoring/domain/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankStatementFormats } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';

export type StatementColumns = z.output<typeof statementColumnsSchema>;
export type StatementMeta = z.output<typeof statementMetaSchema>;

/** How a bank's CSV/Excel export is read: the header text of each column, the direction markers, the labels above the table. */
export interface TableMapping {
  columns: StatementColumns;
  creditMarkers: string[];
  meta: StatementMeta | null;
}

export interface StatementFormat {
  code: string;
  name: string;
  bankName: string;
  kind: 'TABLE' | 'CAMT053';
  builtIn: boolean;
  mapping: TableMapping | null;
  updatedAt: Date | null;
}

/**
 * The demo bank's online-banking export (README "Bank statements"): a few lines naming the account and
 * the opening balance, then one row per transaction with these headers, then the closing balance.
 */
export const DEMO_COLUMNS = {
  date: '交易日期',
  time: '交易时间',
  debit: '借方发生额',
  credit: '贷方发生额',
  balance: '余额',
  counterpartyName: '对方户名',
  counterpartyAccount: '对方账号',
  counterpartyBank: '对方开户行',
  memo: '摘要',
  remark: '附言',
  serialNo: '流水号',
  subAccount: '子账号',
} as const satisfies StatementColumns;

export const DEMO_META = {
  accountNo: '账号',
  period: '起止日期',
  openingBalance: '期初余额',
  closingBalance: '期末余额',
} as const satisfies StatementMeta;

const BUILT_IN: StatementFormat[] = [
  {
    code: DEMO_BANK_FORMAT_CODE,
    name: '演示银行网银流水（CSV/Excel）',
    bankName: '演示银行',
    kind: 'TABLE',
    builtIn: true,
    mapping: { columns: { ...DEMO_COLUMNS }, creditMarkers: [], meta: { ...DEMO_META } },
    updatedAt: null,
  },
  {
    code: CAMT053_FORMAT_CODE,
    name: 'ISO 20022 camt.053 对账单（XML）',
    bankName: '支持 ISO 20022 的银行',
    kind: 'CAMT053',
    builtIn: true,
    mapping: null,
    updatedAt: null,
  },
];

export function fromRow(row: typeof bankStatementFormats.$inferSelect): StatementFormat {
  const m = row.mapping as Partial<TableMapping>;
  return {
    code: row.code,
    name: row.name,
    bankName: row.bankName,
    kind: 'TABLE',
    builtIn: false,
    mapping: { columns: m.columns as StatementColumns, creditMarkers: m.creditMarkers ?? [], meta: m.meta ?? null },
    updatedAt: row.updatedAt,
  };
}

/** The built-in formats, then each bank's saved mapping. */
export async function listFormats(db: Db | Tx): Promise<StatementFormat[]> {
  const rows = await db.select().from(bankStatementFormats).orderBy(asc(bankStatementFormats.code));
  return [...BUILT_IN, ...rows.map(fromRow)];
}

export async function findFormat(db: Db | Tx, code: string): Promise<StatementFormat> {
  const builtIn = BUILT_IN.find((f) => f.code === code);
  if (builtIn) return builtIn;
  const [row] = await db.select().from(bankStatementFormats).where(eq(bankStatementFormats.code, code));
  if (!row) throw new BusinessError(`对账单格式 ${code} 不存在，请先在“银行格式”中配置列映射`, 'BANK_FORMAT_UNKNOWN');
  return fromRow(row);
}

/** A format as the contract answers it. */
export const formatView = (f: StatementFormat) => ({
  code: f.code,
  name: f.name,
  bankName: f.bankName,
  kind: f.kind,
  builtIn: f.builtIn,
  columns: f.mapping?.columns ?? null,
  creditMarkers: f.mapping?.creditMarkers ?? [],
  meta: f.mapping?.meta ?? null,
  updatedAt: f.updatedAt?.toISOString() ?? null,
});
