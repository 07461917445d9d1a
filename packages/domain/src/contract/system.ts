// Site, version, menus (SPEC §2, §3).
import { z } from 'zod';
import { centsSchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import type { InitConfig } from './site-config.ts';
import { timestampSchema } from './time.ts';

export const versionSchema = z.object({ version: z.string(), commit: z.string(), buildTime: z.string() });

const bankAccount = z.object({ accountName: z.string(), bankBranchName: z.string(), accountNo: z.string() });
export const initConfigSchema = z.object({
  factoringAccount: bankAccount,
  secondAccount: bankAccount,
  virtualAccountBankName: z.string(),
  fees: z.object({ withdraw: z.number().int(), inTransfer: z.number().int() }),
  contactPhone: z.string(),
  address: z.string(),
  companyIntro: z.string(),
  embeds: z.array(z.object({ index: z.number().int(), title: z.string() })),
}) satisfies z.ZodType<InitConfig>;

// Operators: the whole site configuration, read and saved in /bpm/tasks → 站点配置.
const bankAccountInput = z.object({
  accountName: textSchema(100, '户名'),
  bankBranchName: textSchema(100, '开户行'),
  accountNo: z
    .string()
    .trim()
    .regex(/^\d{8,32}$/, '账号应为 8–32 位数字'),
});
/** An embedded page: our own path or an https address (never javascript:, data: or protocol-relative). */
const embedInput = z.object({
  title: textSchema(40, '页面标题'),
  url: textSchema(300, '页面地址').refine(
    (u) => (u.startsWith('/') && !u.startsWith('//')) || /^https:\/\/[^\s]+$/.test(u),
    '页面地址须以 / 开头（本站页面）或以 https:// 开头',
  ),
});
export const siteConfigInput = z.object({
  factoringAccount: bankAccountInput,
  secondAccount: bankAccountInput,
  virtualAccountBankName: textSchema(60, '虚拟账户开户行'),
  fees: z.object({
    withdraw: centsSchema('提现手续费', { allowZero: true, max: 100_000 }),
    inTransfer: centsSchema('转账手续费', { allowZero: true, max: 100_000 }),
  }),
  contactPhone: z
    .string()
    .trim()
    .regex(/^[\d-]{7,20}$/, '联系电话应为 7–20 位数字或短横线'),
  address: textSchema(200, '地址'),
  companyIntro: textSchema(2000, '公司简介', { multiline: true }),
  cloudLoanEnabled: z.boolean({ error: '请选择是否开放银行云贷' }),
  embeds: z.array(embedInput).max(10, '嵌入页面最多 10 个'),
});
export const siteConfigSchema = z.object({
  factoringAccount: bankAccount,
  secondAccount: bankAccount,
  virtualAccountBankName: z.string(),
  fees: z.object({ withdraw: z.number().int(), inTransfer: z.number().int() }),
  contactPhone: z.string(),
  address: z.string(),
  companyIntro: z.string(),
  cloudLoanEnabled: z.boolean(),
  embeds: z.array(z.object({ title: z.string(), url: z.string() })),
});

/**
 * Four eyes on settings (issue 33): saving the site configuration or the risk limits proposes the change;
 * it takes effect when another operator approves the task in the inbox. One setting of a proposal: its
 * label, the value in force when proposed and the value proposed, in words.
 */
export const settingsChangeSchema = z.object({ key: z.string(), label: z.string(), before: z.string(), after: z.string() });
export type SettingsChange = z.output<typeof settingsChangeSchema>;
/** What saving answers, and the pending proposal a settings page shows. */
export const settingsProposalSchema = z.object({
  taskId: z.number().int(),
  /** '已提交复核，另一位操作员批准后生效' */
  notice: z.string(),
  submittedByName: z.string().nullable(),
  createdAt: timestampSchema,
  changes: z.array(settingsChangeSchema),
});
export type SettingsProposal = z.output<typeof settingsProposalSchema>;
/** The site configuration in force, and the change waiting for a second operator (null when none). */
export const siteConfigAnswerSchema = siteConfigSchema.extend({ pending: settingsProposalSchema.nullable() });

export const menuListSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    route: z.string().nullable(),
    bpid: z.number().int().nullable(),
    mpid: z.number().int().nullable(),
    icon: z.string().nullable(),
  }),
);

// The operations (issue 23).
const tag = 'system';

export const systemApi = {
  version: endpoint({
    method: 'GET',
    path: '/api/system/version',
    tag,
    access: 'public',
    summary: '服务端版本',
    answer: versionSchema,
  }),
  initConfig: endpoint({
    method: 'GET',
    path: '/api/initcfg',
    tag,
    access: 'public',
    summary: '站点配置（SPEC §3）',
    answer: initConfigSchema,
  }),
  menus: endpoint({
    method: 'GET',
    path: '/api/menus',
    tag,
    access: 'public',
    summary: '当前用户的菜单（未登录为公开菜单）',
    answer: menuListSchema,
  }),
  // Operators (/bpm/tasks → 站点配置): the configuration in force with its pending change, and proposing
  // a change (four eyes: it takes effect when another operator approves the SITE_CONFIG_CHANGE task).
  siteConfig: endpoint({
    method: 'GET',
    path: '/api/bpm/site-config',
    tag: 'bpm',
    access: 'operator',
    summary: '站点配置（运营人员）：当前生效的配置与待复核的变更',
    answer: siteConfigAnswerSchema,
  }),
  saveSiteConfig: endpoint({
    method: 'POST',
    path: '/api/bpm/site-config',
    tag: 'bpm',
    access: 'operator',
    summary: '提交站点配置变更（运营人员；另一位操作员批准后生效，记入审计日志）',
    body: siteConfigInput,
    answer: settingsProposalSchema,
  }),
};
