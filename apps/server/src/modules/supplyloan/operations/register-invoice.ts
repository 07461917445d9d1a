import type { RegisterInvoiceInput } from '@factoring/domain/contract';
import { compareIsoDates, formatYuan, type IsoDate } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invoices, uploads } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { ownedBy, type EnterpriseScope } from '../../../lib/scope.ts';
import { createTask } from '../../bpm/index.ts';
import { TASK, type Actor } from '../store.ts';

/** Registers an invoice issued to a core enterprise and puts it up for verification (INVOICE_VERIFY). Duplicates are refused. */
export async function registerInvoice(db: Db, scope: EnterpriseScope, actor: Actor, input: RegisterInvoiceInput, today: IsoDate) {
  const { enterpriseId } = scope;
  if (compareIsoDates(input.issueDate, today) > 0) throw new BusinessError('开票日期不能晚于今天');
  if (input.taxAmount > input.amount) throw new BusinessError('税额不能大于发票金额');
  return db.transaction(async (tx) => {
    const [core] = await tx
      .select({ id: enterpriseDirectory.id, name: enterpriseDirectory.name })
      .from(platformDirectory)
      .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, platformDirectory.coreEnterpriseId))
      .where(and(eq(platformDirectory.coreEnterpriseId, input.buyerEnterpriseId), eq(platformDirectory.product, 'SUPPLY')))
      .limit(1);
    if (!core) throw new BusinessError('购买方必须是供应链平台的核心企业');
    if (core.id === enterpriseId) throw new BusinessError('购买方不能是本企业');
    if (input.imageUploadId) {
      const [file] = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, input.imageUploadId), ownedBy(scope, uploads.enterpriseId)));
      if (!file) throw new BusinessError('发票影像不存在，请重新上传');
    }
    const [row] = await tx
      .insert(invoices)
      .values({ ...input, imageUploadId: input.imageUploadId ?? null, enterpriseId, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BusinessError(`发票 ${input.invoiceCode}-${input.invoiceNumber} 已登记，请勿重复登记`);
    const [seller] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, enterpriseId));
    await createTask(tx, {
      type: TASK.INVOICE_VERIFY,
      subject: `发票核验 ${input.invoiceCode}-${input.invoiceNumber}`,
      enterpriseId,
      refId: row.id,
      data: { invoiceId: row.id, ...input },
      fields: [
        { label: '销售方', value: seller?.name ?? '' },
        { label: '购买方（核心企业）', value: core.name },
        { label: '发票代码', value: input.invoiceCode },
        { label: '发票号码', value: input.invoiceNumber },
        { label: '开票日期', value: input.issueDate },
        { label: '价税合计（元）', value: formatYuan(input.amount) },
        { label: '税额（元）', value: formatYuan(input.taxAmount) },
      ],
      attachments: input.imageUploadId ? [{ uploadId: input.imageUploadId, label: '发票影像' }] : [],
      submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
    });
    return row;
  });
}
