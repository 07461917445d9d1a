// The credit face (issue 23): credit lines as the lending products use them — grant, lock, reserve, book,
// release and restore credit, read what is available — and the close-of-business expiry step.
// app.ts registers routes.ts itself.
export {
  availableOf,
  bookUse,
  creditLineSummary,
  effectiveStatus,
  grantCreditLine,
  lockCreditLine,
  releaseReservation,
  reserveCredit,
  restoreCredit,
  type CreditLine,
} from './credit-lines.ts';
export { creditLineExpiryStep } from './close-of-day.ts';
export { creditLineDirectory, creditLineDirectoryAs, creditLineFields } from './credit-line-directory.ts';
