// The supervisory limits as configuration (issue 27): the site_config row `riskLimits` (not one of the
// site configuration's editable keys, like the cloud-loan product's settings), missing fields falling
// back on the defaults below. Saving proposes a change (four eyes, issue 33); another operator's approval
// writes it, with one audit row of the whole before and after.
import { formatYuan, ratePpmToPercentString, type Cents, type RatePpm } from '@factoring/domain';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  DEFAULT_RESERVE_RATES_PPM,
  type RiskLimits,
  type RiskLimitsAnswer,
} from '@factoring/domain/contract';
import type { Db, Tx } from '../../db/client.ts';
import { enterpriseNames } from '../account/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { writeAudit, type TaskOperator, type TaskType } from '../bpm/index.ts';
import {
  fourEyedTaskType,
  pendingProposal,
  proposeSetting,
  readSetting,
  writeSetting,
  type FourEyedSetting,
  type SettingLine,
} from '../system/index.ts';

export const RISK_LIMITS_KEY = 'riskLimits';

/**
 * 205号's figures (10 ×, 50 %, 40 %), a warning at 90 % of each limit, and the factor's own: net assets
 * ¥100,000,000, one borrower at most ¥20,000,000, concentration limits enforced from ¥50,000,000 of
 * risk assets (the demo world's book is about ¥1,540,000, held by two debtors: every share of it is
 * near half), and the specific reserve per aging bucket of the five-category practice (0 %, 2 %, 5 %,
 * 25 %, 50 %). Operators set the real figures in 风险管理 → 限额设置.
 */
export const DEFAULT_RISK_LIMITS: RiskLimits = {
  netAssets: 10_000_000_000 as Cents,
  maxLeveragePpm: 10_000_000,
  maxDebtorSharePpm: 500_000,
  maxRelatedSharePpm: 400_000,
  maxBorrowerPrincipal: 2_000_000_000 as Cents,
  warningLevelPpm: 900_000,
  concentrationFloor: 5_000_000_000 as Cents,
  relatedPartyIds: [],
  reserveRatesPpm: { ...DEFAULT_RESERVE_RATES_PPM },
};

export async function readRiskLimits(db: Db | Tx): Promise<RiskLimits> {
  const value = await readSetting(db, RISK_LIMITS_KEY);
  const stored = value && typeof value === 'object' ? (value as Partial<RiskLimits>) : {};
  return { ...DEFAULT_RISK_LIMITS, ...stored, reserveRatesPpm: { ...DEFAULT_RISK_LIMITS.reserveRatesPpm, ...stored.reserveRatesPpm } };
}

async function answerOf(db: Db | Tx, limits: RiskLimits): Promise<Omit<RiskLimitsAnswer, 'pending'>> {
  const named = await enterpriseNames(db, limits.relatedPartyIds);
  return { limits, relatedParties: [...named].map(([id, name]) => ({ id, name })) };
}

/** Every related party must be an enterprise of the portal (checked when proposed and when approved). */
async function checkParties(db: Db | Tx, limits: RiskLimits) {
  const ids = limits.relatedPartyIds;
  if (!ids.length) return;
  const known = await enterpriseNames(db, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new BusinessError(`关联方企业不存在：${unknown.map((id) => `#${id}`).join('、')}`, 'RISK_UNKNOWN_PARTY');
}

const yuan = (cents: number) => `¥${formatYuan(cents)}`;
const percent = (ppm: number) => `${ratePpmToPercentString(ppm as RatePpm)}%`;
const times = (ppm: number) => `${(ppm / 1_000_000).toFixed(6).replace(/\.?0+$/, '')} 倍`;

/** The limits as the drawer's lines: every figure exact (ppm to four decimals of a percent). */
async function linesOf(db: Db | Tx, l: RiskLimits): Promise<SettingLine[]> {
  const { relatedParties } = await answerOf(db, l);
  const names = new Map(relatedParties.map((p) => [p.id, p.name]));
  return [
    { key: 'netAssets', label: '净资产', text: yuan(l.netAssets) },
    { key: 'maxLeveragePpm', label: '风险资产 / 净资产上限', text: times(l.maxLeveragePpm) },
    { key: 'maxDebtorSharePpm', label: '单一债务人占风险资产上限', text: percent(l.maxDebtorSharePpm) },
    { key: 'maxRelatedSharePpm', label: '关联方占风险资产上限', text: percent(l.maxRelatedSharePpm) },
    { key: 'maxBorrowerPrincipal', label: '单一借款人融资余额上限', text: yuan(l.maxBorrowerPrincipal) },
    { key: 'warningLevelPpm', label: '预警水平', text: percent(l.warningLevelPpm) },
    { key: 'concentrationFloor', label: '集中度指标起算规模', text: yuan(l.concentrationFloor) },
    {
      key: 'relatedPartyIds',
      label: '关联方名单',
      text: l.relatedPartyIds.length ? l.relatedPartyIds.map((id) => `${names.get(id) ?? ''}（#${id}）`).join('、') : '无',
    },
    ...AGING_BUCKETS.map((b) => ({
      key: `reserveRatesPpm.${b}`,
      label: `${AGING_BUCKET_LABELS[b]}计提比例`,
      text: percent(l.reserveRatesPpm[b]),
    })),
  ];
}

/** Writes approved limits, with one audit row of the whole before and after by the approving operator. */
async function writeRiskLimits(tx: Tx, next: RiskLimits, before: RiskLimits, approver: TaskOperator) {
  await writeSetting(tx, RISK_LIMITS_KEY, next);
  await writeAudit(tx, {
    taskId: null,
    actor: approver,
    action: 'UPDATE',
    entityType: 'SITE_CONFIG',
    entityId: RISK_LIMITS_KEY,
    before,
    after: next,
  });
}

/**
 * The limits, reserve rates and concentration settings as a four-eyed setting (issue 33): an operator
 * refused by a limit cannot lift it alone — the change waits for another operator.
 */
export const RISK_LIMITS_SETTING: FourEyedSetting<RiskLimits> = {
  type: 'RISK_LIMITS_CHANGE',
  label: '风险限额变更复核',
  name: '风险限额',
  refId: RISK_LIMITS_KEY,
  read: readRiskLimits,
  lines: linesOf,
  check: checkParties,
  write: writeRiskLimits,
};

/** The risk task types of the operators' inbox, listed in app.ts's TASK_TYPES. */
export const RISK_TASK_TYPES: readonly TaskType[] = [fourEyedTaskType(RISK_LIMITS_SETTING)];

/** The limits in force, their related parties named, and the change waiting for a second operator. */
export const riskLimitsAnswer = async (db: Db): Promise<RiskLimitsAnswer> => ({
  ...(await answerOf(db, await readRiskLimits(db))),
  pending: await pendingProposal(db, RISK_LIMITS_SETTING),
});

/** Operator (the maker): proposes new limits (related parties in id order); another operator's approval makes them take effect. */
export const proposeRiskLimits = (db: Db, operator: TaskOperator, input: RiskLimits) =>
  proposeSetting(db, RISK_LIMITS_SETTING, operator, { ...input, relatedPartyIds: [...input.relatedPartyIds].sort((a, b) => a - b) });
