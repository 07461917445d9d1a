import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { AuthUser } from '../auth/sessions.ts';

/** The one refusal of every financing, payment and withdrawal action of an uncertified enterprise (PRODUCT §4). */
export const NOT_CERTIFIED_MESSAGE = '企业尚未完成实名认证，请先前往 /user/autentication 完成认证';
export const NOT_CERTIFIED_CODE = 'NOT_CERTIFIED';

/** The path the message links to; the web turns it into a link. */
export const AUTHENTICATION_PATH = '/user/autentication';

export class NotCertifiedError extends BusinessError {
  constructor() {
    super(NOT_CERTIFIED_MESSAGE, NOT_CERTIFIED_CODE);
  }
}

const isRequest = (subject: FastifyRequest | AuthUser): subject is FastifyRequest => 'raw' in subject;

/**
 * Refuses unless the caller is an enterprise user whose enterprise is certified. Accepts the request
 * or its user; the session resolves `certified` from the database on every request, so an approval
 * takes effect on the user's very next call. Returns the enterprise id.
 */
export function assertCertified(subject: FastifyRequest | AuthUser | null | undefined): number {
  const user = subject ? (isRequest(subject) ? subject.user : subject) : null;
  if (!user) throw Object.assign(new Error('登录已失效，请重新登录'), { statusCode: 401 });
  if (user.authority !== 'merchant' || user.enterpriseId == null) throw new BusinessError('仅企业用户可以办理该业务');
  if (!user.certified) throw new NotCertifiedError();
  return user.enterpriseId;
}

/** The same check as a route preHandler: `{ preHandler: [app.requireUser('merchant'), requireCertified] }`. */
export async function requireCertified(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  assertCertified(request);
}

/** The check against the database inside a transaction, for work that must not race an approval. */
export async function assertEnterpriseCertified(db: Db, enterpriseId: number): Promise<void> {
  const [row] = await db.select({ certified: enterprises.certified }).from(enterprises).where(eq(enterprises.id, enterpriseId));
  if (!row?.certified) throw new NotCertifiedError();
}
