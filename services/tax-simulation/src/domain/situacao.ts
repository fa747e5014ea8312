import { type Apuracao } from './apuracao';
import { FONTE_SITUACOES, SITUACOES_CSOSN, SITUACOES_CST, type EfeitoSituacao } from './data/situacoes-icms';

export interface SituacaoDoItem {
  /** `CST 40`, `CSOSN 500`. */
  readonly nome: string;
  readonly efeito: EfeitoSituacao;
}

/**
 * The item's ICMS situation that applies under the regime being computed, or null when the item names none (the
 * issuer's own ICMS, as before the field existed). A CSOSN under the regime normal or a CST under the Simples
 * Nacional reaches here only in a regime comparison (a single simulation refuses them): it is ignored with a note.
 */
export function situacaoDoItem(a: Apuracao): SituacaoDoItem | null {
  const e = a.entrada;
  const simples = e.regime === 'SIMPLES_NACIONAL';
  if (e.csosn !== null) {
    if (simples) return { nome: `CSOSN ${e.csosn}`, efeito: SITUACOES_CSOSN[e.csosn] };
    a.aviso(`csosn ${e.csosn}: é situação do Simples Nacional; ignorado em ${e.regime}.`);
  }
  if (e.cst !== null) {
    if (!simples) return { nome: `CST ${e.cst}`, efeito: SITUACOES_CST[e.cst] };
    a.aviso(`cst ${e.cst}: é situação do regime normal; ignorado no Simples Nacional.`);
  }
  return null;
}

/** The note of an item whose situation carries no ICMS of the issuer. */
export function avisoSemIcms(a: Apuracao, s: SituacaoDoItem): void {
  a.aviso(`${s.nome} (${s.efeito.descricao}, ${FONTE_SITUACOES}): o item não tem ICMS próprio do emitente; nada de ICMS sai das bases de PIS/COFINS e CBS/IBS.`);
}
