import type { NfeLida } from '../nfe-lida';

/**
 * One validation rule of the MOC (Manual de Orientação do Contribuinte, NF-e 7.0, with the NT that changed it):
 * the field it checks, its rejection code and text as the manual writes them, and the check. `verificar` answers
 * null when the document complies, or what to append to the text (`[nItem: 2]`, the figures).
 */
export interface Regra {
  /** The field checked, as a path of the layout (`total/ICMSTot/vBC`). */
  campo: string;
  cStat: string;
  xMotivo: string;
  /** Models it applies to (55 NF-e, 65 NFC-e). */
  modelos: readonly ('55' | '65')[];
  verificar: (nfe: NfeLida, contexto: ContextoRegras) => string | null;
}

export interface ContextoRegras {
  /** When the authority received the document (dates are checked against it). */
  recebidoEm: Date;
}

export interface Rejeicao {
  cStat: string;
  xMotivo: string;
}

/** TMotivo is at most 255 characters. */
export function motivo(regra: Pick<Regra, 'xMotivo'>, complemento: string): string {
  const texto = complemento ? `${regra.xMotivo} ${complemento}` : regra.xMotivo;
  return texto.length > 255 ? `${texto.slice(0, 252)}...` : texto;
}

export const AMBOS = ['55', '65'] as const;
export const SO_NFE = ['55'] as const;
export const SO_NFCE = ['65'] as const;

/** `[nItem: n]` of the first item for which `falha` holds, or null. */
export function primeiroItem(nfe: NfeLida, falha: (item: NfeLida['itens'][number]) => boolean): string | null {
  const item = nfe.itens.find(falha);
  return item ? `[nItem: ${item.nItem}]` : null;
}
