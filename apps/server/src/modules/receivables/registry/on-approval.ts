// The factor registers when it decides to finance (issue 36): approving a financing of invoices registers the
// assignment at the registry and searches by the transferor at once. Why then, not at disbursement: the earlier
// registration wins (民法典 art. 768), so the factor takes its place as soon as it is bound to pay; and the search
// right after shows its own registration beside anything registered before it, for the disbursing operator.
import type { IsoDate } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import type { Actor } from '../../../lib/actor.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { registerFinancing, type Registration } from './filings.ts';
import type { RegistryAdapter } from './port.ts';
import { searchForFinancing } from './searches.ts';
import type { Financed } from './subject.ts';

const WHERE_TO_ACT = '放款前须在审批中心「动产融资登记」页签办理';

/**
 * In the approval's transaction, each step in a savepoint: the registry refusing or not answering does not
 * undo the approval — it is said in the words answered (the financing's history), and the disbursement
 * waits until an operator has registered and searched (gate.ts).
 */
export async function registerOnApproval(tx: Tx, registry: RegistryAdapter, f: Financed, actor: Actor, today: IsoDate): Promise<string> {
  let registered: Registration;
  try {
    registered = await tx.transaction((sp) => registerFinancing(sp, registry, f, actor, today));
  } catch (err) {
    if (!(err instanceof BusinessError)) throw err;
    return `未能办理应收账款转让登记：${err.message}。${WHERE_TO_ACT}登记并查询`;
  }
  const done = `已办理应收账款转让登记（${registry.label}，登记编号 ${registered.registrationNo}，期限 ${registered.years} 年，至 ${registered.expiresOn}）`;
  try {
    const searched = await tx.transaction((sp) => searchForFinancing(sp, registry, f, actor, today));
    return `${done}；${searched.message}`;
  } catch (err) {
    if (!(err instanceof BusinessError)) throw err;
    return `${done}；查询未完成：${err.message}。${WHERE_TO_ACT}查询`;
  }
}
