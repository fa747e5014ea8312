import { Response } from 'node-fetch';
import { SubgraphDataSource } from '../../src/subgraph-source';

const source = new SubgraphDataSource({ url: 'http://127.0.0.1:1/graphql' });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('gateway - subgraph refusals', () => {
  it('gateway - keeps the message and code of a subgraph 400', async () => {
    const error = await source.errorFromResponse(
      json(400, { errors: [{ message: 'data inválida', extensions: { code: 'BAD_USER_INPUT', stacktrace: ['x'] } }] }),
    );
    expect(error.message).toBe('data inválida');
    expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  it('gateway - never exposes the subgraph URL or body of an unexpected answer', async () => {
    const error = await source.errorFromResponse(new Response('<html>boom</html>', { status: 502 }));
    expect(error.extensions).toEqual({ code: 'ERRO_INTERNO' });
    expect(JSON.stringify(error)).not.toContain('127.0.0.1');
  });
});
