// createApiClient({ consistency: true }) against a real HTTP server: the token of the latest write
// comes back on every later request (signed tokens whole), an older token never replaces a newer
// one, and without the option nothing is sent.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { listenLocally } from '@facet/test-support/net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSISTENCY_HEADER, createApiClient } from '../src/api/index.js';

let server: Server;
let origin: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.headers);
    // POST /api/v1/token/<lsn> answers with that token, like a write on a Facet server.
    const token = /^\/api\/v1\/token\/(.+)$/.exec(request.url ?? '')?.[1];
    if (request.method === 'POST' && token) response.setHeader(CONSISTENCY_HEADER, decodeURIComponent(token));
    response.setHeader('content-type', 'application/json');
    response.end('{}');
  });
  origin = await listenLocally(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sent = () => seen.at(-1)?.[CONSISTENCY_HEADER.toLowerCase()];

describe('createApiClient({ consistency: true })', () => {
  it('sends nothing before a write, then the latest write token on every request', async () => {
    const api = createApiClient({ origin, consistency: true });
    await api.get('/books');
    expect(sent()).toBeUndefined();
    await api.post(`/token/${encodeURIComponent('0/16B3748')}`);
    await api.get('/books');
    expect(sent()).toBe('0/16B3748');
    await api.post(`/token/${encodeURIComponent('1/A0')}`);
    await api.get('/books');
    expect(sent()).toBe('1/A0');
  });

  it('keeps the newest token when an older one arrives later (responses out of order)', async () => {
    const api = createApiClient({ origin, consistency: true });
    await api.post(`/token/${encodeURIComponent('2/10')}`);
    await api.post(`/token/${encodeURIComponent('1/FFFFFFFF')}`);
    await api.get('/books');
    expect(sent()).toBe('2/10');
  });

  it('orders signed tokens by their position and sends them back whole', async () => {
    const api = createApiClient({ origin, consistency: true });
    const newer = '2/10.zVq3Qm4K0cS9bG1nYwE8rA';
    await api.post(`/token/${encodeURIComponent(newer)}`);
    await api.post(`/token/${encodeURIComponent('1/FFFFFFFF.Aq3Qm4K0cS9bG1nYwE8rAz')}`);
    await api.get('/books');
    expect(sent()).toBe(newer);
    await api.post(`/token/${encodeURIComponent('2/11.B_q3Qm4K0cS9bG1nYwE8rA')}`);
    await api.get('/books');
    expect(sent()).toBe('2/11.B_q3Qm4K0cS9bG1nYwE8rA');
  });

  it('ignores a header that is not a WAL position, and sends nothing without the option', async () => {
    const api = createApiClient({ origin, consistency: true });
    await api.post(`/token/${encodeURIComponent('garbage')}`);
    await api.get('/books');
    expect(sent()).toBeUndefined();
    const plain = createApiClient({ origin });
    await plain.post(`/token/${encodeURIComponent('3/1')}`);
    await plain.get('/books');
    expect(sent()).toBeUndefined();
  });
});
