import { create } from 'xmlbuilder2';
import { texto } from '../format';
import { dataHoraBrasilia, NS_NFSE, VERSAO_DPS } from './dps';
import type { MotivoCancelamentoNfse } from '../../domain/nfse-chave';

/**
 * The request to register an NFS-e event (`pedRegEvento`, `pedRegEvento_v1.01.xsd`), signed over `infPedReg`.
 * Cancellation 101101 (cMotivo 1 error in the issue, 2 service not provided, 9 other, with the text) and
 * cancellation by substitution 105102 (the substitute's key; the reason is the substitute DPS's `subst`).
 * `Id` = "PRE" + key(50) + tpEvento(6): the v1.01 schema's `PRE[0-9]{56}` (the manual's extra 3-digit sequence
 * does not fit it; the sequence is 1 for both events, which happen once per NFS-e).
 */
export const EVENTO_CANCELAMENTO = '101101';
export const EVENTO_SUBSTITUICAO = '105102';

export interface DadosEventoNfse {
  producao: boolean;
  verAplic: string;
  em: Date;
  cnpj: string;
  chave: string;
  evento:
    | { tipo: typeof EVENTO_CANCELAMENTO; motivo: MotivoCancelamentoNfse; justificativa: string }
    | { tipo: typeof EVENTO_SUBSTITUICAO; motivo: string; justificativa: string | null; chaveSubstituta: string };
}

export const idPedidoEvento = (chave: string, tipo: string) => `PRE${chave}${tipo}`;

export function montarPedidoEvento(d: DadosEventoNfse): string {
  const raiz = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS_NFSE, 'pedRegEvento', { versao: VERSAO_DPS });
  const inf = raiz.ele('infPedReg', { Id: idPedidoEvento(d.chave, d.evento.tipo) });
  inf.ele('tpAmb').txt(d.producao ? '1' : '2');
  inf.ele('verAplic').txt(d.verAplic);
  inf.ele('dhEvento').txt(dataHoraBrasilia(d.em));
  inf.ele('CNPJAutor').txt(d.cnpj);
  inf.ele('chNFSe').txt(d.chave);
  if (d.evento.tipo === EVENTO_CANCELAMENTO) {
    const e = inf.ele('e101101');
    e.ele('xDesc').txt('Cancelamento de NFS-e');
    e.ele('cMotivo').txt(d.evento.motivo);
    e.ele('xMotivo').txt(texto(d.evento.justificativa, 255));
  } else {
    const e = inf.ele('e105102');
    e.ele('xDesc').txt('Cancelamento de NFS-e por Substituição');
    e.ele('cMotivo').txt(d.evento.motivo);
    if (d.evento.justificativa) e.ele('xMotivo').txt(texto(d.evento.justificativa, 255));
    e.ele('chSubstituta').txt(d.evento.chaveSubstituta);
  }
  return raiz.end({ headless: true });
}

/** What the authorizer keeps of Sefin's NFS-e: its key, number and processing instant (read, not validated). */
export function lerNfse(xml: string): { chave: string; numero: string; processadaEm: Date } | null {
  const chave = /<infNFSe[^>]*\sId="NFS([0-9]{50})"/.exec(xml)?.[1];
  const numero = /<nNFSe>([0-9]{1,13})<\/nNFSe>/.exec(xml)?.[1];
  const dhProc = /<dhProc>([^<]+)<\/dhProc>/.exec(xml)?.[1];
  const processadaEm = dhProc ? new Date(dhProc) : null;
  if (!chave || !numero || !processadaEm || Number.isNaN(processadaEm.getTime())) return null;
  return { chave, numero, processadaEm };
}
