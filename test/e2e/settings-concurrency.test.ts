import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Streams, Subjects, decode, settingsChangedEventSchema, type SettingsChangedEvent } from '@erp/contracts';
import { graphql, rest, stackEnv } from '../support/env';
import { CAMINHO, corpoCompleto, empresaNova, obter, salvar } from './settings-helpers';

/** Concurrent saves of one company's settings (FerretDB loses compare-and-swap races: the save claims by insert). */
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(() => nc.close());

/** The company's settings-changed events as the stream keeps them (one per message id). */
async function eventos(companyId: string, esperados: number): Promise<SettingsChangedEvent[]> {
  const consumer = await jetstream(nc).consumers.get(Streams.settings.name);
  const recebidos: SettingsChangedEvent[] = [];
  const prazo = Date.now() + 15_000;
  // The consumer reads on from where it stopped: keep what was seen, stop once enough came and none is pending.
  while (Date.now() < prazo) {
    let aoDia = true;
    for await (const msg of await consumer.fetch({ max_messages: 10_000, expires: 1_000 })) {
      const evento = decode(Subjects.settingsChanged, settingsChangedEventSchema, msg.data);
      if (evento.companyId === companyId) recebidos.push(evento);
      aoDia = msg.info.pending === 0;
      if (aoDia) break;
    }
    if (aoDia && recebidos.length >= esperados) break;
  }
  return recebidos;
}

const putComVersao = (sessao: string, versao: number, body: unknown) =>
  rest('PUT', CAMINHO, { bearer: sessao, body, headers: { 'if-match': `"${versao}"` } });

describe('settings - concurrent saves', () => {
  it('settings - two admins saving the version they both read at once: exactly one wins, the other gets CONFLITO_DE_EDICAO', async () => {
    for (let rodada = 0; rodada < 4; rodada += 1) {
      const { companyId, admin } = await empresaNova('concorrencia');
      const outroAdmin = admin;
      await salvar(admin, corpoCompleto());
      const lido = await obter(admin);
      expect(lido.headers.get('etag')).toBe('"1"');
      const [a, b] = await Promise.all([
        putComVersao(admin, 1, corpoCompleto({ timeoutSegundos: 61 })),
        putComVersao(outroAdmin, 1, corpoCompleto({ timeoutSegundos: 62 })),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const [vencedor, perdedor] = a.status === 200 ? [a, b] : [b, a];
      expect(perdedor.body).toMatchObject({ sucesso: false, codigo: 'CONFLITO_DE_EDICAO' });
      expect(vencedor.body.dados.versao).toBe(2);
      // Nothing mixed: the stored settings are the winner's whole body.
      const agora = (await obter(admin)).body.dados;
      expect(agora.versao).toBe(2);
      expect(agora.timeoutSegundos).toBe(vencedor.body.dados.timeoutSegundos);
      // One event per version, the second one with the winner's settings.
      const recebidos = await eventos(companyId, 2);
      expect(recebidos.map((e) => e.versao)).toEqual([1, 2]);
      expect(recebidos[1].configuracao.timeoutSegundos).toBe(vencedor.body.dados.timeoutSegundos);
    }
  });

  it('settings - a save with a stale If-Match is refused; a malformed one is a 400 with its own code', async () => {
    const { admin } = await empresaNova('concorrencia');
    await salvar(admin, corpoCompleto());
    await salvar(admin, { timeoutSegundos: 70 });
    const velho = await putComVersao(admin, 1, corpoCompleto());
    expect(velho.status).toBe(409);
    expect(velho.body.codigo).toBe('CONFLITO_DE_EDICAO');
    const ruim = await rest('PUT', CAMINHO, { bearer: admin, body: corpoCompleto(), headers: { 'if-match': 'ontem' } });
    expect(ruim.status).toBe(400);
    expect(ruim.body.codigo).toBe('VERSAO_ESPERADA_INVALIDA');
    expect((await obter(admin)).body.dados.timeoutSegundos).toBe(70);
  });

  it('settings - saves without a precondition racing: each gets its own version, whole, and each version is announced once', async () => {
    const { companyId, admin } = await empresaNova('concorrencia');
    const corpos = [31, 32, 33, 34].map((timeoutSegundos) => corpoCompleto({ timeoutSegundos }));
    const respostas = await Promise.all(corpos.map((corpo) => salvar(admin, corpo)));
    const ok = respostas.filter((r) => r.status === 200);
    // Each either landed as a version of its own or was told so (never a silent loss).
    for (const r of respostas) expect([200, 409]).toContain(r.status);
    const versoes = ok.map((r) => r.body.dados.versao).sort();
    expect(versoes).toEqual(Array.from({ length: ok.length }, (_, i) => i + 1));
    const agora = (await obter(admin)).body.dados;
    expect(agora.versao).toBe(ok.length);
    const ultimo = ok.find((r) => r.body.dados.versao === ok.length)!;
    expect(agora.timeoutSegundos).toBe(ultimo.body.dados.timeoutSegundos);
    const recebidos = await eventos(companyId, ok.length);
    expect(recebidos.map((e) => e.versao)).toEqual(versoes);
    for (const evento of recebidos) {
      const resposta = ok.find((r) => r.body.dados.versao === evento.versao)!;
      expect(evento.configuracao.timeoutSegundos).toBe(resposta.body.dados.timeoutSegundos);
    }
  });

  it('settings - GraphQL versaoEsperada: the stale editor is refused with CONFLITO_DE_EDICAO', async () => {
    const { admin } = await empresaNova('concorrencia');
    const mutacao = 'mutation($e: ConfiguracaoFiscalEntrada!, $v: Int) { salvarConfiguracaoFiscal(entrada: $e, versaoEsperada: $v) { versao timeoutSegundos } }';
    const primeiro = await graphql(mutacao, { e: { timeoutSegundos: 40 }, v: 0 }, admin);
    expect(primeiro.data?.salvarConfiguracaoFiscal).toEqual({ versao: 1, timeoutSegundos: 40 });
    const atrasado = await graphql(mutacao, { e: { timeoutSegundos: 41 }, v: 0 }, admin);
    expect(atrasado.errors?.[0]?.extensions?.code).toBe('CONFLITO_DE_EDICAO');
    const sem = await graphql(mutacao, { e: { timeoutSegundos: 42 } }, admin);
    expect(sem.data?.salvarConfiguracaoFiscal).toEqual({ versao: 2, timeoutSegundos: 42 });
  });
});
