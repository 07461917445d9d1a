import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { readSiteConfig } from '../system/site-config.ts';

/** PRODUCT §7: certified, product enabled (arrears are checked once loans exist). */
export async function isCloudLoanAllowed(db: Db, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authority !== 'merchant' || !user.certified) return false;
  const cfg = await readSiteConfig(db);
  return cfg.cloudLoanEnabled;
}
