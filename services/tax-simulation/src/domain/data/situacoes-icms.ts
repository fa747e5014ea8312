/**
 * The ICMS situation of an item (NF-e `CST` under the regime normal, `CSOSN` under the Simples Nacional) and what it
 * means for the issuer's own ICMS in that item. Codes and descriptions: Convênio s/nº de 15/12/1970 (SINIEF), Anexo,
 * Tabela B (CST; the codes 02, 15, 53 and 61 came with the single-phase fuel ICMS of LC 192/2022, the act that
 * inserted them was not read here) and the CSOSN table of Ajuste SINIEF 07/2005 as inserted by Ajuste SINIEF 03/2010;
 * both checked against the official NF-e layout (leiauteNFe_v4.00.xsd, PL_010 v1.30: the groups ICMS00..ICMS90 and
 * ICMSSN101..ICMSSN900 and their enumerations).
 *
 * - `PROPRIO`: the issuer's own ICMS is computed as usual (the only situations with a `vICMS` of the issuer's).
 * - `SEM_ICMS`: the item carries no ICMS of the issuer (exempt, not taxed, suspended, withheld earlier by ST or
 *   single-phase): no ICMS line, and nothing of it leaves the PIS/COFINS and CBS/IBS bases.
 * - `NAO_MODELADA`: the figure needs what the engine does not have (the per-litre single-phase rates): refused with
 *   `SITUACAO_ICMS_NAO_MODELADA` and the reason.
 * - ICMS-ST (10, 30, 70, 201, 202, 203), base reduction (20, 70) and deferral (51) are computed from the inputs the
 *   situation `exige` (`icms-st.ts`, `icms.ts`); 30 and 203 carry the ST but no own ICMS of the issuer.
 *
 * Under the Simples Nacional the ICMS is a part of the DAS: `SEM_ICMS` takes the ICMS part out of the DAS (LC 123/2006
 * art. 18 §4º-A I and §§12-14 for ICMS withheld by ST or single-phase; §20 for the state exemption of a revenue band;
 * the immune and the not-taxed revenue have no ICMS to share), `PROPRIO` leaves the DAS as it is.
 */
/**
 * `exige`: the inputs the situation's figures need, each refused when absent and when given to a situation that
 * does not use it: `icmsSt` (the MVA or the ST base), `reducaoBaseIcms` (pRedBC), `diferimentoIcms` (pDif).
 */
export type InsumoSituacao = 'icmsSt' | 'reducaoBaseIcms' | 'diferimentoIcms';
export type EfeitoSituacao =
  | { readonly efeito: 'PROPRIO' | 'SEM_ICMS'; readonly descricao: string; readonly exige?: readonly InsumoSituacao[] }
  | { readonly efeito: 'NAO_MODELADA'; readonly descricao: string; readonly falta: string; readonly exige?: undefined };

const proprio = (descricao: string, exige?: InsumoSituacao[]): EfeitoSituacao => ({ efeito: 'PROPRIO', descricao, exige });
const semIcms = (descricao: string, exige?: InsumoSituacao[]): EfeitoSituacao => ({ efeito: 'SEM_ICMS', descricao, exige });
const naoModelada = (descricao: string, falta: string): EfeitoSituacao => ({ efeito: 'NAO_MODELADA', descricao, falta });

export const SITUACOES_CST: Readonly<Record<string, EfeitoSituacao>> = {
  '00': proprio('tributada integralmente'),
  '02': naoModelada('tributação monofásica própria sobre combustíveis', 'a alíquota ad rem por unidade (LC 192/2022), que o motor não tem'),
  '10': proprio('tributada e com cobrança do ICMS por substituição tributária', ['icmsSt']),
  '15': naoModelada('tributação monofásica própria e com responsabilidade pela retenção sobre combustíveis', 'as alíquotas ad rem por unidade (LC 192/2022)'),
  '20': proprio('com redução de base de cálculo', ['reducaoBaseIcms']),
  '30': semIcms('isenta ou não tributada e com cobrança do ICMS por substituição tributária', ['icmsSt']),
  '40': semIcms('isenta'),
  '41': semIcms('não tributada'),
  '50': semIcms('suspensão'),
  '51': proprio('diferimento', ['diferimentoIcms']),
  '53': naoModelada('tributação monofásica sobre combustíveis com recolhimento diferido', 'as alíquotas ad rem e o diferimento (LC 192/2022)'),
  '60': semIcms('ICMS cobrado anteriormente por substituição tributária'),
  '61': semIcms('tributação monofásica sobre combustíveis cobrada anteriormente'),
  '70': proprio('com redução de base de cálculo e cobrança do ICMS por substituição tributária', ['reducaoBaseIcms', 'icmsSt']),
  '90': proprio('outras'),
};

export const SITUACOES_CSOSN: Readonly<Record<string, EfeitoSituacao>> = {
  '101': proprio('tributada pelo Simples Nacional com permissão de crédito'),
  '102': proprio('tributada pelo Simples Nacional sem permissão de crédito'),
  '103': semIcms('isenção do ICMS no Simples Nacional para faixa de receita bruta'),
  '201': proprio('tributada pelo Simples Nacional com permissão de crédito e com cobrança do ICMS por substituição tributária', ['icmsSt']),
  '202': proprio('tributada pelo Simples Nacional sem permissão de crédito e com cobrança do ICMS por substituição tributária', ['icmsSt']),
  '203': semIcms('isenção do ICMS no Simples Nacional para faixa de receita bruta e com cobrança do ICMS por substituição tributária', ['icmsSt']),
  '300': semIcms('imune'),
  '400': semIcms('não tributada pelo Simples Nacional'),
  '500': semIcms('ICMS cobrado anteriormente por substituição tributária (substituído) ou por antecipação'),
  '900': proprio('outros'),
};

export const FONTE_SITUACOES = 'Convênio s/nº de 15/12/1970, Anexo, Tabela B (CST); Ajuste SINIEF 07/2005 com o Ajuste SINIEF 03/2010 (CSOSN)';
