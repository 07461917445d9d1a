import { directoryOf } from '../../db/directory.ts';
import { contracts } from '../../db/schema/index.ts';

/**
 * The contracts as another area reads them (issue 35, walls for tables): what a contract is, whose, about
 * which record, and whether and when it was signed and countersigned — not its file, its signer's address
 * or its template data. Only the contracts area writes or locks the table.
 */
export const contractDirectoryAs = directoryOf(contracts, {
  id: contracts.id,
  contractNo: contracts.contractNo,
  enterpriseId: contracts.enterpriseId,
  type: contracts.type,
  typeLabel: contracts.typeLabel,
  factorCountersigns: contracts.factorCountersigns,
  title: contracts.title,
  relatedType: contracts.relatedType,
  relatedId: contracts.relatedId,
  relatedNo: contracts.relatedNo,
  counterparty: contracts.counterparty,
  amount: contracts.amount,
  status: contracts.status,
  createdAt: contracts.createdAt,
  effectiveDate: contracts.effectiveDate,
  expiryDate: contracts.expiryDate,
  signedByName: contracts.signedByName,
  signedAt: contracts.signedAt,
  countersignedAt: contracts.countersignedAt,
});
export const contractDirectory = contractDirectoryAs('contract_directory');
