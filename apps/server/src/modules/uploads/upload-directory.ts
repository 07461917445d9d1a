import { directoryOf } from '../../db/directory.ts';
import { uploads } from '../../db/schema/index.ts';

/**
 * The uploaded files as another area lists them beside its own records (issue 35, walls for tables): name,
 * type, size, owner — never where the bytes are stored. To check that files are the caller's, `ownUploads`.
 */
export const uploadDirectoryAs = directoryOf(uploads, {
  id: uploads.id,
  enterpriseId: uploads.enterpriseId,
  originalName: uploads.originalName,
  mimeType: uploads.mimeType,
  size: uploads.size,
});
export const uploadDirectory = uploadDirectoryAs('upload_directory');
