// Who a receipt's holder endorses to (operations/endorse-receipt.ts), named by its credit code.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';

/**
 * The certified enterprise a holder endorses to, named by its credit code. Only an exact, valid code
 * finds one, and only its name and code are told — enough for the holder to confirm who receives title.
 */
export async function endorseeOf(tx: Db | Tx, scope: EnterpriseScope, uscc: string) {
  const [to] = await tx
    .select({
      id: enterpriseDirectory.id,
      name: enterpriseDirectory.name,
      uscc: enterpriseDirectory.uscc,
      certified: enterpriseDirectory.certified,
    })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.uscc, uscc.toUpperCase()));
  if (!to) throw new BusinessError('未找到该统一社会信用代码对应的企业', 'ENDORSEE_NOT_FOUND');
  if (to.id === scope.enterpriseId) throw new BusinessError('不能背书给本企业', 'ENDORSE_TO_SELF');
  if (!to.certified) throw new BusinessError(`“${to.name}”尚未完成实名认证，不能接受仓单背书`, 'ENDORSEE_NOT_CERTIFIED');
  return { id: to.id, name: to.name, uscc: to.uscc! };
}
