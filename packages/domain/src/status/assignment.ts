// The debtor's part of a factored receivable (issue 36, PRODUCT §13): its confirmation (确权) and the
// notices of assignment (应收账款转让通知书) and of release (解除转让通知). The server changes a status only
// through these machines.
import { defineLifecycle } from '../state-machine.ts';

export type ConfirmationStatus = 'CONFIRMED' | 'DISPUTED';

/**
 * The debtor's answer about one receivable (its natural key): CONFIRMED — it owes the amount on the due
 * date with no set-off and no dispute, in a signed 确认函 — or DISPUTED with its reason. A dispute may
 * be settled by the debtor confirming after all; a confirmation binds and is never taken back here
 * (a later quarrel is a dilution the operator handles). No row: waiting for the debtor.
 */
export const confirmationLifecycle = defineLifecycle<ConfirmationStatus>(
  { CONFIRMED: [], DISPUTED: ['CONFIRMED'] },
  { CONFIRMED: '已确权', DISPUTED: '有争议' },
);
export const CONFIRMATION_STATUSES = confirmationLifecycle.states;

/**
 * How a confirmation reached the factor: the debtor signed its 确认函 in the portal, or — a debtor without a
 * user, or undisclosed factoring (暗保理) where the debtor is not told of the assignment — it signed and stamped
 * a paper letter (确认函 or 询证函) the factor's operator scanned and recorded.
 */
export const CONFIRMATION_CHANNELS = ['PORTAL', 'PAPER'] as const;
export type ConfirmationChannel = (typeof CONFIRMATION_CHANNELS)[number];
export const CONFIRMATION_CHANNEL_LABELS: Readonly<Record<ConfirmationChannel, string>> = {
  PORTAL: '平台内签署',
  PAPER: '纸质确认函（运营登记）',
};

/** How the factor tells the debtor, per platform product: at once (明保理), or held until a trigger (暗保理). */
export const NOTICE_MODES = ['DISCLOSED', 'UNDISCLOSED'] as const;
export type NoticeMode = (typeof NOTICE_MODES)[number];
export const NOTICE_MODE_LABELS: Readonly<Record<NoticeMode, string>> = {
  DISCLOSED: '明保理（转让即通知债务人）',
  UNDISCLOSED: '暗保理（通知书留存，触发时发送）',
};

export type NoticeKind = 'ASSIGNMENT' | 'RELEASE';
export const NOTICE_KIND_LABELS: Readonly<Record<NoticeKind, string>> = {
  ASSIGNMENT: '应收账款转让通知书',
  RELEASE: '解除转让通知',
};

/** What sends a held (undisclosed) notice: the financing overdue, the debtor disputing, or an operator by hand. */
export const NOTICE_TRIGGERS = ['OVERDUE', 'DISPUTE', 'MANUAL'] as const;
export type NoticeTrigger = (typeof NOTICE_TRIGGERS)[number];
export const NOTICE_TRIGGER_LABELS: Readonly<Record<NoticeTrigger, string>> = {
  OVERDUE: '融资逾期时发送',
  DISPUTE: '债务人提出异议时发送',
  MANUAL: '仅由运营人员手动发送',
};

/** Where a notice went: into the debtor's inbox on the portal, by mail, or by another channel an adapter names. */
export const NOTICE_CHANNEL_LABELS: Readonly<Record<string, string>> = {
  PORTAL: '平台内送达',
  MAIL: '邮件送达',
  COURIER: '快递送达',
  PLATFORM: '应收账款融资服务平台',
};

export type NoticeStatus = 'DRAWN' | 'SIGNED' | 'HELD' | 'TO_SEND' | 'SENT' | 'ACKNOWLEDGED' | 'RELEASED' | 'VOID';

/**
 * A notice. An assignment notice is DRAWN when the factor approves the financing (the supplier's to
 * sign), SIGNED by the supplier, then on the factor's countersignature SENT at once (明保理) or HELD
 * (暗保理) until its trigger sends it; the debtor ACKNOWLEDGES receipt. When the financing ends — settled,
 * bought back, or an application ended after the debtor was told — a notice the debtor had is RELEASED
 * and a release notice goes out; one it never had is VOID. A release notice is TO_SEND until delivered.
 */
export const noticeLifecycle = defineLifecycle<NoticeStatus>(
  {
    DRAWN: ['SIGNED', 'VOID'],
    SIGNED: ['SENT', 'HELD', 'VOID'],
    HELD: ['SENT', 'VOID'],
    TO_SEND: ['SENT'],
    SENT: ['ACKNOWLEDGED', 'RELEASED'],
    ACKNOWLEDGED: ['RELEASED'],
    RELEASED: [],
    VOID: [],
  },
  {
    DRAWN: '待供应商签署',
    SIGNED: '待保理方会签',
    HELD: '暗保理留存',
    TO_SEND: '待发送',
    SENT: '已送达',
    ACKNOWLEDGED: '债务人已确认收到',
    RELEASED: '已解除',
    VOID: '已作废',
  },
);
export const NOTICE_STATUSES = noticeLifecycle.states;
