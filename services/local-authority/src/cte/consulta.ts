import type { Element } from '@xmldom/xmldom';
import type { Atendimento, Resposta } from '../app/mensagem';
import { comErro } from '../app/mensagem';
import { escapar, VER_APLIC } from '../domain/respostas';
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
