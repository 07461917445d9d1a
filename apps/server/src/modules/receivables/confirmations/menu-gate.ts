import type { MenuGate } from '../../financing/index.ts';
import { isDebtorOfAssigned } from './queries.ts';

/**
 * The menu gate DEBTOR (issue 36): the confirmation inbox shows to a user of an enterprise that is the debtor
 * of some receivable assigned to the factor — the core enterprise whose invoices suppliers financed.
 */
export const debtorMenuGate: MenuGate = async (db, request) => {
  const user = request.user;
  if (user?.authority !== 'merchant' || user.enterpriseId == null) return false;
  return isDebtorOfAssigned(db, user.enterpriseId);
};
