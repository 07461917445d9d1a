// The uploads face (issue 23): another area reads its caller's own uploads through these.
// app.ts registers routes.ts itself.
export { ownUploads, uploadsByIds } from './store.ts';
export { uploadDirectory, uploadDirectoryAs } from './upload-directory.ts';
