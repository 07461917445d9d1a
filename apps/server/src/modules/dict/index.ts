// The dictionary face (issue 23): nothing here is used by another area. app.ts registers routes.ts itself.
export {};
