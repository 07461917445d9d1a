import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { latestMail, register, tokenIn } from '../account/testing.ts';

/** A real SMTP peer on loopback that keeps what it receives. */
async function startSmtp() {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const waiting: ((m: (typeof received)[number]) => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        waiting.splice(0).forEach((w) => w(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: () => new Promise<(typeof received)[number]>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a MIME message's parts, decoded from base64 or quoted-printable. */
function mimeText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    })
    .join('\n');
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Portal <no-reply@portal.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the activation mail to a real SMTP server; its link activates the account', async () => {
    const c = t.client();
    const arrived = smtp.next();
    const { body, sent } = await register(t, c, { password: 'ViaSmtp123' });
    expect(body.status).toBe('OK');
    const mail = await arrived;
    expect(mail.to).toEqual([sent.email]);
    expect(mail.from).toBe('no-reply@portal.test');
    const text = mimeText(mail.raw);
    expect(text).toContain('请在 24 小时内点击以下链接激活账户');
    const token = tokenIn(text, '/trade/activate');
    expect((await c.post('/api/reg/activate', { token })).json().status).toBe('OK');
    expect((await c.login(sent.loginName as string, 'ViaSmtp123')).json().status).toBe('OK');
    // Sent mail does not stay in the local outbox.
    expect(await latestMail(t, sent.email as string, { timeoutMs: 0 })).toBeNull();
  });

  it('delivers the reset mail; its link resets the password', async () => {
    const c = t.client();
    const activation = smtp.next();
    const { sent } = await register(t, c, { password: 'ViaSmtp123' });
    await c.post('/api/reg/activate', { token: tokenIn(mimeText((await activation).raw), '/trade/activate') });
    const arrived = smtp.next();
    expect((await c.post('/api/reg/forgetPwd', { account: sent.email }, { json: true })).json().status).toBe('OK');
    const token = tokenIn(mimeText((await arrived).raw), '/trade/resetpwd');
    expect(
      (await c.post('/api/reg/resetPwd', { token, password: t.encrypt('Reset1234'), confirmPassword: t.encrypt('Reset1234') })).json()
        .status,
    ).toBe('OK');
    expect((await c.login(sent.loginName as string, 'Reset1234')).json().status).toBe('OK');
  });
});

describe('SMTP that refuses', () => {
  it('keeps the mail in the outbox as FAILED with the reason, and registration still succeeds', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const { body, sent } = await register(t, t.client());
      expect(body.status).toBe('OK');
      const kept = await latestMail(t, sent.email as string);
      expect(kept).toMatchObject({ status: 'FAILED' });
      expect(kept!.error).toBeTruthy();
      expect(kept!.body).toContain('/trade/activate?token=');
    } finally {
      await t.close();
    }
  });
});

describe('the outbox without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is readable by operators only, newest first, paged', async () => {
    const { sent } = await register(t, t.client());
    await register(t, t.client());
    const operator = await t.loginAs('operator');
    const res = (await operator.get('/api/bpm/outbox', { page: 1, size: 1 })).json();
    expect(res.status).toBe('OK');
    expect(res.message.totalCount).toBeGreaterThanOrEqual(2);
    expect(res.message.items).toHaveLength(1);
    const second = (await operator.get('/api/bpm/outbox', { page: 2, size: 1 })).json().message.items[0];
    expect(second).toMatchObject({ toAddress: sent.email, status: 'LOCAL', subject: '【鑫链保理】请激活您的账户' });
    expect(second.body).toMatch(/\/trade\/activate\?token=/);

    expect((await (await t.loginAs('demo')).get('/api/bpm/outbox')).statusCode).toBe(403);
    expect((await t.client().get('/api/bpm/outbox')).statusCode).toBe(401);
  });
});
