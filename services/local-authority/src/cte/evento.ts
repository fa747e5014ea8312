import type { Element } from '@xmldom/xmldom';
import { canonicalizarAssinatura } from '@erp/fiscal-schemas';
import type { Atendimento, Resposta } from '../app/mensagem';
import { comErro, serializar } from '../app/mensagem';
import { novoProtocolo } from '../app/protocolo';
import { assinaturaDe, conferirAssinatura } from '../domain/assinatura';
import type { Rejeicao } from '../domain/regras';
import { dataHora, escapar, VER_APLIC } from '../domain/respostas';
import { filho, texto } from '../domain/xml';
import { falhaDeSchemaCte, NS_CTE } from './mensagem';

/** The CT-e events served, each with its detEvento schema (eventoCTe's schema skips detEvento's content). */
const EVENTOS: Record<string, { schema: string; raiz: string; xEvento: string }> = {
  '110110': { schema: 'evCCeCTe_v4.00.xsd', raiz: 'evCCeCTe', xEvento: 'Carta de Correcao' },
  '110111': { schema: 'evCancCTe_v4.00.xsd', raiz: 'evCancCTe', xEvento: 'Cancelamento' },
};
/** At most 20 correction letters per CT-e (nSeqEvento 1-20; 636). */
const CORRECOES_MAX = 20;
/** What art. 58-B of Convênio SINIEF 06/89 forbids a CC-e to change (MOC CT-e §13; 681): value, tax, parties' identity, identification and date. */
const GRUPOS_PROIBIDOS = new Set(['vPrest', 'Comp', 'imp', 'ICMS', 'ICMS00', 'ICMS20', 'ICMS45', 'ICMS60', 'ICMS90', 'ICMSOutraUF', 'ICMSSN', 'ICMSUFFim', 'IBSCBS', 'gIBSCBS', 'infQ']);
const PARTES = new Set(['emit', 'rem', 'dest', 'exped', 'receb', 'toma4']);
const IDE_PROIBIDOS = new Set(['cUF', 'cCT', 'mod', 'serie', 'nCT', 'dhEmi', 'tpEmis', 'cDV', 'tpAmb', 'tpCTe', 'modal', 'toma']);

function correcaoProibida(det: Element): boolean {
  return Array.from({ length: det.getElementsByTagNameNS(NS_CTE, 'infCorrecao').length }, (_, i) => det.getElementsByTagNameNS(NS_CTE, 'infCorrecao').item(i)!).some((inf) => {
    const grupo = texto(inf, 'grupoAlterado') ?? '';
    const campo = texto(inf, 'campoAlterado') ?? '';
    return GRUPOS_PROIBIDOS.has(grupo) || (PARTES.has(grupo) && (campo === 'CNPJ' || campo === 'CPF')) || ((grupo === 'ide' || grupo === 'toma3') && IDE_PROIBIDOS.has(campo));
  });
}
/** The MOC's cancellation deadline: 168 h after the authorization (220 past it). */
const PRAZO_CANCELAMENTO_MS = 168 * 3_600_000;

/**
 * CTeRecepcaoEventoV4 (`eventoCTe`, plain XML): the cancellation 110111. The envelope's schema (215), the event's
 * (228 in the MOC wording "Falha no Schema XML do evento"), the Id with its 3-digit sequence (the NF-e has 2),
 * the signature, the author, the CT-e (217), the protocol (222), the deadline (220), and once per key (631).
 */
export async function registrarEventoCte(ev: Element, a: Atendimento): Promise<Resposta> {
  const inf = filho(ev, 'infEvento');
  const chave = texto(inf, 'chCTe') ?? '';
  const cnpj = texto(inf, 'CNPJ') ?? '';
  a.cenarios.contar(cnpj, 'CTeRecepcaoEventoV4');
  const passo = a.cenarios.proximo(cnpj, 'evento');
  const tpEvento = texto(inf, 'tpEvento') ?? '';
  const nSeq = texto(inf, 'nSeqEvento') ?? '1';
  const cOrgao = /^\d{2}$/.test(chave.slice(0, 2)) ? chave.slice(0, 2) : '35';
  const retEvento = (cStat: string, xMotivo: string, nProt = '', dh = dataHora(a.recebidoEm)) =>
    `<retEventoCTe xmlns="${NS_CTE}" versao="4.00"><infEvento><tpAmb>${a.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo>${/^\d{6}[0-9A-Z]{12}\d{26}$/.test(chave) ? `<chCTe>${chave}</chCTe>` : ''}${/^\d{6}$/.test(tpEvento) ? `<tpEvento>${tpEvento}</tpEvento><xEvento>${EVENTOS[tpEvento]?.xEvento ?? 'Evento'}</xEvento>` : ''}${/^\d{1,3}$/.test(nSeq) ? `<nSeqEvento>${nSeq}</nSeqEvento>` : ''}<dhRegEvento>${dh}</dhRegEvento>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEventoCTe>`;
  const recusa = (r: Rejeicao): Resposta => ({ corpo: retEvento(r.cStat, r.xMotivo), passo, cnpj });
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo, cnpj };

  const erro = ev.localName === 'eventoCTe' ? await falhaDeSchemaCte(ev, 'eventoCTe_v4.00.xsd') : 'eventoCTe ausente';
  if (erro || !inf) return recusa({ cStat: '215', xMotivo: comErro('Rejeição: Falha no schema XML', erro ?? 'infEvento ausente') });
  if (texto(inf, 'tpAmb') !== a.tpAmb) return recusa({ cStat: '252', xMotivo: 'Rejeição: Ambiente informado diverge do Ambiente de recebimento' });
  const tipo = EVENTOS[tpEvento];
  if (!tipo) return recusa({ cStat: '629', xMotivo: 'Rejeição: Tipo de evento não atendido por esta autoridade local' });
  const det = filho(filho(inf, 'detEvento'), tipo.raiz);
  const erroDet = det ? await falhaDeSchemaCte(det, tipo.schema) : `${tipo.raiz} ausente`;
  if (erroDet) return recusa({ cStat: '628', xMotivo: comErro('Rejeição: Falha no Schema XML específico do evento', erroDet) });
  const id = `ID${tpEvento}${chave}${nSeq.padStart(3, '0')}`;
  if (inf.getAttribute('Id') !== id) return recusa({ cStat: '627', xMotivo: 'Rejeição: O ID do evento não corresponde à concatenação ("ID" + tpEvento + chCTe + nSeqEvento com 3 dígitos)' });
  const assinatura = conferirAssinatura(assinaturaDe(ev), id, await canonicalizarAssinatura(serializar(ev), id), a.clienteTls, cnpj);
  if (assinatura) return recusa(assinatura);
  if (chave.slice(6, 20) !== cnpj) return recusa({ cStat: '630', xMotivo: 'Rejeição: O autor do evento diverge do emissor do CT-e' });
  const cte = await a.registro.autorizacao(chave);
  if (!cte) return recusa({ cStat: '217', xMotivo: 'Rejeição: CT-e não consta na base de dados da SEFAZ' });
  if (await a.registro.evento(`${chave}|CANCELAMENTO`)) return recusa({ cStat: '218', xMotivo: 'Rejeição: CT-e já está cancelado na base de dados da SEFAZ' });
  if (tpEvento === '110110') return registrarCorrecao(a, ev, det!, { chave, cnpj, nSeq, passo, retEvento, recusa });
  // A registered correction letter blocks the cancellation (MOC CT-e §6.2: 523).
  if ((await a.registro.eventosDaChave(chave)).some((e) => e.tpEvento === '110110')) return recusa({ cStat: '523', xMotivo: 'Rejeição: CT-e com Carta de Correção registrada não pode ser cancelado' });
  if (texto(det, 'nProt') !== cte.nProt) return recusa({ cStat: '222', xMotivo: 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado' });
  const prazoMin = a.cenarios.cenario(cnpj).prazoCancelamentoMinutos;
  const prazo = prazoMin === undefined ? PRAZO_CANCELAMENTO_MS : prazoMin * 60_000;
  if (a.recebidoEm.getTime() - cte.em.getTime() > prazo) return recusa({ cStat: '220', xMotivo: 'Rejeição: CT-e autorizado há mais de 7 dias (168 horas)' });

  const nProt = novoProtocolo(cOrgao, a.recebidoEm);
  const dh = dataHora(a.recebidoEm);
  const registrado = retEvento('135', 'Evento registrado e vinculado ao CT-e', nProt, dh);
  const ganhou = await a.registro.registrarEvento({
    _id: `${chave}|CANCELAMENTO`,
    chave,
    cnpj,
    tpEvento,
    nSeqEvento: Number(nSeq),
    cStat: '135',
    nProt,
    dhRegEvento: dh,
    procEvento: `<procEventoCTe xmlns="${NS_CTE}" versao="4.00">${serializar(ev)}${registrado}</procEventoCTe>`,
    chNFeRef: null,
    em: a.recebidoEm,
  });
  if (!ganhou) return recusa({ cStat: '631', xMotivo: 'Rejeição: Duplicidade de evento' });
  return { corpo: registrado, passo, cnpj };
}

interface Contexto {
  chave: string;
  cnpj: string;
  nSeq: string;
  passo: Resposta['passo'];
  retEvento: (cStat: string, xMotivo: string, nProt?: string, dh?: string) => string;
  recusa: (r: Rejeicao) => Resposta;
}

/** 110110: sequence 1-20 (636), no forbidden change (681), each sequence registered once (631). */
async function registrarCorrecao(a: Atendimento, ev: Element, det: Element, c: Contexto): Promise<Resposta> {
  const seq = Number(c.nSeq);
  if (!(seq >= 1 && seq <= CORRECOES_MAX)) return c.recusa({ cStat: '636', xMotivo: 'Rejeição: Número sequencial do evento maior que o permitido (CC-e: 1 a 20)' });
  if (correcaoProibida(det)) return c.recusa({ cStat: '681', xMotivo: 'Rejeição: Carta de correção com campo que não pode ser corrigido (Convênio SINIEF 06/89 art. 58-B)' });
  const nProt = novoProtocolo(c.chave.slice(0, 2), a.recebidoEm);
  const dh = dataHora(a.recebidoEm);
  const registrado = c.retEvento('135', 'Evento registrado e vinculado ao CT-e', nProt, dh);
  const ganhou = await a.registro.registrarEvento({
    _id: `${c.chave}|110110|${seq}`,
    chave: c.chave,
    cnpj: c.cnpj,
    tpEvento: '110110',
    nSeqEvento: seq,
    cStat: '135',
    nProt,
    dhRegEvento: dh,
    procEvento: `<procEventoCTe xmlns="${NS_CTE}" versao="4.00">${serializar(ev)}${registrado}</procEventoCTe>`,
    chNFeRef: null,
    em: a.recebidoEm,
  });
  if (!ganhou) return c.recusa({ cStat: '631', xMotivo: 'Rejeição: Duplicidade de evento' });
  return { corpo: registrado, passo: c.passo, cnpj: c.cnpj };
}
