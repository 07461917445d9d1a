// The bank statement face (issue 26): its own task type (a statement's void), the task types it links to statement lines, its close-of-business
// step, and the import the demo seed drives with the demo bank's format. app.ts registers routes.ts itself.
export { statementLinks } from './task-links.ts';
export { bankReconciliationStep } from './jobs/close-of-day.ts';
export { BANK_STATEMENT_TASK_TYPES } from './operations/void-statement.ts';
export { importStatement } from './operations/import-statement.ts';
export { DEMO_COLUMNS, DEMO_META } from './formats.ts';
export { demoStatementCsv, type DemoStatementLine } from './demo-format.ts';
