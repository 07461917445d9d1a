// The contract with its schemas, for a form that validates in the browser with the server's own
// rules (apps/web/src/lib/schema-rule.ts). Everything else imports '@factoring/domain/contract':
// in the web build its operations carry no schemas and its bundle no zod (apps/web/build/light-contract.ts).
export * from './index.ts';
