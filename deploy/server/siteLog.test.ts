import { PassThrough } from 'node:stream';
import { createSite } from './staticSite';
import { createSiteFixture } from './testing/siteFixture';

/** The JSON lines a stream received. */
function linesOf(stream: PassThrough): Array<Record<string, unknown>> {
  const text = (stream.read() as Buffer | null)?.toString() ?? '';
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

it('logs each request and its answer as JSON lines under one request id, the one the client sent or a new UUID', async () => {
  const fixture = createSiteFixture();
  const stream = new PassThrough();
  const app = await createSite({ root: fixture.root, spaFallback: true, log: { level: 'info', stream } });
  try {
    await app.inject({ method: 'GET', url: '/missing.js', headers: { 'x-request-id': 'abc-123' } });
    await app.inject({ method: 'GET', url: '/' });
    const lines = linesOf(stream);
    const first = lines.filter((l) => l.reqId === 'abc-123');
    expect(first.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(first[0]).toMatchObject({ service: 'fable-site', req: { method: 'GET', url: '/missing.js' } });
    expect(first[1]).toMatchObject({ res: { statusCode: 404 }, responseTime: expect.any(Number) });
    expect(typeof first[1]!.time).toBe('string');
    const second = lines.filter((l) => l.reqId !== 'abc-123');
    expect(second).toHaveLength(2);
    expect(second[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second[1]).toMatchObject({ res: { statusCode: 200 } });
  } finally {
    await app.close();
    fixture.remove();
  }
});

it('logs nothing by default outside production', async () => {
  const fixture = createSiteFixture();
  const stream = new PassThrough();
  const app = await createSite({ root: fixture.root, log: { stream } });
  try {
    await app.inject({ method: 'GET', url: '/missing.js' });
    expect(linesOf(stream)).toEqual([]);
  } finally {
    await app.close();
    fixture.remove();
  }
});
