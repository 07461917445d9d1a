import { PDFObject } from '@signpdf/utils';

/**
 * @signpdf/placeholder-plain writes a text string of the signature dictionary (/Reason, /Location,
 * /Name) as UTF-16BE bytes held in a JavaScript "binary" string, then appends it with
 * `Buffer.from(string)` — UTF-8 — so every byte above 0x7F doubles and a Chinese reason reads as
 * garbage (upstream vbuch/node-signpdf#174, closed as wontfix). Here a non-ASCII text string is
 * written as a hex string instead — the same UTF-16BE text, in ASCII, which survives that append.
 * Installed once, on the one PDFObject that placeholder-plain calls.
 */
let installed = false;

export function writeUnicodeTextAsHex(): void {
  if (installed) return;
  installed = true;
  const convert = PDFObject.convert.bind(PDFObject);
  PDFObject.convert = (object: unknown, encryptFn?: unknown) => {
    if (object instanceof String && !encryptFn && /[^ -~\t\r\n]/.test(object.valueOf())) {
      return `<${Buffer.from(`\ufeff${object.valueOf()}`, 'utf16le').swap16().toString('hex')}>`;
    }
    return convert(object, encryptFn);
  };
}
