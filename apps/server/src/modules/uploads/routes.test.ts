import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { createTestApp, ORIGIN, type TestApp } from '../../test/harness.ts';
import { MALFORMED_UPLOAD } from './receive.ts';
import { ELF_BYTES, JPEG_BYTES, MZ_BYTES, PDF_BYTES, PNG_1X1, upload } from './testing.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fp-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const filesOnDisk = () => {
  const root = path.join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
};

describe('POST /api/uploads', () => {
  it('stores a PNG under a generated name with its size, sniffed type and SHA-256', async () => {
    const c = await t.loginAs('xinqiye');
    const res = await upload(t, c, { name: '营业执照.png', type: 'image/png', bytes: PNG_1X1 }, 'LICENCE');
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe('OK');
    expect(body.message).toMatchObject({ originalName: '营业执照.png', size: PNG_1X1.length, mimeType: 'image/png', purpose: 'LICENCE' });
    expect(body.message.sha256).toBe(createHash('sha256').update(PNG_1X1).digest('hex'));
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.message.id));
    expect(row.storedName).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(row.storedName).not.toContain('营业执照');
    expect(filesOnDisk()).toContain(path.basename(row.storedName));
  });

  it('recognises JPEG and PDF by their content whatever the name says', async () => {
    const c = await t.loginAs('xinqiye');
    const jpg = (await upload(t, c, { name: 'scan.pdf', type: 'application/pdf', bytes: JPEG_BYTES })).json();
    expect(jpg.message.mimeType).toBe('image/jpeg');
    const pdf = (await upload(t, c, { name: 'licence.jpg', type: 'image/jpeg', bytes: PDF_BYTES })).json();
    expect(pdf.message.mimeType).toBe('application/pdf');
  });

  it('refuses an ELF or Windows executable renamed .png, and stores nothing', async () => {
    const c = await t.loginAs('xinqiye');
    const before = filesOnDisk().length;
    const rowsBefore = await t.database.db.$count(uploads);
    for (const bytes of [ELF_BYTES, MZ_BYTES]) {
      const res = await upload(t, c, { name: 'licence.png', type: 'image/png', bytes });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ERROR', message: '不允许上传可执行文件，请上传 JPG、PNG 或 PDF 格式的文件' });
    }
    expect(filesOnDisk().length).toBe(before);
    expect(await t.database.db.$count(uploads)).toBe(rowsBefore);
  });

  it('refuses other content (HTML, text) named as an image', async () => {
    const c = await t.loginAs('xinqiye');
    const res = await upload(t, c, { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('<html><script>alert(1)</script></html>') });
    expect(res.json().status).toBe('ERROR');
    expect(res.json().message).toContain('不是 JPG、PNG 或 PDF');
  });

  it('answers 413 beyond 5 MB and keeps nothing', async () => {
    const c = await t.loginAs('xinqiye');
    const before = filesOnDisk().length;
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(t, c, { name: 'big.png', type: 'image/png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'ERROR', message: '文件大小不能超过 5 MB，请压缩后重新上传' });
    expect(filesOnDisk().length).toBe(before);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const c = await t.loginAs('xinqiye');
    const exact = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 - PNG_1X1.length)]);
    const res = await upload(t, c, { name: 'exact.png', type: 'image/png', bytes: exact });
    expect(res.json().message.size).toBe(5 * 1024 * 1024);
  });

  it('needs a login', async () => {
    const res = await upload(t, t.client(), { name: 'a.png', type: 'image/png', bytes: PNG_1X1 });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/uploads/:id', () => {
  it('serves the file to its own enterprise with the sniffed type, and to operators', async () => {
    const owner = await t.loginAs('xinqiye');
    const id = (await upload(t, owner, { name: '身份证正面.png', type: 'image/png', bytes: PNG_1X1 })).json().message.id;
    const mine = await owner.get(`/api/uploads/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('身份证正面.png')}`);
    expect(mine.rawPayload.equals(PNG_1X1)).toBe(true);
    const operator = await t.loginAs('operator');
    const seen = await operator.get(`/api/uploads/${id}`, { download: '1' });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers 404 to another enterprise, exactly as for a missing id', async () => {
    const owner = await t.loginAs('xinqiye');
    const id = (await upload(t, owner, { name: 'a.png', type: 'image/png', bytes: PNG_1X1 })).json().message.id;
    const other = await t.loginAs('demo');
    const foreign = await other.get(`/api/uploads/${id}`);
    const missing = await other.get('/api/uploads/999999');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});

/** Issue 21 item 6: a malformed multipart body is the client's fault — 400 with a Chinese message, never 500. */
describe('malformed multipart bodies', () => {
  const post = (cookie: string, contentType: string, payload: Buffer | string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { host: 'portal.test', origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType, cookie },
    });
  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${PNG_1X1.toString('latin1')}`;

  it.each([
    ['no boundary', 'multipart/form-data', part('x') + '\r\n--x--\r\n'],
    [
      'a 300-character boundary',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      `${part('b'.repeat(300))}\r\n--${'b'.repeat(300)}--\r\n`,
    ],
    ['a part without its closing boundary', 'multipart/form-data; boundary=fpmissing', part('fpmissing')],
    ['a part cut inside its headers', 'multipart/form-data; boundary=fpcut', '--fpcut\r\nContent-Disposition: form-da'],
    [
      'a field named __proto__',
      'multipart/form-data; boundary=fpp',
      '--fpp\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--fpp--\r\n',
    ],
  ])('answers 400 with a Chinese message to %s, and stores nothing', async (_case, contentType, payload) => {
    const c = await t.loginAs('xinqiye');
    const before = filesOnDisk().length;
    const rowsBefore = await t.database.db.$count(uploads);
    const res = await post(c.cookie!, contentType, Buffer.from(payload, 'latin1'));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ status: 'ERROR', message: MALFORMED_UPLOAD });
    expect(filesOnDisk().length).toBe(before);
    expect(await t.database.db.$count(uploads)).toBe(rowsBefore);
  });
});
