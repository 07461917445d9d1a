// The mail face (issue 23): the mailer other areas send through, and the outbox a transaction keeps a mail in
// (issue 36). app.ts registers routes.ts itself.
export { createMailer, type Mail } from './mailer.ts';
export { keepInOutbox } from './outbox.ts';
