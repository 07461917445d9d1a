import { directoryOf } from '../../db/directory.ts';
import { enterprises } from '../../db/schema/index.ts';

/**
 * The enterprises as another area reads them (db/directory.ts): id, name, credit code and whether they are
 * certified. Only account (and certification, which certifies them) writes or locks the table itself.
 */
export const enterpriseDirectoryAs = directoryOf(enterprises, {
  id: enterprises.id,
  name: enterprises.name,
  uscc: enterprises.uscc,
  certified: enterprises.certified,
  certifiedAt: enterprises.certifiedAt,
});

/** The directory under its own name, for a query that joins one enterprise (`enterpriseDirectoryAs` for a second). */
export const enterpriseDirectory = enterpriseDirectoryAs('enterprise_directory');
