import * as contract from '@factoring/domain/contract';
import { isEndpoint, type Endpoint } from '@factoring/domain/contract';
import { isAudited } from '../../lib/audit-trail.ts';

/**
 * Every operation of the contract the audit trail records (lib/audit-trail.ts `isAudited`: an
 * operator's state-changing call), read from the contract itself so a new one is listed without
 * an edit here: the "what" filter of the audit log, and the test that each is recorded.
 */
export function auditedEndpoints(): Endpoint[] {
  const found: Endpoint[] = [];
  for (const value of Object.values(contract)) {
    if (!value || typeof value !== 'object' || isEndpoint(value)) continue;
    for (const e of Object.values(value as Record<string, unknown>)) if (isEndpoint(e) && isAudited(e) && !found.includes(e)) found.push(e);
  }
  return found;
}

/** The audited operations as the filter offers them: `POST /api/…` → its summary. */
export const auditedOperations = () => auditedEndpoints().map((e) => ({ value: `${e.method} ${e.path}`, label: e.summary }));
