import type { CampoInvalido } from '@erp/contracts';

/**
 * ICMS situations (Ajuste SINIEF 07/05, annex of CST/CSOSN) the NF-e builder writes, each into its own group. The
 * others (the single-phase fuel CSTs 02, 15, 53, 61) need per-litre rates the emission does not collect, so a
 * document with one is refused before it is numbered, never written into a wrong group.
 */
export const CST_TRANSMITIDOS: ReadonlySet<string> = new Set(['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90']);
export const CSOSN_TRANSMITIDOS: ReadonlySet<string> = new Set(['101', '102', '103', '201', '202', '203', '300', '400', '500', '900']);

/** The items whose CST or CSOSN the XML cannot carry, as field errors. */
export function situacoesIcmsNaoTransmitidas(itens: readonly { cst: string | null; csosn: string | null }[]): CampoInvalido[] {
  return itens.flatMap((item, i) => {
    if (item.cst !== null && !CST_TRANSMITIDOS.has(item.cst)) {
      return [{ campo: `itens[${i}].cst`, regra: 'cst_nao_suportado', erro: `CST ${item.cst} não é transmitido por esta instalação (aceitos: ${[...CST_TRANSMITIDOS].join(', ')})` }];
    }
    if (item.csosn !== null && !CSOSN_TRANSMITIDOS.has(item.csosn)) {
      return [{ campo: `itens[${i}].csosn`, regra: 'csosn_nao_suportado', erro: `CSOSN ${item.csosn} não é transmitido por esta instalação (aceitos: ${[...CSOSN_TRANSMITIDOS].join(', ')})` }];
    }
    return [];
  });
}
