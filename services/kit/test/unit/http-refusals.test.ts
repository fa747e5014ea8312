import { Refusal } from '@erp/contracts';
import { createHttpApp, createLogger } from '../../src';

describe('kit http - refusals that tell when to come back', () => {
  it('kit http - every 503 carries Retry-After (5 s unless set), a refusal with tenteNovamenteEmSegundos its own', async () => {
    const app = createHttpApp({ log: createLogger('kit-test', 'silent'), readiness: [] });
    app.get('/down', async () => {
      throw new Refusal('SERVICO_INDISPONIVEL', 'configuração fiscal indisponível', { status: 503 });
    });
    app.get('/own', async (_request, reply) => {
      reply.header('retry-after', '2');
      throw new Refusal('SERVICO_INDISPONIVEL', 'x', { status: 503 });
    });
    app.get('/busy', async () => {
      throw new Refusal('CONSULTAS_SIMULTANEAS_DEMAIS', 'x', { status: 429, extra: { tenteNovamenteEmSegundos: 1 } });
    });
    app.get('/bad', async () => {
      throw new Refusal('CORPO_INVALIDO', 'x');
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const retryAfter = async (url: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      await response.arrayBuffer();
      return [response.status, response.headers.get('retry-after')];
    };
    expect([await retryAfter('/down'), await retryAfter('/own'), await retryAfter('/busy'), await retryAfter('/bad')]).toEqual([
      [503, '5'],
      [503, '2'],
      [429, '1'],
      [400, null],
    ]);
    await app.close();
  });
});
