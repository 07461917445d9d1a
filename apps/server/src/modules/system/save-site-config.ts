import { formatYuan } from '@factoring/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit, type TaskOperator, type TaskType } from '../bpm/index.ts';
import { canonical, fourEyedTaskType, proposeSetting, type FourEyedSetting, type SettingLine } from './settings-proposal.ts';
import { EDITABLE_KEYS, pick, readSiteConfig, writeSetting, type SiteConfig } from './site-config.ts';

// Kept apart from site-config.ts, which the seed imports: this one needs the inbox.

const account = (key: string, title: string, a: SiteConfig['factoringAccount']): SettingLine[] => [
  { key: `${key}.accountName`, label: `${title}·户名`, text: a.accountName },
  { key: `${key}.bankBranchName`, label: `${title}·开户行`, text: a.bankBranchName },
  { key: `${key}.accountNo`, label: `${title}·账号`, text: a.accountNo },
];

/** The site configuration as the drawer's lines (every key of it: the whole configuration is four-eyed). */
function linesOf(c: SiteConfig): SettingLine[] {
  return [
    ...account('factoringAccount', '保理收款账户', c.factoringAccount),
    ...account('secondAccount', '备用收款账户', c.secondAccount),
    { key: 'virtualAccountBankName', label: '虚拟账户开户行', text: c.virtualAccountBankName },
    { key: 'fees.withdraw', label: '提现手续费', text: `¥${formatYuan(c.fees.withdraw)}/笔` },
    { key: 'fees.inTransfer', label: '转账手续费', text: `¥${formatYuan(c.fees.inTransfer)}/笔` },
    { key: 'contactPhone', label: '联系电话', text: c.contactPhone },
    { key: 'address', label: '地址', text: c.address },
    { key: 'companyIntro', label: '公司简介', text: c.companyIntro },
    { key: 'cloudLoanEnabled', label: '银行云贷', text: c.cloudLoanEnabled ? '开放' : '关闭' },
    ...c.embeds.map((e, i) => ({ key: `embeds.${i}`, label: `嵌入页面 ${i}`, text: `${e.title}（${e.url}）` })),
  ];
}

/**
 * Writes an approved configuration: only changed keys, each with an audit row (before/after) by the
 * approving operator, in the decision's transaction.
 */
async function writeSiteConfig(tx: Tx, next: SiteConfig, current: SiteConfig, approver: TaskOperator) {
  for (const key of EDITABLE_KEYS) {
    const value = next[key];
    if (canonical(current[key]) === canonical(value)) continue;
    await writeSetting(tx, key, value);
    await writeAudit(tx, {
      taskId: null,
      actor: approver,
      action: 'UPDATE',
      entityType: 'SITE_CONFIG',
      entityId: key,
      before: current[key],
      after: value,
    });
  }
}

/** The site configuration as a four-eyed setting (issue 33): accounts, fees, contacts, the cloud-loan switch, embedded pages. */
export const SITE_CONFIG_SETTING: FourEyedSetting<SiteConfig> = {
  type: 'SITE_CONFIG_CHANGE',
  label: '站点配置变更复核',
  name: '站点配置',
  refId: 'siteConfig',
  read: async (db) => pick(await readSiteConfig(db as Db)),
  lines: async (_db, value) => linesOf(value),
  write: writeSiteConfig,
};

/** The system task types of the operators' inbox, listed in app.ts's TASK_TYPES. */
export const SYSTEM_TASK_TYPES: readonly TaskType[] = [fourEyedTaskType(SITE_CONFIG_SETTING)];

/** Operator (the maker): proposes a new site configuration; another operator's approval makes it take effect. */
export const proposeSiteConfig = (db: Db, operator: TaskOperator, input: SiteConfig) =>
  proposeSetting(db, SITE_CONFIG_SETTING, operator, pick(input));
