import { type Apuracao } from './apuracao';
import { type CombustivelMonofasico } from './data/combustiveis';
import { combustivelMonofasico, ehOperacaoDifal } from './recusas';

/** Facts of the operation that every regime's rules ask about. */

/** The resale of a fuel the engine models (its single-phase taxes were charged before), or undefined. */
export function revendaDeCombustivel(a: Apuracao): CombustivelMonofasico | undefined {
  const e = a.entrada;
  return (e.tipoDocumento === 'NFE' || e.tipoDocumento === 'NFCE') && e.atividade === 'COMBUSTIVEIS' ? combustivelMonofasico(e.ncm, e.dataIso) : undefined;
}

/** An exported good (CFOP 7.xxx) or service (`exportacaoServico`): immune to the document's own taxes. */
export function ehExportacao(a: Apuracao): boolean {
  const e = a.entrada;
  return (e.cfop !== null && e.cfop.startsWith('7')) || e.exportacaoServico;
}

/** A sale to a final consumer who is not an ICMS taxpayer, in another state (EC 87/2015). */
export function temDifal(a: Apuracao): boolean {
  const e = a.entrada;
  return ehOperacaoDifal({
    tipoDocumento: e.tipoDocumento,
    ufOrigem: e.ufOrigem ?? undefined,
    ufDestino: e.ufDestino ?? undefined,
    exportacao: ehExportacao(a),
    consumidorFinal: e.consumidorFinal,
    contribuinte: e.destinatarioContribuinte,
  });
}
