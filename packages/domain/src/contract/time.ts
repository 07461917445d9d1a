// Instants in answers: always ISO 8601 text in UTC; the web shows them with formatChinaDateTime.
import { z } from 'zod';

/**
 * An instant read from the database as a Date and sent as ISO text. The server's answer serializer
 * encodes the Date; the web derives the type it receives with `z.input` (a string).
 */
export const timestampSchema = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
