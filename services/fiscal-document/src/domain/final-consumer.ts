import type { ModeloDocumento } from '@erp/contracts';

/**
 * Whether the buyer is the final consumer (NF-e `indFinal` 1): an NFC-e, an anonymous buyer, a CPF, or a CNPJ
 * without IE (a recipient abroad included). A CNPJ with an IE (ISENTO included) buys as a taxpayer (`indFinal` 0). One rule for the builder and
 * for the input checks that depend on it (the ICMS-ST withheld of CST 60 / CSOSN 500, SEFAZ rule 938).
 */
export function ehConsumidorFinal(modelo: ModeloDocumento, destinatario: { tipoDocumento: 'CNPJ' | 'CPF' | 'ESTRANGEIRO'; inscricaoEstadual: string | null } | null): boolean {
  return modelo === 'NFCE' || !destinatario || destinatario.tipoDocumento === 'CPF' || !destinatario.inscricaoEstadual;
}
