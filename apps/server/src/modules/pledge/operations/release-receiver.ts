// The receiver a redemption's release order names: one of the redeeming enterprise's own ACTIVE
// designated signers or downstream customers. Another enterprise's party, a disabled one or an
// unknown id is refused the same way (nothing tells whether it exists elsewhere). The order keeps the
// signer's ID card and every mobile masked (issue 24: one rule — the warehouse matches the person in
// front of it; full numbers stay in the enterprise's own detail of its signers and customers).
import { maskIdCard, maskMobile, type ReleaseOrderReceiver } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pledgeCustomers, pledgeSignPersons } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';

export async function resolveReleaseReceiver(
  tx: Tx,
  scope: EnterpriseScope,
  input: { kind: 'SIGNER' | 'CUSTOMER'; id: number },
): Promise<ReleaseOrderReceiver> {
  if (input.kind === 'SIGNER') {
    const [p] = await tx
      .select()
      .from(pledgeSignPersons)
      .where(and(eq(pledgeSignPersons.id, input.id), ownedBy(scope, pledgeSignPersons.enterpriseId)))
      .for('share');
    if (!p) throw new BusinessError('签收人不存在或不属于本企业，请在“指定签收人”中选择', 'PLEDGE_RECEIVER_NOT_FOUND');
    if (p.status !== 'ACTIVE') throw new BusinessError(`签收人「${p.name}」已停用，请选择其他签收人`, 'PLEDGE_RECEIVER_DISABLED');
    return { kind: 'SIGNER', partyId: p.id, name: p.name, certificate: maskIdCard(p.idCard), contact: maskMobile(p.mobile), address: null };
  }
  const [c] = await tx
    .select()
    .from(pledgeCustomers)
    .where(and(eq(pledgeCustomers.id, input.id), ownedBy(scope, pledgeCustomers.enterpriseId)))
    .for('share');
  if (!c) throw new BusinessError('客户不存在或不属于本企业，请在“下游客户”中选择', 'PLEDGE_RECEIVER_NOT_FOUND');
  if (c.status !== 'ACTIVE') throw new BusinessError(`客户「${c.name}」已停用，请选择其他客户`, 'PLEDGE_RECEIVER_DISABLED');
  const contact = [c.contactName, c.contactMobile && maskMobile(c.contactMobile)].filter(Boolean).join(' ') || null;
  return { kind: 'CUSTOMER', partyId: c.id, name: c.name, certificate: c.uscc, contact, address: c.address };
}
