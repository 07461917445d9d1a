import type { Db } from '../../../db/client.ts';
import { psOrderAttachments } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { lockOrder, recordEvent, type Actor } from '../store.ts';
import { ownUploads } from '../../uploads/index.ts';

/** Either side attaches its own uploaded files (contract scans, delivery notes) to an order it can see. */
export async function addAttachments(db: Db, scope: EnterpriseScope, actor: Actor, id: number, uploadIds: number[]) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    if (order.status === 'CANCELLED') throw new BusinessError('已取消的订单不能添加附件', 'ORDER_CANCELLED');
    const ids = [...new Set(uploadIds)];
    const mine = await ownUploads(tx, scope, ids);
    if (mine.length !== ids.length) throw new BusinessError('附件不存在，请重新上传', 'UNKNOWN_UPLOAD');
    const added = await tx
      .insert(psOrderAttachments)
      .values(ids.map((uploadId) => ({ orderId: order.id, uploadId, enterpriseId: scope.enterpriseId })))
      .onConflictDoNothing()
      .returning({ uploadId: psOrderAttachments.uploadId });
    if (added.length)
      await recordEvent(
        tx,
        order.id,
        actor,
        '添加附件',
        mine
          .filter((m) => added.some((a) => a.uploadId === m.id))
          .map((m) => m.originalName)
          .join('，'),
      );
  });
}
