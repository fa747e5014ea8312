import type { ItemLido, NfeLida } from '../nfe-lida';
import { centavos, reais } from '../xml';
import { AMBOS, SO_NFE, type Regra } from './regra';

/**
 * The totals (group W) against the items: every ICMSTot and IBSCBSTot value equals the sum of the same value over
 * the items, to the centavo; vNF equals the sum of what composes it (W16-10). Values in ICMS groups count only for
 * items that compose the total (indTot 1), like vProd; the others count for every item (MOC 7.0 group W).
 */
const participa = (i: ItemLido) => i.indTot === '1';
const deIcms = (campo: string) => (i: ItemLido) => (participa(i) ? centavos(i.icms[campo] ?? null) : 0);
const deDifal = (campo: string) => (i: ItemLido) => centavos(i.icmsUFDest?.[campo] ?? null);

function soma(nfe: NfeLida, valor: (i: ItemLido) => number): number {
  return nfe.itens.reduce((total, item) => total + valor(item), 0);
}

/** A total compared with its items: null when equal, else the two figures for the message. */
function conferir(informado: string | undefined, somaItens: number): string | null {
  const total = centavos(informado ?? null);
  return total === somaItens ? null : `[informado ${reais(total)}, soma dos itens ${reais(somaItens)}]`;
}

function totalIcms(campo: string, cStat: string, xMotivo: string, valor: (i: ItemLido) => number, modelos: Regra['modelos'] = AMBOS): Regra {
  return { campo: `total/ICMSTot/${campo}`, cStat, xMotivo, modelos, verificar: (nfe) => conferir(nfe.icmsTot[campo], soma(nfe, valor)) };
}

function totalIbsCbs(campo: string, cStat: string, xMotivo: string, valor: (ibscbs: NonNullable<ItemLido['ibscbs']>) => number): Regra {
  return {
    campo: `total/IBSCBSTot/${campo}`,
    cStat,
    xMotivo,
    modelos: AMBOS,
    verificar: (nfe) => (nfe.ibscbsTot ? conferir(nfe.ibscbsTot[campo], soma(nfe, (i) => (i.ibscbs ? valor(i.ibscbs) : 0))) : null),
  };
}

/**
 * vNF = vProd - vDesc - vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol (+ vServ, which
 * the ISSQN group we never receive carries). The MOC accepts vNF with or without vICMSDeson deducted (exception 3 of
 * W16-10); in 2026 IBS and CBS are not added to vNF (NT 2025.002).
 */
function conferirVNF(nfe: NfeLida): string | null {
  const t = (campo: string) => centavos(nfe.icmsTot[campo] ?? null);
  const semDesoneracao = t('vProd') - t('vDesc') + t('vST') + t('vFCPST') + t('vFrete') + t('vSeg') + t('vOutro') + t('vII') + t('vIPI') + t('vIPIDevol');
  const vNF = t('vNF');
  if (vNF === semDesoneracao || vNF === semDesoneracao - t('vICMSDeson')) return null;
  return `[informado ${reais(vNF)}, calculado ${reais(semDesoneracao - t('vICMSDeson'))}]`;
}

export const REGRAS_TOTAIS: Regra[] = [
  totalIcms('vBC', '531', 'Rejeição: Total da BC ICMS difere do somatório dos itens', deIcms('vBC')),
  totalIcms('vICMS', '532', 'Rejeição: Total do ICMS difere do somatório dos itens', deIcms('vICMS')),
  totalIcms('vICMSDeson', '795', 'Rejeição: Total do ICMS desonerado difere do somatório dos itens', (i) => centavos(i.icms.vICMSDeson ?? null)),
  totalIcms('vFCPUFDest', '798', 'Rejeição: Valor total do ICMS relativo Fundo de Combate à Pobreza (FCP) da UF de destino difere do somatório do valor dos itens', deDifal('vFCPUFDest'), SO_NFE),
  totalIcms('vICMSUFDest', '799', 'Rejeição: Valor total do ICMS Interestadual da UF de destino difere do somatório dos itens', deDifal('vICMSUFDest'), SO_NFE),
  totalIcms('vICMSUFRemet', '800', 'Rejeição: Valor total do ICMS Interestadual da UF do remetente difere do somatório dos itens', deDifal('vICMSUFRemet'), SO_NFE),
  totalIcms('vFCP', '861', 'Rejeição: Total do FCP difere do somatório dos itens', deIcms('vFCP')),
  totalIcms('vBCST', '533', 'Rejeição: Total da BC ICMS-ST difere do somatório dos itens', deIcms('vBCST')),
  totalIcms('vST', '534', 'Rejeição: Total do ICMS-ST difere do somatório dos itens', deIcms('vICMSST')),
  totalIcms('vFCPST', '862', 'Rejeição: Total do FCP ST difere do somatório dos itens', deIcms('vFCPST'), SO_NFE),
  totalIcms('vFCPSTRet', '859', 'Rejeição: Total do FCP retido anteriormente por Substituição Tributária difere do somatório dos itens', deIcms('vFCPSTRet'), SO_NFE),
  totalIcms('vProd', '564', 'Rejeição: Total do Produto / Serviço difere do somatório dos itens', (i) => (participa(i) ? i.vProd : 0)),
  totalIcms('vFrete', '535', 'Rejeição: Total do Frete difere do somatório dos itens', (i) => i.vFrete),
  totalIcms('vSeg', '536', 'Rejeição: Total do Seguro difere do somatório dos itens', (i) => i.vSeg),
  totalIcms('vDesc', '537', 'Rejeição: Total do Desconto difere do somatório dos itens', (i) => i.vDesc),
  totalIcms('vII', '601', 'Rejeição: Total do II difere do somatório dos itens', (i) => i.vII),
  totalIcms('vIPI', '538', 'Rejeição: Total do IPI difere do somatório dos itens', (i) => i.vIPI),
  totalIcms('vIPIDevol', '863', 'Rejeição: Total do IPI devolvido difere do somatório dos itens', (i) => i.vIPIDevol, SO_NFE),
  totalIcms('vPIS', '602', 'Rejeição: Total do PIS difere do somatório dos itens sujeitos ao ICMS', (i) => i.vPIS),
  totalIcms('vCOFINS', '603', 'Rejeição: Total da COFINS difere do somatório dos itens sujeitos ao ICMS', (i) => i.vCOFINS),
  totalIcms('vOutro', '604', 'Rejeição: Total do vOutro difere do somatório dos itens', (i) => i.vOutro),
  { campo: 'total/ICMSTot/vNF', cStat: '610', xMotivo: 'Rejeição: Total da NF difere do somatório dos Valores compõe o valor Total da NF.', modelos: AMBOS, verificar: conferirVNF },
  totalIbsCbs('vBCIBSCBS', '1076', 'Rejeição: Total da BC do IBS e da CBS difere da soma dos itens', (g) => g.vBC),
  totalIbsCbs('vIBSUF', '1080', 'Rejeição: Total de IBS UF difere da soma dos itens', (g) => g.vIBSUF),
  totalIbsCbs('vIBSMun', '1084', 'Rejeição: Total de IBS Municipal difere da soma dos itens', (g) => g.vIBSMun),
  totalIbsCbs('vIBS', '1085', 'Rejeição: Total do IBS difere da soma do vIBS dos itens', (g) => g.vIBS),
  totalIbsCbs('vCBS', '1091', 'Rejeição: Total de CBS difere da soma dos itens', (g) => g.vCBS),
];
