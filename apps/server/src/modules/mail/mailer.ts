import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Delivers a mail: over SMTP when configured, else into the outbox table (its links logged). */
  send(mail: Mail): Promise<void>;
  /** Delivers in the background (answers that must not reveal whether a mail went out). */
  sendLater(mail: Mail): void;
  /** Waits for background deliveries, then closes the SMTP connection pool. */
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s"'<>]+/g;
const linksOf = (text: string) => text.match(LINK) ?? [];

/** Mail over SMTP (nodemailer) when `SMTP_URL` is set; otherwise the local outbox an operator reads. */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const { db, log } = opts;
  const smtp: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl, { from: opts.from }) : null;
  const pending = new Set<Promise<void>>();

  const keep = async (mail: Mail, status: 'LOCAL' | 'FAILED', error?: string) => {
    await db.insert(outbox).values({ toAddress: mail.to, subject: mail.subject, body: mail.text, status, error: error?.slice(0, 500) });
  };

  const send = async (mail: Mail) => {
    if (!smtp) {
      await keep(mail, 'LOCAL');
      log.info({ to: mail.to, subject: mail.subject, links: linksOf(mail.text) }, 'mail kept in the outbox (no SMTP_URL)');
      return;
    }
    try {
      const info = await smtp.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    } catch (err) {
      // The user can ask for the mail again; the operator sees why it did not go out.
      log.error({ err, to: mail.to, subject: mail.subject }, 'SMTP refused the mail; kept in the outbox');
      await keep(mail, 'FAILED', err instanceof Error ? err.message : String(err));
    }
  };

  return {
    transport: smtp ? 'smtp' : 'outbox',
    send,
    sendLater(mail) {
      const p = send(mail)
        .catch((err) => log.error({ err, to: mail.to }, 'mail delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async close() {
      await Promise.allSettled([...pending]);
      smtp?.close();
    },
  };
}
