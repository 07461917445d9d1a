import { CLOUD_LOAN_MAX_TERM, CLOUD_LOAN_MIN_TERM, type CloudLoanProduct } from '@factoring/domain/contract';
import type { Db, Tx } from '../../db/client.ts';
import { readSetting, readSiteConfig } from '../system/index.ts';

/** The site-configuration key of the cloud-loan product (a JSON object; missing fields fall back to the defaults). */
export const CLOUD_LOAN_CONFIG_KEY = 'cloudLoan';

export interface CloudLoanSettings extends CloudLoanProduct {
  /** Which bank adapter carries applications, drawdowns and repayments (bank-adapter.ts). */
  bankAdapter: string;
}

export const DEFAULT_CLOUD_LOAN_SETTINGS: Omit<CloudLoanSettings, 'enabled'> = {
  bankName: '中国建设银行（云贷）',
  minAmount: 1_000_000, // ¥10,000.00
  maxAmount: 300_000_000, // ¥3,000,000.00
  minTermMonths: CLOUD_LOAN_MIN_TERM,
  maxTermMonths: CLOUD_LOAN_MAX_TERM,
  minRatePpm: 39_500,
  maxRatePpm: 180_000,
  referenceRatePpm: 72_000,
  penaltyMultiplierPpm: 1_500_000,
  validityDays: 180,
  controlledDrawdown: false,
  bankAdapter: 'operator',
};

/** The product as configured: `cloudLoanEnabled` of the site configuration switches it on and off. */
export async function readCloudLoanSettings(db: Db | Tx): Promise<CloudLoanSettings> {
  const [site, value] = await Promise.all([readSiteConfig(db as Db), readSetting(db, CLOUD_LOAN_CONFIG_KEY)]);
  const stored = value && typeof value === 'object' ? (value as Partial<CloudLoanSettings>) : {};
  return { ...DEFAULT_CLOUD_LOAN_SETTINGS, ...stored, enabled: site.cloudLoanEnabled };
}

/** What the product page shows (no adapter internals). */
export function publicProduct({ bankAdapter: _adapter, ...product }: CloudLoanSettings): CloudLoanProduct {
  return product;
}
