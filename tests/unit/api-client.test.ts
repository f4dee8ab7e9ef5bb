import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, apiCall, ApiError, apiUrl, setUnauthorizedHook } from '../../src/lib/api';
import type { BalanceSchema } from '../../contracts/wallet';

/** The site's API client on ofetch (src/lib/api.ts): what it sends and how it reads answers; fetch is stubbed (the network is the boundary). */
const calls: Array<{ url: string; init: RequestInit }> = [];
function answer(status: number, body: string | undefined, type = 'application/json') {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body ?? null, { status, headers: body === undefined ? {} : { 'content-type': type } });
  });
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  calls.length = 0;
  setUnauthorizedHook(() => {});
});

describe('api client', () => {
  it('builds URLs under the base with the query (undefined left out, arrays repeated)', () => {
    expect(apiUrl('/balance')).toBe('/api/balance');
    expect(apiUrl('get-bet-history', { page: 2, languageCode: 'ja', x: undefined, tag: ['a', 'b'] })).toBe(
      '/api/get-bet-history?page=2&languageCode=ja&tag=a&tag=b',
    );
    expect(apiUrl('/q', { s: 'a b&c' })).toBe('/api/q?s=a+b%26c');
  });

  it('sends the CHANNEL header, cookies and a JSON body, and answers the JSON it got', async () => {
    answer(200, JSON.stringify({ balance: 5 }));
    const data = await apiCall<typeof BalanceSchema>('/house/play', { method: 'POST', body: { bet: 1 } });
    expect(data).toEqual({ balance: 5 });
    const { url, init } = calls[0];
    expect(url).toBe('/api/house/play');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"bet":1}');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('channel')).toBe('WEB');
  });

  it('turns an error answer into its catalogue code (with until), and an unreadable one into TECHNICAL_ERROR', async () => {
    answer(403, JSON.stringify({ code: 'PHONE_NUMBER_NOT_VERIFIED' }));
    await expect(apiCall('/launchgame')).rejects.toMatchObject({ code: 'PHONE_NUMBER_NOT_VERIFIED', status: 403, until: undefined });
    answer(403, JSON.stringify({ code: 'PLAY_BREAK_ACTIVE', until: '2030-01-01T00:00:00.000Z' }));
    await expect(apiCall('/house/play')).rejects.toMatchObject({
      code: 'PLAY_BREAK_ACTIVE',
      displayCode: 'PLAY_BREAK_ACTIVE',
      until: '2030-01-01T00:00:00.000Z',
    });
    answer(418, JSON.stringify({ code: 'SOMETHING_NEW' }));
    await expect(apiCall('/balance')).rejects.toMatchObject({ code: 'SOMETHING_NEW', displayCode: 'TECHNICAL_ERROR' });
    answer(500, JSON.stringify({ code: 7 }));
    await expect(apiCall('/balance')).rejects.toMatchObject({ code: 'TECHNICAL_ERROR', status: 500 });
    answer(502, '<html>bad gateway</html>', 'text/html');
    await expect(apiCall('/balance')).rejects.toMatchObject({ code: 'TECHNICAL_ERROR', status: 502 });
    // A success status with a body that is not a JSON object or array: a proxy's page, a cut-off answer.
    answer(200, '<html>captive portal</html>', 'text/html');
    await expect(apiCall('/balance')).rejects.toMatchObject({ code: 'TECHNICAL_ERROR', status: 200 });
    answer(200, '{"balance": 1');
    await expect(apiCall('/balance')).rejects.toMatchObject({ code: 'TECHNICAL_ERROR', status: 200 });
    answer(200, '"text"');
    await expect(apiCall('/balance')).rejects.toMatchObject({ code: 'TECHNICAL_ERROR', status: 200 });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await apiCall('/balance').catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(ApiError);
    expect(offline).toMatchObject({ code: 'TECHNICAL_ERROR', status: 0 });
  });

  it('reports a 401 of a query to the session layer, not of a mutation', async () => {
    const hook = vi.fn();
    setUnauthorizedHook(hook);
    answer(401, JSON.stringify({ code: 'UNAUTHORIZED' }));
    await expect(apiCall('/signin', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(hook).not.toHaveBeenCalled();
    await expect(apiCall('/balance', { isQuery: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('reads an empty answer (204) as an empty object', async () => {
    answer(204, undefined);
    expect(await apiCall('/signout', { method: 'POST' })).toEqual({});
  });

  it('asks a query again once when the server fails or the network drops, never a mutation, never for a 4xx', async () => {
    answer(503, JSON.stringify({ code: 'TECHNICAL_ERROR' }));
    await expect(apiCall('/balance', { isQuery: true })).rejects.toMatchObject({ code: 'TECHNICAL_ERROR', status: 503 });
    expect(calls).toHaveLength(2);
    calls.length = 0;
    await expect(apiCall('/house/play', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
    calls.length = 0;
    answer(429, JSON.stringify({ code: 'RATE_LIMITED' }));
    await expect(apiCall('/balance', { isQuery: true })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(calls).toHaveLength(1);
    let tries = 0;
    vi.stubGlobal('fetch', async () => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ balance: 3 }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expect(await apiCall('/balance', { isQuery: true })).toEqual({ balance: 3 });
    expect(tries).toBe(2);
  });

  it(`ends a call with no answer in the technical error after ${API_TIMEOUT_MS / 1000} s, without asking again`, async () => {
    vi.useFakeTimers();
    let tries = 0;
    // A server that never answers: the request only ends when its signal aborts.
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      tries += 1;
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    });
    let settled: unknown = 'pending';
    const call = apiCall('/balance', { isQuery: true }).catch((e: unknown) => e);
    void call.then((e) => (settled = e));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TECHNICAL_ERROR', status: 0 });
    expect(tries).toBe(1);
  });
});
