// The mail face (issue 23): the mailer other areas send through. app.ts registers routes.ts itself.
export { createMailer, type Mail } from './mailer.ts';
