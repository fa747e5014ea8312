import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Streams, Subjects, contaPagarSolicitadaSchema, decode, type ContaPagarSolicitada } from '@erp/contracts';
import { graphql, newCompanyId, rest, sessionFor } from '../support/env';
import { corpoCompleto } from './settings-helpers';

export const SIMULACOES = '/api/erp/faturamento/impostos/simulacoes';

export const CAMPOS_SIMULACAO = `
  id tipoDocumento regime dataOperacao valor totalDevido cargaEfetiva completo criadaEm provisionada
  pendentesDeVencimento avisos premissas comparacaoId
  linhas { tributo base aliquota valor informativo vencimento fundamento naoCalculavel motivo }
  titulos { id tributo periodo valor contribuicao versao vencimento competencia credor codigoReceita }
  partilhaDas { tributo aliquota valor residuo }
`;

/** A fresh company (nothing saved in its fiscal settings) with an admin and a plain user session. */
export async function empresaNova(label = 'imp') {
  const companyId = newCompanyId(label);
  return { companyId, admin: await sessionFor(companyId, 'admin'), usuario: await sessionFor(companyId, 'user') };
}

/** A company whose fiscal settings name its regime, UF and DAS rate (the simulation defaults). */
export async function empresaConfigurada(empresa: { regimeTributario: string; uf: string; aliquotaDas: number | null }, label = 'imp-cfg') {
  const nova = await empresaNova(label);
  const base = corpoCompleto();
  const put = await rest('PUT', '/api/erp/faturamento/configuracao', {
    bearer: nova.admin,
    body: { ...base, empresa: { ...base.empresa, ...empresa } },
  });
  if (put.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(put.body)}`);
  return nova;
}

export async function simular(sessao: string, input: Record<string, unknown>) {
  return graphql(`mutation ($input: SimularImpostosInput!) { simularImpostos(input: $input) { ${CAMPOS_SIMULACAO} } }`, { input }, sessao);
}

export async function provisionar(sessao: string, simulacaoId: string) {
  return graphql(`mutation ($id: ID!) { provisionarImpostos(simulacaoId: $id) { ${CAMPOS_SIMULACAO} } }`, { id: simulacaoId }, sessao);
}

export interface MensagemFinanceira {
  msgId: string | undefined;
  evento: ContaPagarSolicitada;
}

/**
 * The finance requests the FINANCE stream keeps of one simulation (by its id) or of those a predicate picks, read from
 * the start with a fresh ordered consumer (the stream holds `finance.v1.>`; other subjects would fail the contract
 * decode and the test).
 */
export async function lerMensagens(nc: NatsConnection, filtro: string | ((evento: ContaPagarSolicitada) => boolean)): Promise<MensagemFinanceira[]> {
  const escolhe = typeof filtro === 'string' ? (evento: ContaPagarSolicitada) => evento.simulacaoId === filtro : filtro;
  const consumer = await jetstream(nc).consumers.get(Streams.finance.name);
  const mensagens: MensagemFinanceira[] = [];
  if ((await consumer.info()).num_pending === 0) return mensagens;
  for (;;) {
    let ultimoPendente = 0;
    let lidas = 0;
    for await (const msg of await consumer.fetch({ max_messages: 1_000, expires: 1_000 })) {
      lidas += 1;
      ultimoPendente = msg.info.pending;
      const evento = decode(Subjects.contaPagarSolicitada, contaPagarSolicitadaSchema, msg.data);
      if (escolhe(evento)) mensagens.push({ msgId: msg.headers?.get('Nats-Msg-Id'), evento });
      if (msg.info.pending === 0) break;
    }
    if (lidas === 0 || ultimoPendente === 0) return mensagens;
  }
}

/**
 * The stream's messages of a simulation (or a predicate) once `esperadas` arrived, read again after the outbox relay
 * had time for more passes (its interval is 2 s): a duplicate published late would show in the second read.
 */
export async function mensagensAssentadas(
  nc: NatsConnection,
  filtro: string | ((evento: ContaPagarSolicitada) => boolean),
  esperadas: number,
): Promise<MensagemFinanceira[]> {
  const prazo = Date.now() + 15_000;
  while ((await lerMensagens(nc, filtro)).length < esperadas && Date.now() < prazo) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 2_500));
  return lerMensagens(nc, filtro);
}
