import type { BankAccount } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { siteConfig } from '../../db/schema/index.ts';

/** SPEC §3 site configuration, with the values the portal falls back on. */
export interface SiteConfig {
  factoringAccount: BankAccount;
  secondAccount: BankAccount;
  virtualAccountBankName: string;
  fees: { withdraw: number; inTransfer: number };
  contactPhone: string;
  address: string;
  companyIntro: string;
  cloudLoanEnabled: boolean;
  embeds: { title: string; url: string }[];
}

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  factoringAccount: {
    accountName: '鑫链商业保理有限公司',
    bankBranchName: '中国工商银行上海市分行营业部',
    accountNo: '1001244319300088886',
  },
  secondAccount: { accountName: '鑫链商业保理有限公司', bankBranchName: '中国建设银行上海浦东分行', accountNo: '31050161393600001234' },
  virtualAccountBankName: '中国工商银行',
  fees: { withdraw: 2000, inTransfer: 2000 },
  contactPhone: '400-820-0000',
  address: '上海市浦东新区世纪大道 100 号 18 楼',
  companyIntro:
    '鑫链商业保理有限公司专注供应链金融服务，依托核心企业信用，为上下游中小企业提供应收账款融资、订单融资、货押融资与银行云贷等服务。',
  cloudLoanEnabled: true,
  embeds: [
    { title: '帮助中心', url: '/help/index.html' },
    { title: '银行公告', url: '/help/notices.html' },
  ],
};

export async function readSiteConfig(db: Db): Promise<SiteConfig> {
  const rows = await db.select().from(siteConfig);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return { ...DEFAULT_SITE_CONFIG, ...stored } as SiteConfig;
}

/** The keys an operator edits, in the order the screen shows them. */
export const EDITABLE_KEYS = Object.keys(DEFAULT_SITE_CONFIG) as (keyof SiteConfig)[];

/** The site configuration's own keys (other settings share the table, e.g. the cloud-loan product). */
export function pick(config: SiteConfig): SiteConfig {
  return Object.fromEntries(EDITABLE_KEYS.map((k) => [k, config[k]])) as unknown as SiteConfig;
}

/** One setting's stored value (another area's own key, e.g. the risk limits), or undefined when never set. */
export async function readSetting(db: Db | Tx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, key));
  return row?.value;
}

/** Writes one setting in the caller's transaction, its row locked first (a concurrent writer waits). */
export async function writeSetting(tx: Tx, key: string, value: unknown): Promise<void> {
  const [row] = await tx.select({ key: siteConfig.key }).from(siteConfig).where(eq(siteConfig.key, key)).for('update');
  if (row) await tx.update(siteConfig).set({ value }).where(eq(siteConfig.key, key));
  else await tx.insert(siteConfig).values({ key, value });
}
