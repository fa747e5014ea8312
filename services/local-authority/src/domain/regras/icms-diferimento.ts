import type { ItemLido } from '../nfe-lida';
import { decimal } from '../xml';
import { SO_NFE, primeiroItem, type Regra } from './regra';

/**
 * CST 51 (deferral), MOC 7.0 rules N16a-10, N16c-10 and N17-20 (as the NT that created them wrote them): the
 * operation's ICMS is vBC x pICMS, the deferred part vICMSOp x pDif, the ICMS due the difference; one centavo of
 * tolerance either way, optional fields not informed read as zero. The authority applies them though the MOC marks
 * them optional for the UFs ("Facul."): a document that passes here passes in every UF.
 */
const v = (i: ItemLido, campo: string) => decimal(i.icms[campo] ?? null) ?? 0;
const p = (i: ItemLido, campo: string) => decimal(i.icms[campo] ?? null, 4) ?? 0;
const cst51 = (i: ItemLido) => i.cst === '51';

export const REGRAS_ICMS_DIFERIMENTO: Regra[] = [
  {
    campo: 'det/imposto/ICMS/ICMS51/vICMSOp',
    cStat: '351',
    xMotivo: 'Rejeição: Valor do ICMS da Operação no CST=51 difere do produto BC e Alíquota',
    modelos: SO_NFE,
    // vBC (centavos) x pICMS (1/10,000 percent) / 1,000,000 = centavos.
    verificar: (nfe) => primeiroItem(nfe, (i) => cst51(i) && Math.abs(v(i, 'vICMSOp') - (v(i, 'vBC') * p(i, 'pICMS')) / 1_000_000) > 1),
  },
  {
    campo: 'det/imposto/ICMS/ICMS51/vICMSDif',
    cStat: '352',
    xMotivo: 'Rejeição: Valor do ICMS Diferido no CST=51 difere do produto Valor ICMS Operação e percentual diferimento',
    modelos: SO_NFE,
    verificar: (nfe) => primeiroItem(nfe, (i) => cst51(i) && Math.abs(v(i, 'vICMSDif') - (v(i, 'vICMSOp') * p(i, 'pDif')) / 1_000_000) > 1),
  },
  {
    campo: 'det/imposto/ICMS/ICMS51/vICMS',
    cStat: '353',
    xMotivo: 'Rejeição: Valor do ICMS no CST=51 não corresponde a diferença do ICMS operação e ICMS diferido',
    modelos: SO_NFE,
    verificar: (nfe) => primeiroItem(nfe, (i) => cst51(i) && Math.abs(v(i, 'vICMS') - (v(i, 'vICMSOp') - v(i, 'vICMSDif'))) > 1),
  },
];
