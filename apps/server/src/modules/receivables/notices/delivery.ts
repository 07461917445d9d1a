// Notice delivery (issue 36, PRODUCT §13; 民法典 art. 546: an assignment binds the debtor once it is
// notified): the port every notice of assignment and of release goes out through, with a built-in
// implementation that delivers the way the portal can — into the debtor's inbox when the debtor has a
// user on the portal, else by mail kept in the outbox — and a receipt kept with the notice. A courier,
// a registered mail service or the PBOC's receivables platform (中征应收账款融资服务平台) is another
// implementation, handed to `buildApp` (app.ts), never a change to an operation.
import type { NoticeKind } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { userDirectory } from '../../account/index.ts';
import { keepInOutbox } from '../../mail/index.ts';

/** One notice as it goes out: who to, what it says (the words of the signed notice), and where a mail may go. */
export interface NoticeLetter {
  noticeId: number;
  noticeNo: string;
  kind: NoticeKind;
  /** 应收账款转让通知书（ZRSL2026…）. */
  title: string;
  debtor: { enterpriseId: number; name: string; creditCode: string | null };
  /** The address the platform keeps for the debtor's notices, when it has no user on the portal. */
  mailTo: string | null;
  /** The notice in words: the receivables, the collection account, the reference to quote. */
  text: string;
}

/** What the channel answers: how it went, to whom, and its own reference (a mail id, a waybill, a platform number). */
export interface DeliveryReceipt {
  /** PORTAL, MAIL, COURIER, PLATFORM — or an adapter's own word. */
  channel: string;
  to: string;
  ref: string;
}

/**
 * THE port notices go out through. `deliver` runs inside the transaction that sends the notice: what the
 * channel records (a row in the debtor's inbox, a mail in the outbox, a courier's job for its worker) exists
 * exactly when the sending commits. A notice it cannot deliver is refused with a BusinessError that says why;
 * the notice is then not sent.
 */
export interface NoticeDelivery {
  /** Recorded with each receipt (`built-in`, `sf-express`, `zhongzheng`…). */
  readonly name: string;
  deliver(tx: Tx, letter: NoticeLetter): Promise<DeliveryReceipt>;
}

/**
 * The built-in delivery: a debtor with a user on the portal receives the notice in its inbox
 * (/receivables/confirmations), where it acknowledges it; a debtor without one receives it by mail at the
 * platform's notice address, kept in the outbox (the mail module's local delivery) in the same transaction.
 * Without either, the notice cannot be delivered and the sending is refused.
 */
export const builtInNoticeDelivery: NoticeDelivery = {
  name: 'built-in',
  async deliver(tx, letter) {
    const users = await tx
      .select({ id: userDirectory.id })
      .from(userDirectory)
      .where(and(eq(userDirectory.enterpriseId, letter.debtor.enterpriseId), eq(userDirectory.authority, 'merchant')));
    if (users.length)
      return { channel: 'PORTAL', to: `${letter.debtor.name}（平台用户 ${users.length} 位）`, ref: `PORTAL-${letter.noticeNo}` };
    if (!letter.mailTo)
      throw new BusinessError(
        `债务人${letter.debtor.name}没有平台用户，平台也未登记其通知送达邮箱，${letter.title}无法送达`,
        'NOTICE_UNDELIVERABLE',
      );
    const id = await keepInOutbox(tx, { to: letter.mailTo, subject: letter.title, text: letter.text });
    return { channel: 'MAIL', to: letter.mailTo, ref: `OUTBOX-${id}` };
  },
};
