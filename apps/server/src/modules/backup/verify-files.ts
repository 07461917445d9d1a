import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sha256OfFile, storedFilePath } from './archive-format.ts';

export interface FileCheckReport {
  contracts: number;
  /** Contract files checked: originals plus signed versions. */
  contractFiles: number;
  uploads: number;
  problems: string[];
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Every stored file the database names, re-read from DATA_DIR and compared with its record: each
 * contract's original and signed version (SHA-256 and size, as the contract verification view does)
 * and each upload. An empty `problems` list means every file is there and unchanged.
 */
export async function checkStoredFiles(db: Db, dataDir: string): Promise<FileCheckReport> {
  const problems: string[] = [];
  const check = async (
    label: string,
    kind: 'upload' | 'contract' | 'contract-signed',
    storedName: string,
    sha256: string,
    size: number,
  ) => {
    const file = storedFilePath(dataDir, kind, storedName);
    if (!file) return problems.push(`${label}：文件名 ${storedName} 不符合系统生成的格式`);
    try {
      const actual = await sha256OfFile(file);
      if (actual.sha256 !== sha256 || actual.size !== size) {
        problems.push(`${label}：文件摘要与记录不一致（记录 ${sha256}，实际 ${actual.sha256}）`);
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      problems.push(`${label}：文件不存在（${storedName}）`);
    }
  };

  const contracts = rowsOf(
    await db.execute(
      sql`select contract_no, stored_name, file_sha256, file_size, signed_stored_name, signed_file_sha256, signed_file_size
          from contracts order by id`,
    ),
  );
  let contractFiles = 0;
  for (const c of contracts) {
    contractFiles++;
    await check(`合同 ${String(c.contract_no)} 原文`, 'contract', String(c.stored_name), String(c.file_sha256), Number(c.file_size));
    if (c.signed_stored_name != null) {
      contractFiles++;
      await check(
        `合同 ${String(c.contract_no)} 签署版`,
        'contract-signed',
        String(c.signed_stored_name),
        String(c.signed_file_sha256),
        Number(c.signed_file_size),
      );
    }
  }
  const uploads = rowsOf(await db.execute(sql`select id, stored_name, sha256, size from uploads order by id`));
  for (const u of uploads) await check(`上传文件 #${String(u.id)}`, 'upload', String(u.stored_name), String(u.sha256), Number(u.size));
  return { contracts: contracts.length, contractFiles, uploads: uploads.length, problems };
}
