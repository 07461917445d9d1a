import { readSession, writeSession } from './storage.ts';

const NOTICE_KEY = 'factoring-notice';

/** A message for the next page to show, e.g. after a login that navigates away (AlreadyOnLine). */
export function postNotice(text: string) {
  writeSession(NOTICE_KEY, text);
}

export function takeNotice(): string | null {
  const text = readSession<string | null>(NOTICE_KEY, null);
  if (text) writeSession(NOTICE_KEY, null);
  return text;
}
