import type { Element } from '@xmldom/xmldom';
import { dataHora, escapar, protNFe, ret, VER_APLIC } from '../domain/respostas';
import { texto } from '../domain/xml';
import { cnpjDoCertificado } from '../domain/assinatura';
import { comErro, falhaDeSchema, type Atendimento, type Resposta } from './mensagem';

const cabecalho = (tpAmb: string) => `<tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>`;

/** NFeRetAutorizacao4: the batch of a receipt: 105 while "processing" (the first poll), then 104 with the protocol. */
export async function consultarRecibo(msg: Element, a: Atendimento): Promise<Resposta> {
  const nRec = texto(msg, 'nRec') ?? '';
  const resposta = (cStat: string, xMotivo: string, cUF: string, resto = '') =>
    ret('retConsReciNFe', `${cabecalho(a.tpAmb)}<nRec>${nRec}</nRec><cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo><cUF>${cUF}</cUF>${resto}`);
  const erro = await falhaDeSchema(msg, 'consReciNFe_v4.00.xsd');
  if (erro) return { corpo: resposta('215', comErro('Rejeição: Falha no schema XML', erro), nRec.slice(0, 2) || '35'), passo: 'NORMAL' };
  const recibo = await a.registro.consultarRecibo(nRec);
  if (!recibo) return { corpo: resposta('106', 'Lote não localizado', nRec.slice(0, 2)), passo: 'NORMAL' };
  a.cenarios.contar(recibo.cnpj, 'NFeRetAutorizacao4');
  const cUF = recibo.chave.slice(0, 2);
  const dh = `<dhRecbto>${dataHora(a.recebidoEm)}</dhRecbto>`;
  const passo = a.cenarios.proximoRecibo(recibo.cnpj);
  if (passo === 'NAO_LOCALIZADO') return { corpo: resposta('106', 'Lote não localizado', cUF), passo: 'NORMAL', cnpj: recibo.cnpj };
  if (passo === 'SEM_PROTOCOLO') return { corpo: resposta('104', 'Lote processado', cUF, dh), passo: 'NORMAL', cnpj: recibo.cnpj };
  if (recibo.consultas < 2) return { corpo: resposta('105', 'Lote em processamento', cUF, dh), passo: 'NORMAL', cnpj: recibo.cnpj };
  return { corpo: resposta('104', 'Lote processado', cUF, `${dh}${recibo.protNFe}`), passo: 'NORMAL', cnpj: recibo.cnpj };
}

/** NFeConsultaProtocolo4: the NF-e by key (217 when unknown), its protocol and its registered events. */
export async function consultar(msg: Element, a: Atendimento): Promise<Resposta> {
  const chave = texto(msg, 'chNFe') ?? '';
  const cnpj = chave.slice(6, 20);
  a.cenarios.contar(cnpj, 'NFeConsultaProtocolo4');
  const passo = a.cenarios.proximo(cnpj, 'consulta');
  const resposta = (cStat: string, xMotivo: string, resto = '') =>
    ret('retConsSitNFe', `${cabecalho(a.tpAmb)}<cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo><cUF>${chave.slice(0, 2) || '35'}</cUF><dhRecbto>${dataHora(a.recebidoEm)}</dhRecbto>${/^\d{44}$|^\d{6}[0-9A-Z]{12}\d{26}$/.test(chave) ? `<chNFe>${chave}</chNFe>` : ''}${resto}`);
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo, cnpj };
  const erro = await falhaDeSchema(msg, 'consSitNFe_v4.00.xsd');
  if (erro) return { corpo: resposta('215', comErro('Rejeição: Falha no schema XML', erro)), passo, cnpj };
  const autorizacao = await a.registro.autorizacao(chave);
  if (!autorizacao || passo === 'NAO_CONSTA') {
    return { corpo: resposta('217', 'Rejeição: NF-e não consta na base de dados da SEFAZ'), passo: passo === 'NAO_CONSTA' ? 'NORMAL' : passo, cnpj };
  }
  const eventos = passo === 'ANTES_DO_CANCELAMENTO' ? [] : await a.registro.eventosDaChave(chave);
  const cancelamento = eventos.find((e) => e.tpEvento === '110111' || e.tpEvento === '110112');
  const protocolo = protNFe({ chave, cStat: autorizacao.cStat!, xMotivo: autorizacao.xMotivo!, nProt: autorizacao.nProt, dhRecbto: autorizacao.dhRecbto, digVal: autorizacao.digVal ?? '' }, a.tpAmb);
  const [cStat, xMotivo] = cancelamento
    ? cancelamento.cStat === '155'
      ? ['151', 'Cancelamento de NF-e homologado fora de prazo']
      : ['101', 'Cancelamento de NF-e homologado']
    : [autorizacao.cStat!, autorizacao.xMotivo!];
  return { corpo: resposta(cStat, xMotivo, `${protocolo}${eventos.map((e) => e.procEvento).join('')}`), passo: passo === 'ANTES_DO_CANCELAMENTO' ? 'NORMAL' : passo, cnpj };
}

const MOTIVOS_STATUS: Record<string, string> = {
  '107': 'Serviço em Operação',
  '108': 'Serviço Paralisado Momentaneamente (curto prazo)',
  '109': 'Serviço Paralisado sem Previsão',
};

/** NFeStatusServico4: 107 unless the caller's scenario (known by its TLS certificate) says 108 or 109. */
export async function status(msg: Element, a: Atendimento): Promise<Resposta> {
  const cnpj = cnpjDoCertificado(a.clienteTls) ?? undefined;
  if (cnpj) a.cenarios.contar(cnpj, 'NFeStatusServico4');
  const cUF = texto(msg, 'cUF') ?? '35';
  const erro = await falhaDeSchema(msg, 'consStatServ_v4.00.xsd');
  const cStat = erro ? '215' : ((cnpj ? a.cenarios.cenario(cnpj).status : undefined) ?? '107');
  const xMotivo = erro ? comErro('Rejeição: Falha no schema XML', erro) : (MOTIVOS_STATUS[cStat] ?? 'Rejeição');
  const corpo = `${cabecalho(a.tpAmb)}<cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo><cUF>${/^\d{2}$/.test(cUF) ? cUF : '35'}</cUF><dhRecbto>${dataHora(a.recebidoEm)}</dhRecbto>${cStat === '107' ? '<tMed>1</tMed>' : ''}`;
  return { corpo: ret('retConsStatServ', corpo), passo: 'NORMAL', cnpj };
}
