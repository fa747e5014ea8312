import type { Element } from '@xmldom/xmldom';
import { canonicalizarAssinatura } from '@erp/fiscal-schemas';
import { assinaturaDe, conferirAssinatura } from '../domain/assinatura';
import type { Rejeicao } from '../domain/regras';
import { dataHora, escapar, ret, VER_APLIC } from '../domain/respostas';
import { descendente, filho, texto } from '../domain/xml';
import type { NumeroRecord } from '../store/registro';
import { comErro, falhaDeSchema, serializar, type Atendimento, type Resposta } from './mensagem';
import { novoProtocolo } from './protocolo';

/** The events served, each with its own detEvento schema (the envelope's schema skips detEvento). */
const EVENTOS: Record<string, { schema: string; xEvento: string }> = {
  '110110': { schema: 'e110110_v1.00.xsd', xEvento: 'Carta de Correção registrada' },
  '110111': { schema: 'e110111_v1.00.xsd', xEvento: 'Cancelamento registrado' },
  '110112': { schema: 'e110112_v1.00.xsd', xEvento: 'Cancelamento por substituicao registrado' },
};
const CANCELAMENTOS = new Set(['110111', '110112']);
const AUTORIZADA = new Set(['100', '150']);

/**
 * NFeRecepcaoEvento4 (`envEvento`): cancellation (110111), cancellation by substitution of an NFC-e (110112) and the
 * correction letter (110110, NF-e only). The envelope's schema (215), each event's detEvento schema (493), its Id
 * (572), signature (297, 298, 213), author (574), the NF-e (494, 580), the protocol (222) and the deadline (501);
 * a key is cancelled once and an event sequence registered once (573), each by a unique insert.
 */
export async function registrarEvento(msg: Element, a: Atendimento): Promise<Resposta> {
  const ev = descendente(msg, 'evento');
  const inf = ev ? filho(ev, 'infEvento') : null;
  const chave = texto(inf, 'chNFe') ?? '';
  const cnpj = texto(inf, 'CNPJ') ?? '';
  a.cenarios.contar(cnpj, 'NFeRecepcaoEvento4');
  const passo = a.cenarios.proximo(cnpj, 'evento');
  const tpEvento = texto(inf, 'tpEvento') ?? '';
  const nSeq = texto(inf, 'nSeqEvento') ?? '1';
  const cOrgao = /^\d{2}$/.test(chave.slice(0, 2)) ? chave.slice(0, 2) : '91';
  const lote = (cStat: string, xMotivo: string, retEvento = '') =>
    ret('retEnvEvento', `<idLote>${texto(msg, 'idLote') ?? '0'}</idLote><tpAmb>${a.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo>${retEvento}`, '1.00');
  const retEvento = (cStat: string, xMotivo: string, nProt = '', dh = dataHora(a.recebidoEm)) =>
    `<retEvento versao="1.00"><infEvento><tpAmb>${a.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo><chNFe>${chave}</chNFe><tpEvento>${tpEvento}</tpEvento><xEvento>${EVENTOS[tpEvento]?.xEvento ?? 'Evento'}</xEvento><nSeqEvento>${nSeq}</nSeqEvento><dhRegEvento>${dh}</dhRegEvento>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEvento>`;
  const recusa = (r: Rejeicao): Resposta => ({ corpo: lote('128', 'Lote de Evento Processado', retEvento(r.cStat, r.xMotivo)), passo, cnpj });
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo, cnpj };

  const erro = await falhaDeSchema(msg, 'envEvento_v1.00.xsd');
  if (erro || !ev || !inf) return { corpo: lote('215', comErro('Rejeição: Falha no schema XML', erro ?? 'evento ausente')), passo, cnpj };
  if (texto(inf, 'tpAmb') !== a.tpAmb) return recusa({ cStat: '252', xMotivo: 'Rejeição: Ambiente informado diverge do Ambiente de recebimento' });
  const tipo = EVENTOS[tpEvento];
  if (!tipo || (tpEvento === '110110' && chave.slice(20, 22) !== '55')) return recusa({ cStat: '491', xMotivo: 'Rejeição: O tpEvento informado inválido' });
  const erroDet = await falhaDeSchema(filho(inf, 'detEvento')!, tipo.schema);
  if (erroDet) return recusa({ cStat: '493', xMotivo: comErro('Rejeição: Evento não atende o Schema XML específico', erroDet) });
  const id = `ID${tpEvento}${chave}${nSeq.padStart(2, '0')}`;
  if (inf.getAttribute('Id') !== id) return recusa({ cStat: '572', xMotivo: 'Rejeição: Erro Atributo ID do evento não corresponde a concatenação dos campos (“ID” + tpEvento + chNFe + nSeqEvento)' });
  const assinatura = conferirAssinatura(assinaturaDe(ev), id, await canonicalizarAssinatura(serializar(ev), id), a.clienteTls, cnpj);
  if (assinatura) return recusa(assinatura);
  if (chave.slice(6, 20) !== cnpj) return recusa({ cStat: '574', xMotivo: 'Rejeição: O autor do evento diverge do emissor da NF-e' });
  const nfe = await a.registro.autorizacao(chave);
  if (!nfe) return recusa({ cStat: '494', xMotivo: 'Rejeição: Chave de Acesso inexistente' });
  const det = filho(inf, 'detEvento')!;
  const problema = CANCELAMENTOS.has(tpEvento) ? await problemaDoCancelamento(a, nfe, det, tpEvento, chave) : await problemaDaCorrecao(a, nfe, chave, Number(nSeq));
  if (problema) return recusa(problema);

  const nProt = novoProtocolo(cOrgao, a.recebidoEm);
  const dh = dataHora(a.recebidoEm);
  const foraDoPrazo = CANCELAMENTOS.has(tpEvento) && a.cenarios.consumir(cnpj, 'cancelamentoForaDoPrazo') === true;
  const [cStat, xMotivo] = foraDoPrazo ? ['155', 'Cancelamento homologado fora de prazo'] : ['135', 'Evento registrado e vinculado a NF-e'];
  const registrado = retEvento(cStat, xMotivo, nProt, dh);
  const ganhou = await a.registro.registrarEvento({
    _id: CANCELAMENTOS.has(tpEvento) ? `${chave}|CANCELAMENTO` : `${chave}|${tpEvento}|${Number(nSeq)}`,
    chave,
    cnpj,
    tpEvento,
    nSeqEvento: Number(nSeq),
    cStat,
    nProt,
    dhRegEvento: dh,
    procEvento: `<procEventoNFe versao="1.00">${serializar(ev)}${registrado}</procEventoNFe>`,
    chNFeRef: texto(det, 'chNFeRef'),
    em: a.recebidoEm,
  });
  if (!ganhou) return recusa({ cStat: '573', xMotivo: 'Rejeição: Duplicidade de Evento' });
  if (passo === 'REGISTRA_E_580') return { ...recusa({ cStat: '580', xMotivo: 'Rejeição: O evento exige uma NF-e autorizada' }), passo };
  return { corpo: lote('128', 'Lote de Evento Processado', registrado), passo, cnpj };
}

async function problemaDoCancelamento(a: Atendimento, nfe: NumeroRecord, det: Element, tpEvento: string, chave: string): Promise<Rejeicao | null> {
  if (await a.registro.evento(`${chave}|CANCELAMENTO`)) return { cStat: '573', xMotivo: 'Rejeição: Duplicidade de Evento' };
  if (!AUTORIZADA.has(nfe.cStat ?? '')) return { cStat: '580', xMotivo: 'Rejeição: O evento exige uma NF-e autorizada' };
  if (texto(det, 'nProt') !== nfe.nProt) return { cStat: '222', xMotivo: 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado' };
  if (tpEvento === '110112') {
    // Only an NFC-e is cancelled by substitution, by another authorized NFC-e of the same issuer (NT 2018.004).
    if (chave.slice(20, 22) !== '65') return { cStat: '491', xMotivo: 'Rejeição: O tpEvento informado inválido [cancelamento por substituição só de NFC-e]' };
    const chNFeRef = texto(det, 'chNFeRef') ?? '';
    const substituta = chNFeRef === chave ? null : await a.registro.autorizacao(chNFeRef);
    const cancelada = substituta ? await a.registro.evento(`${chNFeRef}|CANCELAMENTO`) : null;
    if (!substituta || !AUTORIZADA.has(substituta.cStat ?? '') || cancelada || chNFeRef.slice(20, 22) !== '65' || substituta.cnpj !== nfe.cnpj) {
      return { cStat: '494', xMotivo: 'Rejeição: Chave de Acesso inexistente [NFC-e substituta (chNFeRef) inexistente ou não autorizada]' };
    }
  }
  const prazo = a.cenarios.cenario(nfe.cnpj).prazoCancelamentoMinutos;
  if (prazo !== undefined && a.recebidoEm.getTime() - nfe.em.getTime() > prazo * 60_000) {
    return { cStat: '501', xMotivo: 'Rejeição: Prazo de Cancelamento Superior ao Previsto na Legislação' };
  }
  return null;
}

/** At most 20 correction letters per NF-e (MOC 7.0, event 110110: nSeqEvento 1 to 20). */
const MAX_CORRECOES = 20;

async function problemaDaCorrecao(a: Atendimento, nfe: NumeroRecord, chave: string, nSeq: number): Promise<Rejeicao | null> {
  if (nSeq > MAX_CORRECOES) return { cStat: '594', xMotivo: 'Rejeição: O número de sequencia do evento informado é maior que o permitido' };
  if (!AUTORIZADA.has(nfe.cStat ?? '') || (await a.registro.evento(`${chave}|CANCELAMENTO`))) return { cStat: '580', xMotivo: 'Rejeição: O evento exige uma NF-e autorizada' };
  return null;
}
