// Site, version, menus (SPEC §2, §3).
import { z } from 'zod';

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
});

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
