import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { ORIGIN, type TestApp, type TestClient } from '../../test/harness.ts';

/** Test helpers: real file bytes and a multipart upload through the real route. */

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** JPEG start-of-image and a JFIF header, then filler. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  randomBytes(256),
]);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const ELF_BYTES = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), randomBytes(120)]);
export const MZ_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), randomBytes(64)]);

export function multipartBody(file: { name: string; type: string; bytes: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----fp${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  );
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  t: TestApp,
  client: TestClient,
  file: { name: string; type?: string; bytes: Buffer },
  purpose?: string,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody({ type: 'application/octet-stream', ...file }, purpose ? { purpose } : {});
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: {
      host: 'portal.test',
      origin: ORIGIN,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': contentType,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
  });
}

/** Uploads a small PNG and answers its id. */
export async function uploadPng(t: TestApp, client: TestClient, purpose = 'LICENCE'): Promise<number> {
  const res = await upload(t, client, { name: `${purpose.toLowerCase()}.png`, type: 'image/png', bytes: PNG_1X1 }, purpose);
  const body = res.json();
  if (body.status !== 'OK') throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return body.message.id;
}
