import { randomInt } from 'node:crypto';
import { jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { withCnpjCheckDigits } from '@erp/fiscal-rules';
import { Streams } from '@erp/contracts';
import { signDevSession } from '@erp/kit';
import { criarPfx } from '../../services/settings/test/support/certificados';
import { newCompanyId, rest, sessionFor } from '../support/env';

export const DOCUMENTOS = '/api/erp/faturamento/documentos';

/** A CNPJ nobody else in the run has (the local authority, like SEFAZ, numbers per issuer CNPJ). */
export function cnpjNovo(): string {
  return withCnpjCheckDigits(String(randomInt(10_000_000, 99_999_999)) + '0001');
}

export interface EmpresaFiscal {
  companyId: string;
  cnpj: string;
  admin: string;
  usuario: string;
}

/** Another stack than the run's (a test that starts its own): its gateway and session secret. */
export interface OutraPilha {
  gatewayUrl: string;
  sessionSecret: string;
}

/**
 * A company with complete fiscal settings (what the NF-e's issuer block needs: name, IE, address) and a valid A1
 * certificate of its own CNPJ, saved through the gateway (the run's, or `pilha`'s); a new company unless
 * `companyId` names one.
 */
export async function empresaFiscal(
  opcoes: {
    regime?: 'SIMPLES_NACIONAL' | 'LUCRO_PRESUMIDO' | 'LUCRO_REAL';
    uf?: string;
    codigoMunicipio?: string;
    ambiente?: string;
    emissaoAutomatica?: boolean;
    certificado?: boolean;
    /** The certificate's end of validity (default: a year from now). */
    certificadoValidoAte?: Date;
    pilha?: OutraPilha;
    /** An existing company instead of a new one. */
    companyId?: string;
  } = {},
): Promise<EmpresaFiscal> {
  const companyId = opcoes.companyId ?? newCompanyId('fiscal');
  const cnpj = cnpjNovo();
  const sessao = (role: 'admin' | 'user') =>
    opcoes.pilha ? signDevSession(opcoes.pilha.sessionSecret, { companyId, role, userId: `user-${companyId}` }) : sessionFor(companyId, role);
  const admin = await sessao('admin');
  const regime = opcoes.regime ?? 'SIMPLES_NACIONAL';
  const corpo: Record<string, unknown> = {
    ambiente: opcoes.ambiente ?? 'HOMOLOGAÇÃO',
    seriePadrao: 1,
    series: [1, 2],
    emissaoAutomatica: opcoes.emissaoAutomatica ?? false,
    timeoutSegundos: 30,
    empresa: {
      cnpj,
      razaoSocial: 'Empresa Fiscal de Teste Ltda',
      inscricaoEstadual: '110042490114',
      uf: opcoes.uf ?? 'SP',
      codigoMunicipio: opcoes.codigoMunicipio ?? '3550308',
      regimeTributario: regime,
      aliquotaDas: regime === 'SIMPLES_NACIONAL' ? 6 : null,
      endereco: { logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', municipio: 'São Paulo', cep: '01310100', telefone: '1130000000' },
    },
    // The NFS-e goes to Sefin Nacional (its stand-in in the local authority): the national provider, the city, the
    // service codes and, for regime-normal issuers, the NBS the DPS's IBSCBS group requires.
    nfse: { provedor: 'NACIONAL', codigoServico: '01.07', codigoCidade: opcoes.codigoMunicipio ?? '3550308', inscricaoMunicipal: '12345678', codigoNbs: '115021000' },
  };
  if (opcoes.certificado !== false) {
    corpo.certificadoA1 = { arquivoBase64: criarPfx('senha-a1', { cnpjNoNome: cnpj, validoAte: opcoes.certificadoValidoAte }).toString('base64'), senha: 'senha-a1' };
  }
  const salvo = opcoes.pilha
    ? await fetch(`${opcoes.pilha.gatewayUrl}/api/erp/faturamento/configuracao`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(corpo),
      }).then(async (r) => ({ status: r.status, body: await r.text() }))
    : await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: admin, body: corpo });
  if (salvo.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(salvo.body)}`);
  return { companyId, cnpj, admin, usuario: await sessao('user') };
}

let sequencia = 0;
export const referenciaNova = (prefixo = 'PED') => `${prefixo}-${process.pid}-${Date.now().toString(36)}-${(sequencia += 1)}`;

/** The recipient's address an NF-e names in full (SEFAZ requires `enderDest` of the NF-e). */
export const ENDERECO_CLIENTE = { logradouro: 'Rua Augusta', numero: '500', bairro: 'Consolação', municipio: 'São Paulo', cep: '01304000' };

/** An NF-e sale inside São Paulo from a Simples Nacional issuer (CFOP 5102, CSOSN 102). */
export function nfeVenda(extra: Record<string, unknown> = {}) {
  return {
    referencia: referenciaNova(),
    modelo: 'NFE',
    destinatario: { documento: '11.222.333/0001-81', nome: 'Cliente Comprador Ltda', uf: 'SP', codigoMunicipio: '3550308', endereco: ENDERECO_CLIENTE },
    itens: [
      { codigo: 'P-1', descricao: 'Cadeira de escritório', quantidade: 2, valorUnitario: 250.5, ncm: '94013000', cfop: '5102', csosn: '102' },
      { codigo: 'P-2', descricao: 'Parafusos', quantidade: 3, valorUnitario: 3.3333, ncm: '73181500', cfop: '5102', csosn: '102' },
    ],
    ...extra,
  };
}

export function emitir(sessao: string, corpo: unknown) {
  return rest('POST', DOCUMENTOS, { bearer: sessao, body: corpo });
}

export function cancelar(sessao: string, id: string, justificativa: unknown) {
  return rest('POST', `${DOCUMENTOS}/${encodeURIComponent(id)}/cancelar`, { bearer: sessao, body: { justificativa } });
}

/**
 * The events of one document that the FISCAL stream keeps, as a consumer reads them: the whole stream from the
 * start, then whatever arrives, until at least `minimo` were seen and nothing more is pending (or 15 s passed).
 */
export function eventosDoDocumento(nc: NatsConnection, documentoId: string, minimo: number): Promise<{ subject: string; msgId?: string; payload: any }[]> {
  return eventosFiscais(nc, (payload) => payload.documentoId === documentoId, minimo);
}

/** The FISCAL stream's events whose payload passes `filtro`, read like `eventosDoDocumento`. */
export async function eventosFiscais(nc: NatsConnection, filtro: (payload: any) => boolean, minimo: number): Promise<{ subject: string; msgId?: string; payload: any }[]> {
  const consumer = await jetstream(nc).consumers.get(Streams.fiscal.name);
  const encontrados: { subject: string; msgId?: string; payload: any }[] = [];
  const prazo = Date.now() + 15_000;
  while (Date.now() < prazo) {
    let aoDia = true;
    for await (const msg of (await consumer.fetch({ max_messages: 10_000, expires: 1_000 })) as AsyncIterable<JsMsg>) {
      const payload = msg.json<Record<string, unknown>>();
      if (filtro(payload)) encontrados.push({ subject: msg.subject, msgId: msg.headers?.get('Nats-Msg-Id'), payload });
      aoDia = msg.info.pending === 0;
      if (aoDia) break;
    }
    if (aoDia && encontrados.length >= minimo) break;
  }
  return encontrados;
}
