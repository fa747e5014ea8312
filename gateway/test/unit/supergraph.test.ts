import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@erp/kit';
import { composeSupergraph, CompositionError } from '../../src/supergraph';
import { upstreamFetch } from '../../src/upstream-fetch';

const log = createLogger('supergraph-test', 'silent');
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A subgraph stand-in answering each request with the next SDL (`silent`: no answer at all); `asked()` counts them. */
async function subgraph(answers: string[]): Promise<{ url: string; asked: () => number }> {
  let n = 0;
  const server = http.createServer((_request, response) => {
    const answer = answers[Math.min(n, answers.length - 1)];
    n += 1;
    if (answer === 'silent') return; // never answers: the client's timeout must end the request
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ data: { _service: { sdl: answer } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked: () => n };
}

describe('gateway - supergraph composition at start', () => {
  it('gateway - a subgraph that does not answer in time is asked again, through the one upstream client and its timeout', async () => {
    const ping = await subgraph(['silent', 'type Query { ping: String }']);
    const sdl = await composeSupergraph([{ name: 'ping', url: ping.url }], upstreamFetch(2, 200), log, 3);
    expect(sdl).toContain('ping: String');
    expect(ping.asked()).toBe(2);
  });

  it('gateway - a composition error stops at once (a CompositionError), without retrying', async () => {
    const a = await subgraph(['type Query { x: String }']);
    const b = await subgraph(['type Query { x: Int }']);
    await expect(composeSupergraph([{ name: 'a', url: a.url }, { name: 'b', url: b.url }], upstreamFetch(2, 200), log, 30)).rejects.toBeInstanceOf(CompositionError);
    expect([a.asked(), b.asked()]).toEqual([1, 1]);
  });

  it('gateway - a subgraph still silent after every attempt fails the start', async () => {
    const ping = await subgraph(['silent']);
    await expect(composeSupergraph([{ name: 'ping', url: ping.url }], upstreamFetch(2, 100), log, 2)).rejects.toThrow();
    expect(ping.asked()).toBe(2);
  });
});
