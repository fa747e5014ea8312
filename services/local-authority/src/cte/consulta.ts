import type { Element } from '@xmldom/xmldom';
import type { Atendimento, Resposta } from '../app/mensagem';
import { comErro } from '../app/mensagem';
import { cnpjDoCertificado } from '../domain/assinatura';
import { dataHora, escapar, VER_APLIC } from '../domain/respostas';
import { texto } from '../domain/xml';
import { falhaDeSchemaCte, NS_CTE } from './mensagem';
import { protCte } from './respostas';

/**
 * CTeConsultaV4 (`consSitCTe`): the CT-e by key: 217 when unknown; 100 with its protCTe; 101 once cancelled; with
 * every registered event (procEventoCTe) after the protocol.
 */
export async function consultarCte(msg: Element, a: Atendimento): Promise<Resposta> {
  const chave = texto(msg, 'chCTe') ?? '';
  const cnpj = chave.slice(6, 20);
  a.cenarios.contar(cnpj, 'CTeConsultaV4');
  const passo = a.cenarios.proximo(cnpj, 'consulta');
  const cUF = /^\d{2}$/.test(chave.slice(0, 2)) ? chave.slice(0, 2) : '35';
  const resposta = (cStat: string, xMotivo: string, resto = '') =>
    `<retConsSitCTe xmlns="${NS_CTE}" versao="4.00"><tpAmb>${a.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo><cUF>${cUF}</cUF>${resto}</retConsSitCTe>`;
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo, cnpj };
  const erro = await falhaDeSchemaCte(msg, 'consSitCTe_v4.00.xsd');
  if (erro) return { corpo: resposta('215', comErro('Rejeição: Falha no schema XML', erro)), passo, cnpj };
  const autorizacao = await a.registro.autorizacao(chave);
  if (!autorizacao || passo === 'NAO_CONSTA') return { corpo: resposta('217', 'Rejeição: CT-e não consta na base de dados da SEFAZ'), passo: passo === 'NAO_CONSTA' ? 'NORMAL' : passo, cnpj };
  const eventos = passo === 'ANTES_DO_CANCELAMENTO' ? [] : await a.registro.eventosDaChave(chave);
  const cancelado = eventos.some((e) => e.tpEvento === '110111');
  const protocolo = protCte({ chave, cStat: autorizacao.cStat!, xMotivo: autorizacao.xMotivo!, nProt: autorizacao.nProt, dhRecbto: autorizacao.dhRecbto, digVal: autorizacao.digVal ?? '' }, a.tpAmb);
  const [cStat, xMotivo] = cancelado ? ['101', 'Cancelamento de CT-e homologado'] : [autorizacao.cStat!, autorizacao.xMotivo!];
  return { corpo: resposta(cStat, xMotivo, `${protocolo}${eventos.map((e) => e.procEvento).join('')}`), passo: passo === 'ANTES_DO_CANCELAMENTO' ? 'NORMAL' : passo, cnpj };
}

const MOTIVOS_STATUS: Record<string, string> = {
  '107': 'Serviço em Operação',
  '108': 'Serviço Paralisado Momentaneamente (curto prazo)',
  '109': 'Serviço Paralisado sem Previsão',
};

/**
 * CTeStatusServicoV4 (`consStatServCTe`, plain XML): 107 unless the caller's scenario (known by its TLS certificate)
 * says 108 or 109, as the NF-e's NFeStatusServico4; 215 for a message out of consStatServCTe_v4.00.xsd.
 */
export async function statusCte(msg: Element, a: Atendimento): Promise<Resposta> {
  const cnpj = cnpjDoCertificado(a.clienteTls) ?? undefined;
  if (cnpj) a.cenarios.contar(cnpj, 'CTeStatusServicoV4');
  const cUF = texto(msg, 'cUF') ?? '35';
  const erro = await falhaDeSchemaCte(msg, 'consStatServCTe_v4.00.xsd');
  const cStat = erro ? '215' : ((cnpj ? a.cenarios.cenario(cnpj).status : undefined) ?? '107');
  const xMotivo = erro ? comErro('Rejeição: Falha no schema XML', erro) : (MOTIVOS_STATUS[cStat] ?? 'Rejeição');
  const corpo =
    `<retConsStatServCTe xmlns="${NS_CTE}" versao="4.00"><tpAmb>${a.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat>` +
    `<xMotivo>${escapar(xMotivo)}</xMotivo><cUF>${/^\d{2}$/.test(cUF) ? cUF : '35'}</cUF><dhRecbto>${dataHora(a.recebidoEm)}</dhRecbto>${cStat === '107' ? '<tMed>1</tMed>' : ''}</retConsStatServCTe>`;
  return { corpo, passo: 'NORMAL', cnpj };
}
