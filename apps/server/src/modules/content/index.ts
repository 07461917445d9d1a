// The content face (issue 23): nothing of the FAQ and notices is used by another area.
// app.ts registers routes.ts itself.
export {};
