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
