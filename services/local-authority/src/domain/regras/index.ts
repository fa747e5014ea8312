import type { NfeLida } from '../nfe-lida';
import { REGRAS_DESTINATARIO } from './destinatario';
import { REGRAS_ICMS_DIFERIMENTO } from './icms-diferimento';
import { REGRAS_IDENTIFICACAO } from './identificacao';
import { REGRAS_ITENS } from './itens';
import { REGRAS_IDE_MODELO, REGRAS_NFCE_PAGAMENTO } from './modelo-pagamento';
import { REGRAS_TOTAIS } from './totais';
import { motivo, type ContextoRegras, type Regra, type Rejeicao } from './regra';

export type { ContextoRegras, Regra, Rejeicao } from './regra';

/** Every MOC rule the authority applies to an NF-e / NFC-e, in the order SEFAZ meets them (the first failure answers). */
export const REGRAS_NFE: readonly Regra[] = [
  ...REGRAS_IDENTIFICACAO,
  ...REGRAS_IDE_MODELO,
  ...REGRAS_DESTINATARIO,
  ...REGRAS_ITENS,
  ...REGRAS_ICMS_DIFERIMENTO,
  ...REGRAS_TOTAIS,
  ...REGRAS_NFCE_PAGAMENTO,
];

/** The first rule the document breaks, as SEFAZ answers it (cStat and text), or null when it passes them all. */
export function validarRegras(nfe: NfeLida, contexto: ContextoRegras): Rejeicao | null {
  const modelo = nfe.ide.mod === '65' ? '65' : '55';
  for (const regra of REGRAS_NFE) {
    if (!regra.modelos.includes(modelo)) continue;
    const falha = regra.verificar(nfe, contexto);
    if (falha !== null) return { cStat: regra.cStat, xMotivo: motivo(regra, falha) };
  }
  return null;
}
