import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bankBranches, banks } from '../../db/schema/index.ts';
import { normalizeCityCode, provinceOfCity } from './areas.ts';
import type { BranchRow } from './branch-sample.ts';
import { UNION_BANK_NO } from './branches.ts';

/**
 * Imports a union bank number file (CSV, UTF-8, header optional):
 *
 *     unionBankNo,bankCode,name,cityCode[,bankName]
 *     102290002916,102,中国工商银行股份有限公司上海市分行营业部,310000,
 *
 * `cityCode` is the GB/T 2260 city code as `/area/queryCity` answers it (a municipality's 市辖区
 * code such as 310100 is accepted for the municipality). A bank code outside the bank list is
 * added when the row names the bank (`bankName`), otherwise the row is reported and skipped.
 * Existing numbers are updated; nothing is deleted.
 */

export interface ImportProblem {
  line: number;
  message: string;
}

export interface ParsedBranches {
  rows: (BranchRow & { bankName?: string })[];
  problems: ImportProblem[];
}

/** RFC 4180 fields: quotes, doubled quotes, commas and line breaks inside quotes; a BOM is dropped. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0].trim() !== '') out.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        field += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += c;
  }
  if (field !== '' || fields.length) endRecord();
  return out;
}

export function parseBranchCsv(text: string): ParsedBranches {
  const records = parseCsv(text);
  const rows: ParsedBranches['rows'] = [];
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of records) {
    const [rawNo = '', rawBank = '', rawName = '', rawCity = '', rawBankName = ''] = fields.map((f) => f.trim());
    if (line === records[0]?.line && /unionbankno/i.test(rawNo)) continue; // header
    const fail = (message: string) => problems.push({ line, message });
    if (!UNION_BANK_NO.test(rawNo)) {
      fail(`联行号“${rawNo}”应为12位数字`);
      continue;
    }
    if (!/^\d{3}$/.test(rawBank)) {
      fail(`银行代码“${rawBank}”应为3位数字`);
      continue;
    }
    if (!rawNo.startsWith(rawBank)) {
      fail(`联行号 ${rawNo} 的前3位与银行代码 ${rawBank} 不一致`);
      continue;
    }
    if (!rawName || rawName.length > 200) {
      fail('网点名称不能为空且不超过200字');
      continue;
    }
    const cityCode = normalizeCityCode(rawCity);
    const province = cityCode ? provinceOfCity(cityCode) : undefined;
    if (!cityCode || !province) {
      fail(`城市代码“${rawCity}”不是有效的 GB/T 2260 城市代码`);
      continue;
    }
    if (seen.has(rawNo)) {
      fail(`联行号 ${rawNo} 在文件中重复出现`);
      continue;
    }
    seen.add(rawNo);
    rows.push({
      unionBankNo: rawNo,
      bankCode: rawBank,
      name: rawName,
      cityCode,
      provinceCode: province.code,
      ...(rawBankName ? { bankName: rawBankName } : {}),
    });
  }
  return { rows, problems };
}

export interface ImportResult {
  imported: number;
  skipped: number;
  addedBanks: string[];
  problems: ImportProblem[];
}

const BATCH = 1000;

/** Writes parsed rows (insert or update by union bank number) in batches, each in its own transaction. */
export async function importBranches(db: Db, parsed: ParsedBranches): Promise<ImportResult> {
  const problems = [...parsed.problems];
  const codes = [...new Set(parsed.rows.map((r) => r.bankCode))];
  const known = new Set(
    codes.length ? (await db.select({ code: banks.code }).from(banks).where(inArray(banks.code, codes))).map((b) => b.code) : [],
  );
  const addedBanks: string[] = [];
  for (const code of codes) {
    if (known.has(code)) continue;
    const named = parsed.rows.find((r) => r.bankCode === code && r.bankName);
    if (!named?.bankName) continue;
    await db.insert(banks).values({ code, name: named.bankName, shortName: named.bankName, sortOrder: 1000 }).onConflictDoNothing();
    known.add(code);
    addedBanks.push(code);
  }
  const rows = parsed.rows.filter((r) => {
    if (known.has(r.bankCode)) return true;
    problems.push({ line: 0, message: `联行号 ${r.unionBankNo}：银行代码 ${r.bankCode} 不在银行列表中（可在第5列给出银行名称），已跳过` });
    return false;
  });
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows
      .slice(i, i + BATCH)
      .map(({ unionBankNo, bankCode, name, cityCode, provinceCode }) => ({ unionBankNo, bankCode, name, cityCode, provinceCode }));
    await db.transaction(async (tx) => {
      await tx
        .insert(bankBranches)
        .values(batch)
        .onConflictDoUpdate({
          target: bankBranches.unionBankNo,
          set: {
            bankCode: sql`excluded.bank_code`,
            name: sql`excluded.name`,
            cityCode: sql`excluded.city_code`,
            provinceCode: sql`excluded.province_code`,
            updatedAt: sql`now()`,
          },
        });
    });
  }
  return { imported: rows.length, skipped: parsed.rows.length - rows.length + parsed.problems.length, addedBanks, problems };
}
