// /pledge/signPersonGuide: the persons an enterprise authorises to sign for its released goods. The
// ID card is checked by the domain's identity rules (SPEC §5) against the business date and stored
// as 18 characters; every answer shows it masked. Disabling goes through the delivery-party machine.
import {
  birthDateOfIdCard,
  deliveryPartyLifecycle,
  genderOfIdCard,
  idCard15to18,
  maskIdCard,
  maskMobile,
  validateIdCard,
  type IsoDate,
} from '@factoring/domain';
import type { SignPersonInput } from '@factoring/domain/contract';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { pledgeSignPersons } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope, type Scope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { uniqueViolation } from '../../account/index.ts';
import type { Actor } from '../store.ts';
import { now } from '../../../lib/clock.ts';

type SignPersonRow = typeof pledgeSignPersons.$inferSelect;

export const signPersonView = (r: SignPersonRow) => ({
  id: r.id,
  name: r.name,
  idCardMasked: maskIdCard(r.idCard),
  mobileMasked: maskMobile(r.mobile),
  birthDate: birthDateOfIdCard(r.idCard),
  gender: genderOfIdCard(r.idCard),
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  disabledAt: r.disabledAt?.toISOString() ?? null,
});

export async function addSignPerson(db: Db, scope: EnterpriseScope, actor: Actor, input: SignPersonInput, today: IsoDate) {
  const checked = validateIdCard(input.idCard, today);
  if (!checked.ok) throw new BusinessError(checked.message, 'ID_CARD_INVALID');
  const idCard = checked.normalized.length === 15 ? idCard15to18(checked.normalized) : checked.normalized;
  // Two adds racing past the check meet at the one-active unique index: the loser is told the same.
  return inTransaction(db, async (tx) => {
    const [same] = await tx
      .select({ id: pledgeSignPersons.id })
      .from(pledgeSignPersons)
      .where(
        and(
          eq(pledgeSignPersons.enterpriseId, scope.enterpriseId),
          eq(pledgeSignPersons.idCard, idCard),
          eq(pledgeSignPersons.status, 'ACTIVE'),
        ),
      );
    if (same) throw new BusinessError('该身份证号码已是本企业的有效签收人', 'SIGN_PERSON_DUPLICATE');
    const [row] = await tx
      .insert(pledgeSignPersons)
      .values({ enterpriseId: scope.enterpriseId, name: input.name, idCard, mobile: input.mobile, createdBy: actor.id })
      .returning();
    return signPersonView(row!);
  }).catch((err: unknown) => {
    if (uniqueViolation(err)) throw new BusinessError('该身份证号码已是本企业的有效签收人', 'SIGN_PERSON_DUPLICATE');
    throw err;
  });
}

export async function listSignPersons(
  db: Db,
  scope: Scope,
  q: { page: number; size: number; status?: SignPersonRow['status']; keyword?: string },
) {
  const where = and(
    ownedBy(scope, pledgeSignPersons.enterpriseId),
    q.status ? eq(pledgeSignPersons.status, q.status) : undefined,
    q.keyword ? ilike(pledgeSignPersons.name, `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const rows = await db
    .select()
    .from(pledgeSignPersons)
    .where(where)
    .orderBy(desc(pledgeSignPersons.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ total }] = await db.select({ total: count() }).from(pledgeSignPersons).where(where);
  return { items: rows.map(signPersonView), totalCount: total };
}

export async function disableSignPerson(db: Db, scope: EnterpriseScope, id: number) {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(pledgeSignPersons)
      .where(and(eq(pledgeSignPersons.id, id), ownedBy(scope, pledgeSignPersons.enterpriseId)))
      .for('update');
    if (!row) throw new NotFoundError('签收人不存在');
    const updated = await transition(tx, pledgeSignPersons, deliveryPartyLifecycle, row, 'DISABLED', { disabledAt: now() });
    return { id: updated.id, status: updated.status };
  });
}
