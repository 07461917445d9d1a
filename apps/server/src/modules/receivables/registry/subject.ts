// What a financing's registration describes (issue 36): read from the receivables the financing holds in
// `financed_assets` (receivables' own table) — so the registry needs nothing of the lending product that
// holds them: the transferor (the supplier, by its credit code), each invoice with its amount and
// debtor, their total, and the description the registry prints.
import { formatYuan, invoiceLabel } from '@factoring/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import type { RegisteredReceivable } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { liveInvoicesOf, type Financed } from '../financed-invoices.ts';
import type { RegistryParty } from './port.ts';

export type { Financed };

export interface RegistrationSubject {
  financingNo: string;
  enterpriseId: number;
  transferor: RegistryParty;
  receivables: Omit<RegisteredReceivable, 'addedAt'>[];
  amount: number;
  description: string;
}

/** What a registration of the financing's assignment says, or a refusal when there is nothing to register. */
export async function registrationSubject(db: Db | Tx, f: Financed, registrant: RegistryParty): Promise<RegistrationSubject> {
  const assets = await liveInvoicesOf(db, f);
  if (!assets.length) throw new BusinessError('该融资没有在融的发票应收账款，无需登记', 'REGISTRY_NOTHING');
  const [supplier] = await db
    .select({ name: enterpriseDirectory.name, uscc: enterpriseDirectory.uscc })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, assets[0].enterpriseId));
  const transferorCode = assets[0].sellerKey;
  if (!supplier?.uscc || supplier.uscc.trim().toUpperCase() !== transferorCode)
    throw new BusinessError('出让人没有统一社会信用代码，不能办理登记', 'REGISTRY_NO_CODE');
  const debtorCodes = [...new Set(assets.map((a) => a.buyerKey))];
  const debtors = await db
    .select({ name: enterpriseDirectory.name, uscc: enterpriseDirectory.uscc })
    .from(enterpriseDirectory)
    .where(inArray(enterpriseDirectory.uscc, debtorCodes));
  const debtorName = (code: string) => debtors.find((d) => d.uscc?.trim().toUpperCase() === code)?.name ?? code;
  const receivables = assets.map((a) => ({
    invoiceCode: a.invoiceCode ?? '',
    invoiceNumber: a.invoiceNumber ?? '',
    issueDate: a.issueDate ?? '',
    amount: a.amount,
    debtorName: debtorName(a.buyerKey),
    debtorCode: a.buyerKey,
  }));
  const amount = receivables.reduce((sum, r) => sum + r.amount, 0);
  const names = [...new Set(receivables.map((r) => r.debtorName))].join('、');
  const invoices = receivables.map((r) => invoiceLabel(r.invoiceCode, r.invoiceNumber)).join('、');
  return {
    financingNo: assets[0].financingNo,
    enterpriseId: assets[0].enterpriseId,
    transferor: { name: supplier.name, creditCode: transferorCode },
    receivables,
    amount,
    description:
      `${supplier.name}将其对${names}的应收账款（发票 ${invoices}，共 ${receivables.length} 张，价税合计 ${formatYuan(amount)} 元）` +
      `及其项下的全部权利转让给${registrant.name}，用于保理融资 ${assets[0].financingNo}。`,
  };
}
