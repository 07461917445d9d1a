import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PREFIX,
  MALFORMED_RESPONSE_MESSAGE,
  NO_RESPONSE_MESSAGE,
  STATUS_TEXTS,
  TOAST_SECONDS,
  apiUrl,
  configureRequest,
  isRequestFailure,
  messageKind,
  pageParams,
  request,
  unwrap,
  type Envelope,
  type RequestFailure,
} from './request.ts';

const fetchMock = vi.fn<typeof fetch>();
const hooks = { onUnauthorized: vi.fn(), onForbidden: vi.fn(), notify: vi.fn() };

function reply(status: number, body: unknown, statusText = ''): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

async function failure(p: Promise<unknown>): Promise<RequestFailure> {
  try {
    await p;
  } catch (e) {
    return e as RequestFailure;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(reply(200, { status: 'OK', message: 'done' }));
  vi.stubGlobal('fetch', fetchMock);
  for (const h of Object.values(hooks)) h.mockReset();
  configureRequest(hooks);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('URL', () => {
  it('puts relative paths under /api', async () => {
    await request('/system/version');
    expect(lastCall().url).toBe('/api/system/version');
    await request('initcfg');
    expect(lastCall().url).toBe('/api/initcfg');
  });

  it('leaves prefixed and absolute URLs alone', async () => {
    await request('/api/system/version');
    expect(lastCall().url).toBe('/api/system/version');
    await request('https://example.test/x');
    expect(lastCall().url).toBe('https://example.test/x');
    expect(apiUrl('//cdn.test/a')).toBe('//cdn.test/a');
    expect(apiUrl('/api')).toBe('/api');
    expect(apiUrl('/apis/x')).toBe('/api/apis/x');
    expect(API_PREFIX).toBe('/api');
  });
});

describe('every call', () => {
  it('includes credentials and the XMLHttpRequest marker', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      await request('/x', { method, headers: { 'x-requested-with': 'other' } });
      const { init, headers } = lastCall();
      expect(init.method).toBe(method);
      expect(init.credentials).toBe('include');
      expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
      expect(Object.keys(headers).filter((k) => k.toLowerCase() === 'x-requested-with')).toHaveLength(1);
    }
  });

  it('passes the abort signal through', async () => {
    const controller = new AbortController();
    await request('/x', { signal: controller.signal });
    expect(lastCall().init.signal).toBe(controller.signal);
  });
});

describe('GET', () => {
  it('puts data in the query string, skipping undefined and null', async () => {
    await request('/area/queryCity', { data: { provinceId: 11, name: '北京 市', skip: undefined, none: null, ids: [1, 2] } });
    const { url, init } = lastCall();
    expect(url).toBe('/api/area/queryCity?provinceId=11&name=%E5%8C%97%E4%BA%AC+%E5%B8%82&ids=1&ids=2');
    expect(init.body).toBeUndefined();
  });

  it('appends to an existing query string', async () => {
    await request('/x?a=1', { data: { b: 2 } });
    expect(lastCall().url).toBe('/api/x?a=1&b=2');
  });

  it('sends Accept: application/json only when no headers were passed', async () => {
    await request('/x');
    expect(lastCall().headers.Accept).toBe('application/json');
    await request('/x', { headers: {} });
    expect(lastCall().headers.Accept).toBe('application/json');
    await request('/x', { headers: { 'X-Custom': '1' } });
    expect(lastCall().headers.Accept).toBeUndefined();
    expect(lastCall().headers['X-Custom']).toBe('1');
  });

  it('DELETE also uses the query string and no Accept default', async () => {
    await request('/x', { method: 'DELETE', data: { id: 3 } });
    expect(lastCall().url).toBe('/api/x?id=3');
    expect(lastCall().init.body).toBeUndefined();
    expect(lastCall().headers.Accept).toBeUndefined();
  });
});

describe('POST / PUT bodies', () => {
  it('form-encodes by default, skipping undefined and null', async () => {
    await request('/login', { method: 'POST', data: { username: 'a b', password: 'p&q', loginType: 1, x: undefined, y: null } });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/login');
    expect(headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(init.body).toBe('username=a+b&password=p%26q&loginType=1');
    expect(new URLSearchParams(init.body as string).get('password')).toBe('p&q');
    expect(headers.Accept).toBeUndefined();
  });

  it('PUT is form-encoded too', async () => {
    await request('/x', { method: 'PUT', data: { a: 1 } });
    expect(lastCall().headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(lastCall().init.body).toBe('a=1');
  });

  it('sends JSON with json: true', async () => {
    await request('/reg/email', { method: 'POST', json: true, data: { email: 'a@b.c', n: 1 } });
    const { init, headers } = lastCall();
    expect(headers['Content-Type']).toMatch(/^application\/json/);
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@b.c', n: 1 });
  });

  it('sends FormData as multipart without setting a content type', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await request('/upload', { method: 'POST', data: form });
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')).toBe(false);
  });

  it('keeps a caller-supplied content type', async () => {
    await request('/x', { method: 'POST', data: { a: 1 }, headers: { 'Content-Type': 'text/plain' } });
    expect(lastCall().headers['Content-Type']).toBe('text/plain');
  });

  it('sends no body when there is no data', async () => {
    await request('/logout', { method: 'POST' });
    expect(lastCall().init.body).toBeUndefined();
  });
});

describe('2xx', () => {
  it('resolves with the envelope', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { status: 'OK', message: { items: [1], totalCount: 1 } }));
    await expect(request('/x')).resolves.toEqual({ status: 'OK', message: { items: [1], totalCount: 1 } });
  });

  it('resolves (does not reject) an ERROR envelope', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { status: 'ERROR', message: '余额不足' }));
    await expect(request('/x')).resolves.toEqual({ status: 'ERROR', message: '余额不足' });
    expect(hooks.notify).not.toHaveBeenCalled();
  });

  it('resolves an empty body as OK with a null message', async () => {
    fetchMock.mockResolvedValueOnce(reply(204, ''));
    await expect(request('/x', { method: 'DELETE' })).resolves.toEqual({ status: 'OK', message: null });
  });

  it('rejects and notifies a body that is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, '<!doctype html><html></html>'));
    const f = await failure(request('/x'));
    expect(f).toEqual({ success: false, status: 200, message: MALFORMED_RESPONSE_MESSAGE, url: '/api/x' });
    expect(hooks.notify).toHaveBeenCalledWith('request error 200: /api/x', MALFORMED_RESPONSE_MESSAGE);
  });
});

describe('non-2xx', () => {
  it('401: login mask, no notification, rejects', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, { status: 'ERROR', message: '请先登录' }));
    const f = await failure(request('/credit/querywillexpire'));
    expect(f).toEqual({ success: false, status: 401, message: '请先登录', url: '/api/credit/querywillexpire' });
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hooks.onForbidden).not.toHaveBeenCalled();
    expect(hooks.notify).not.toHaveBeenCalled();
  });

  it('403: forbidden page, no notification, rejects', async () => {
    fetchMock.mockResolvedValueOnce(reply(403, ''));
    const f = await failure(request('/x'));
    expect(f).toMatchObject({ success: false, status: 403, message: STATUS_TEXTS[403] });
    expect(hooks.onForbidden).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(hooks.notify).not.toHaveBeenCalled();
  });

  it.each([404, 410, 413, 418, 421, 500, 501, 502, 503, 504])('%i: no notification, rejects', async (status) => {
    fetchMock.mockResolvedValueOnce(reply(status, { status: 'ERROR', message: `m${status}` }));
    const f = await failure(request('/x'));
    expect(f).toEqual({ success: false, status, message: `m${status}`, url: '/api/x' });
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(hooks.onForbidden).not.toHaveBeenCalled();
  });

  it.each([400, 402, 422, 429, 505, 507, 302])('%i: notification "request error {status}: {url}", rejects', async (status) => {
    fetchMock.mockResolvedValueOnce(reply(status, { status: 'ERROR', message: `m${status}` }));
    const f = await failure(request('/x', { data: { a: 1 } }));
    expect(f).toEqual({ success: false, status, message: `m${status}`, url: '/api/x?a=1' });
    expect(hooks.notify).toHaveBeenCalledWith(`request error ${status}: /api/x?a=1`, `m${status}`);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(hooks.onForbidden).not.toHaveBeenCalled();
  });

  it('uses the server message, else the standard text, else the status text', async () => {
    fetchMock.mockResolvedValueOnce(reply(400, { status: 'ERROR', message: '请求参数不正确：name' }, 'Bad Request'));
    expect((await failure(request('/x'))).message).toBe('请求参数不正确：name');

    fetchMock.mockResolvedValueOnce(reply(400, { status: 'ERROR' }, 'Bad Request'));
    expect((await failure(request('/x'))).message).toBe('发出的请求有错误，服务器没有进行新建或修改数据的操作。');

    fetchMock.mockResolvedValueOnce(reply(500, 'Internal failure (not JSON)', 'Internal Server Error'));
    expect((await failure(request('/x'))).message).toBe('服务器发生错误，请检查服务器。');

    fetchMock.mockResolvedValueOnce(reply(429, { message: '' }, 'Too Many Requests'));
    expect((await failure(request('/x'))).message).toBe('Too Many Requests');
    expect(hooks.notify).toHaveBeenLastCalledWith('request error 429: /api/x', 'Too Many Requests');

    fetchMock.mockResolvedValueOnce(reply(418, '', ''));
    expect((await failure(request('/x'))).message).toBe('请求失败（418）');
  });

  it('has the SPEC §8 standard texts', () => {
    expect(Object.keys(STATUS_TEXTS).map(Number)).toEqual([200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504]);
    expect(STATUS_TEXTS[401]).toBe('用户没有权限（令牌、用户名、密码错误）。');
    expect(STATUS_TEXTS[404]).toBe('发出的请求针对的是不存在的记录，服务器没有进行操作。');
    expect(STATUS_TEXTS[502]).toBe('网关错误。');
    expect(STATUS_TEXTS[503]).toBe('服务不可用，服务器暂时过载或维护。');
    expect(STATUS_TEXTS[504]).toBe('网关超时。');
  });
});

describe('no response', () => {
  it('rejects with "service unavailable" and no side effects', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const f = await failure(request('/x'));
    expect(f).toEqual({ success: false, message: NO_RESPONSE_MESSAGE, url: '/api/x' });
    expect(NO_RESPONSE_MESSAGE).toBe('服务不可用，请稍后重试');
    expect(f.status).toBeUndefined();
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(isRequestFailure(f)).toBe(true);
  });

  it('rethrows an abort as is', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValueOnce(abort);
    await expect(request('/x', { signal: controller.signal })).rejects.toBe(abort);
    fetchMock.mockRejectedValueOnce(abort);
    await expect(request('/x')).rejects.toBe(abort);
  });
});

describe('before configureRequest', () => {
  it('failures only reject', async () => {
    vi.resetModules();
    const fresh = await import('./request.ts');
    fetchMock.mockResolvedValueOnce(reply(401, ''));
    await expect(fresh.request('/x')).rejects.toMatchObject({ success: false, status: 401 });
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('isRequestFailure recognises failures only', () => {
    expect(isRequestFailure({ success: false, message: 'x', url: '/api/x' })).toBe(true);
    expect(isRequestFailure({ success: true, message: 'x' })).toBe(false);
    expect(isRequestFailure(new Error('x'))).toBe(false);
    expect(isRequestFailure(null)).toBe(false);
    expect(isRequestFailure('x')).toBe(false);
  });

  it('unwrap returns the message of OK / WARN / WARNING and throws on ERROR', () => {
    expect(unwrap({ status: 'OK', message: 5 })).toBe(5);
    expect(unwrap({ status: 'WARN', message: 'w' })).toBe('w');
    expect(unwrap({ status: 'WARNING', message: ['w'] })).toEqual(['w']);
    let thrown: unknown;
    try {
      unwrap({ status: 'ERROR', message: '余额不足' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toEqual({ success: false, message: '余额不足', url: '' });
    expect(isRequestFailure(thrown)).toBe(true);
    expect(() => unwrap({ status: 'ERROR', message: 42 } as Envelope<unknown>)).toThrow('42');
    expect(() => unwrap({ status: 'ERROR', message: null })).toThrow('操作失败');
  });

  it('messageKind maps statuses to toast kinds', () => {
    expect(messageKind({ status: 'OK', message: null })).toBe('success');
    expect(messageKind({ status: 'ERROR', message: null })).toBe('error');
    expect(messageKind({ status: 'WARN', message: null })).toBe('warning');
    expect(messageKind({ status: 'WARNING', message: null })).toBe('warning');
    expect(TOAST_SECONDS).toBe(3);
  });

  it('pageParams maps current / pageSize to page / size with defaults', () => {
    expect(pageParams({ current: 3, pageSize: 20 })).toEqual({ page: 3, size: 20 });
    expect(pageParams({})).toEqual({ page: 1, size: 10 });
    expect(pageParams({ current: 0, pageSize: Number.NaN })).toEqual({ page: 1, size: 10 });
  });
});
