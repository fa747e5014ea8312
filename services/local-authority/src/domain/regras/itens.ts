import type { ItemLido, NfeLida } from '../nfe-lida';
import { decimal } from '../xml';
import { AMBOS, SO_NFE, primeiroItem, type Regra } from './regra';

/** ICMS situations with substitution (ST), whose goods need a CEST: CST 10, 30, 60, 70; CSOSN 201, 202, 203, 500. */
const CST_ST = new Set(['10', '30', '60', '70']);
const CSOSN_ST = new Set(['201', '202', '203', '500']);
const comSt = (i: ItemLido) => (i.cst !== null && CST_ST.has(i.cst)) || (i.csosn !== null && CSOSN_ST.has(i.csosn));

/** ST withheld earlier (CST 60, CSOSN 500): the four values a buyer who resells needs. */
const RETIDO = ['vBCSTRet', 'pST', 'vICMSSubstituto', 'vICMSSTRet'] as const;

/** Interstate sale to a final consumer who is not an ICMS taxpayer: the DIFAL (ICMSUFDest) case, EC 87/2015. */
const operacaoComDifal = (nfe: NfeLida) => nfe.ide.idDest === '2' && nfe.ide.indFinal === '1' && nfe.dest?.indIEDest === '9';

/** ICMS groups whose own tax is base x rate. */
const CST_COM_ALIQUOTA = new Set(['00', '10', '20', '70']);

/** CFOP's first digit: 5 internal, 6 interstate, 7 abroad (outgoing); 1, 2, 3 are incoming. */
const DESTINO_DO_CFOP: Record<string, string> = { '5': '1', '6': '2', '7': '3' };

export const REGRAS_ITENS: Regra[] = [
  {
    campo: 'det/prod/NCM',
    cStat: '778',
    xMotivo: 'Rejeição: Informado NCM inexistente',
    modelos: AMBOS,
    // Only the NCM no TIPI has (00000000); the TIPI table itself is not loaded (docs/local-authority.md).
    verificar: (nfe) => primeiroItem(nfe, (i) => i.ncm === '00000000'),
  },
  {
    campo: 'det/prod/CFOP',
    cStat: '518',
    xMotivo: 'Rejeição: CFOP de entrada para NF-e de saída',
    modelos: AMBOS,
    verificar: (nfe) => (nfe.ide.tpNF === '1' ? primeiroItem(nfe, (i) => ['1', '2', '3'].includes(i.cfop[0])) : null),
  },
  {
    campo: 'det/prod/CFOP',
    cStat: '733',
    xMotivo: 'Rejeição: CFOP de operação interna e idDest <> 1',
    modelos: AMBOS,
    verificar: (nfe) => primeiroItem(nfe, (i) => i.cfop[0] === '5' && nfe.ide.idDest !== DESTINO_DO_CFOP['5']),
  },
  {
    campo: 'det/prod/CFOP',
    cStat: '732',
    xMotivo: 'Rejeição: CFOP de operação interestadual e idDest <> 2',
    modelos: AMBOS,
    verificar: (nfe) => primeiroItem(nfe, (i) => i.cfop[0] === '6' && nfe.ide.idDest !== DESTINO_DO_CFOP['6']),
  },
  {
    campo: 'det/prod/CFOP',
    cStat: '731',
    xMotivo: 'Rejeição: CFOP de operação com Exterior e idDest <> 3',
    modelos: AMBOS,
    verificar: (nfe) => primeiroItem(nfe, (i) => i.cfop[0] === '7' && nfe.ide.idDest !== DESTINO_DO_CFOP['7']),
  },
  {
    campo: 'det/prod/CEST',
    cStat: '806',
    xMotivo: 'Rejeição: Operação com ICMS-ST sem informação do CEST',
    modelos: AMBOS,
    verificar: (nfe) => primeiroItem(nfe, (i) => comSt(i) && !i.cest),
  },
  {
    campo: 'det/imposto/ICMS/ICMS60',
    cStat: '938',
    xMotivo: 'Rejeição: Não informada vBCSTRet, pST, vICMSSubstituto e vICMSSTRet',
    modelos: SO_NFE,
    verificar: (nfe) =>
      nfe.ide.indFinal === '0' ? primeiroItem(nfe, (i) => (i.cst === '60' || i.csosn === '500') && RETIDO.some((campo) => i.icms[campo] === undefined)) : null,
  },
  {
    campo: 'det/imposto/ICMSUFDest',
    cStat: '694',
    xMotivo: 'Rejeição: Não informado o grupo de ICMS para a UF de destino',
    modelos: SO_NFE,
    verificar: (nfe) => (operacaoComDifal(nfe) ? primeiroItem(nfe, (i) => i.icmsUFDest === null) : null),
  },
  {
    campo: 'det/imposto/ICMSUFDest',
    cStat: '695',
    xMotivo: 'Rejeição: Informado indevidamente o grupo de ICMS para a UF de destino',
    modelos: AMBOS,
    verificar: (nfe) => (operacaoComDifal(nfe) ? null : primeiroItem(nfe, (i) => i.icmsUFDest !== null)),
  },
  {
    campo: 'det/imposto/ICMS/vICMS',
    cStat: '528',
    xMotivo: 'Rejeição: Valor do ICMS difere do produto BC e Alíquota',
    modelos: AMBOS,
    verificar: (nfe) =>
      nfe.ide.finNFe === '1'
        ? primeiroItem(nfe, (i) => {
            if (i.cst === null || !CST_COM_ALIQUOTA.has(i.cst)) return false;
            const vBC = decimal(i.icms.vBC ?? null) ?? 0;
            const pICMS = decimal(i.icms.pICMS ?? null, 4) ?? 0;
            const vICMS = decimal(i.icms.vICMS ?? null) ?? 0;
            // vBC (centavos) x pICMS (1/10,000 percent) / 1,000,000 = centavos; one centavo of tolerance (MOC).
            return Math.abs(vICMS - (vBC * pICMS) / 1_000_000) > 1;
          })
        : null,
  },
];
