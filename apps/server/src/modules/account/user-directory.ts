import { directoryOf } from '../../db/directory.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The users as another area reads them (db/directory.ts): who someone is — name, login, role, enterprise —
 * never the password, the lock or the switches. Only account (and auth, which signs users in) reads the table.
 */
export const userDirectoryAs = directoryOf(users, {
  id: users.id,
  loginName: users.loginName,
  displayName: users.displayName,
  authority: users.authority,
  enterpriseId: users.enterpriseId,
});

/** The directory under its own name, for a query that joins one user (`userDirectoryAs` for a second). */
export const userDirectory = userDirectoryAs('user_directory');

/**
 * A user with the state of their account (auth resolves every session through it, purchase/sales lists its
 * switch): who they are, whether the account may act, and its switches — never the password or the lock.
 */
export const userStateDirectoryAs = directoryOf(users, {
  id: users.id,
  loginName: users.loginName,
  displayName: users.displayName,
  authority: users.authority,
  enterpriseId: users.enterpriseId,
  status: users.status,
  ckFlag: users.ckFlag,
  purchaseSalesEnabled: users.purchaseSalesEnabled,
  demo: users.demo,
});
export const userStateDirectory = userStateDirectoryAs('user_state');
