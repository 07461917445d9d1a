// Who may take delivery of redeemed pledge goods (PRODUCT §8, issue 14): the enterprise's designated
// signers (/pledge/signPersonGuide) and its downstream customers (/pledge/supplyLoanKH). A party is
// ACTIVE until the enterprise disables it; a disabled party is kept (release orders name it) but can
// no longer be chosen. To use it again, add it again.
import { defineLifecycle } from '../state-machine.ts';

export type DeliveryPartyStatus = 'ACTIVE' | 'DISABLED';

export const DELIVERY_PARTY_STATUS_LABELS: Readonly<Record<DeliveryPartyStatus, string>> = {
  ACTIVE: '有效',
  DISABLED: '已停用',
};

export const deliveryPartyLifecycle = defineLifecycle<DeliveryPartyStatus>(
  { ACTIVE: ['DISABLED'], DISABLED: [] },
  DELIVERY_PARTY_STATUS_LABELS,
);

export const DELIVERY_PARTY_STATUSES = deliveryPartyLifecycle.states;

/** The two kinds of receiver a release order (放货单) can name. */
export type ReleaseReceiverKind = 'SIGNER' | 'CUSTOMER';

export const RELEASE_RECEIVER_KIND_LABELS: Readonly<Record<ReleaseReceiverKind, string>> = {
  SIGNER: '指定签收人',
  CUSTOMER: '下游客户',
};

/**
 * The receiver a release order names, as it was when the order was made (kept on the order, so a
 * later change or disabling of the party does not rewrite history). A signer's ID card is kept masked.
 */
export interface ReleaseOrderReceiver {
  kind: ReleaseReceiverKind;
  partyId: number;
  name: string;
  /** Signer: the masked ID card; customer: the USCC (or null). */
  certificate: string | null;
  /** Signer: the mobile; customer: contact name and mobile (or null). */
  contact: string | null;
  address: string | null;
}
