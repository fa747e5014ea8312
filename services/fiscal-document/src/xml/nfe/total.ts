import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Tributo } from '@erp/contracts';
import { dec2 } from '../format';
import type { IcmsEscrito } from './icms';
import { valorItem } from './item-taxes';
import { linha, type DadosNfe, type ItemNfe } from './types';

const soma = (itens: ItemNfe[], tributo: Tributo, campo: 'baseCentavos' | 'valorCentavos') => itens.reduce((total, item) => total + (linha(item, tributo)?.[campo] ?? 0), 0);

const ZERO = '0.00';

/**
 * `total`: `ICMSTot` as the sums of what the items carry (the ICMS of the groups as written, IPI, PIS, COFINS),
 * `IBSCBSTot` when the items carry IBS/CBS, and `vNFTot` (= Σ vItem; in 2026 it equals vNF). Answers vNF.
 */
export function escreverTotal(inf: XMLBuilder, dados: DadosNfe, icms: IcmsEscrito[]): number {
  const { itens } = dados;
  const vProd = itens.reduce((t, item) => t + item.valorCentavos, 0);
  const vIpi = dados.modelo === 'NFE' ? soma(itens, 'IPI', 'valorCentavos') : 0;
  const st = (campo: 'vBCST' | 'vST' | 'vFCPST') => icms.reduce((t, g) => t + g[campo], 0);
  // vNF = vProd + vST + vFCPST + vIPI (W16-10: the ST the buyer pays through the issuer is part of the invoice).
  const vNf = vProd + st('vST') + st('vFCPST') + vIpi;
  const total = inf.ele('total');
  const icmsTot = total.ele('ICMSTot');
  const difal = itens.flatMap((item) => (item.difal ? [item.difal] : []));
  const totalDifal = (campo: 'fcpDestinoCentavos' | 'icmsDestinoCentavos' | 'icmsRemetenteCentavos') => dec2(difal.reduce((t, d) => t + d[campo], 0));
  const totais: [string, string][] = [
    ['vBC', dec2(icms.reduce((t, g) => t + g.vBC, 0))],
    ['vICMS', dec2(icms.reduce((t, g) => t + g.vICMS, 0))],
    ['vICMSDeson', ZERO],
    // The DIFAL totals, present when an item carries ICMSUFDest (SEFAZ 695 otherwise).
    ...(difal.length > 0
      ? ([
          ['vFCPUFDest', totalDifal('fcpDestinoCentavos')],
          ['vICMSUFDest', totalDifal('icmsDestinoCentavos')],
          ['vICMSUFRemet', totalDifal('icmsRemetenteCentavos')],
        ] as [string, string][])
      : []),
    ['vFCP', ZERO],
    ['vBCST', dec2(st('vBCST'))],
    ['vST', dec2(st('vST'))],
    ['vFCPST', dec2(st('vFCPST'))],
    ['vFCPSTRet', ZERO],
    ['vProd', dec2(vProd)],
    ['vFrete', ZERO],
    ['vSeg', ZERO],
    ['vDesc', ZERO],
    ['vII', ZERO],
    ['vIPI', dec2(vIpi)],
    ['vIPIDevol', ZERO],
    ['vPIS', dec2(soma(itens, 'PIS', 'valorCentavos'))],
    ['vCOFINS', dec2(soma(itens, 'COFINS', 'valorCentavos'))],
    ['vOutro', ZERO],
    ['vNF', dec2(vNf)],
  ];
  for (const [nome, valor] of totais) icmsTot.ele(nome).txt(valor);
  if (dados.emitente.crt === '3' && itens.some((item) => linha(item, 'CBS'))) {
    const vIbsUf = soma(itens, 'IBS_UF', 'valorCentavos');
    const vIbsMun = soma(itens, 'IBS_MUN', 'valorCentavos');
    total
      .ele('IBSCBSTot')
      .ele('vBCIBSCBS').txt(dec2(soma(itens, 'CBS', 'baseCentavos'))).up()
      .ele('gIBS')
      .ele('gIBSUF').ele('vDif').txt(ZERO).up().ele('vDevTrib').txt(ZERO).up().ele('vIBSUF').txt(dec2(vIbsUf)).up().up()
      .ele('gIBSMun').ele('vDif').txt(ZERO).up().ele('vDevTrib').txt(ZERO).up().ele('vIBSMun').txt(dec2(vIbsMun)).up().up()
      .ele('vIBS').txt(dec2(vIbsUf + vIbsMun)).up()
      .ele('vCredPres').txt(ZERO).up()
      .ele('vCredPresCondSus').txt(ZERO).up()
      .up()
      .ele('gCBS')
      .ele('vDif').txt(ZERO).up()
      .ele('vDevTrib').txt(ZERO).up()
      .ele('vCBS').txt(dec2(soma(itens, 'CBS', 'valorCentavos'))).up()
      .ele('vCredPres').txt(ZERO).up()
      .ele('vCredPresCondSus').txt(ZERO);
  }
  // vNFTot = Σ vItem (W60-10); in 2026 it equals vNF, since IBS/CBS are not added to the items.
  total.ele('vNFTot').txt(dec2(itens.reduce((t, item) => t + valorItem(item, dados), 0)));
  return vNf;
}
