import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Tributo } from '@erp/contracts';
import { dec2, percentual } from '../format';
import type { DadosXmlCte } from './types';

/** What the `imp` group is made of (CT-e and CT-e OS alike: TImp / TImpOS share ICMS00, ICMS45, ICMSSN and IBSCBS). */
type ImpostosCte = Pick<DadosXmlCte, 'emitente' | 'cst' | 'impostos' | 'valorPrestacaoCentavos'>;

const linha = (d: ImpostosCte, tributo: Tributo) => d.impostos.find((l) => l.tributo === tributo && !l.informativo) ?? d.impostos.find((l) => l.tributo === tributo) ?? null;

/**
 * `imp` of the CT-e: the ICMS of the service by the carrier's regime (ICMS00 with the engine's base, rate and value;
 * ICMS45 for CST 40/41/51; ICMSSN with indSN 1 in the Simples Nacional), then, for regime-normal carriers, the RTC
 * group `IBSCBS` (CST 000, cClassTrib 000001, gIBSCBS from the engine's CBS, IBS_UF and IBS_MUN lines) and `vTotDFe`
 * (the document's total: vTPrest in 2026, when IBS/CBS are not added to it; NT 2025.001-RTC).
 */
export function escreverImpostosCte(inf: XMLBuilder, d: ImpostosCte): void {
  const imp = inf.ele('imp');
  const icms = imp.ele('ICMS');
  if (d.emitente.crt === '1') {
    icms.ele('ICMSSN').ele('CST').txt('90').up().ele('indSN').txt('1');
  } else if (d.cst === '00') {
    const l = linha(d, 'ICMS');
    icms
      .ele('ICMS00')
      .ele('CST').txt('00').up()
      .ele('vBC').txt(dec2(l?.baseCentavos ?? 0)).up()
      .ele('pICMS').txt(percentual(l?.aliquota ?? 0)).up()
      .ele('vICMS').txt(dec2(l?.valorCentavos ?? 0));
  } else {
    icms.ele('ICMS45').ele('CST').txt(d.cst ?? '40');
  }
  const cbs = linha(d, 'CBS');
  if (d.emitente.crt === '3' && cbs) {
    const ibsUf = linha(d, 'IBS_UF');
    const ibsMun = linha(d, 'IBS_MUN');
    const vIbs = (ibsUf?.valorCentavos ?? 0) + (ibsMun?.valorCentavos ?? 0);
    imp
      .ele('IBSCBS')
      .ele('CST').txt('000').up()
      .ele('cClassTrib').txt('000001').up()
      .ele('gIBSCBS')
      .ele('vBC').txt(dec2(cbs.baseCentavos)).up()
      .ele('gIBSUF').ele('pIBSUF').txt(percentual(ibsUf?.aliquota ?? 0)).up().ele('vIBSUF').txt(dec2(ibsUf?.valorCentavos ?? 0)).up().up()
      .ele('gIBSMun').ele('pIBSMun').txt(percentual(ibsMun?.aliquota ?? 0)).up().ele('vIBSMun').txt(dec2(ibsMun?.valorCentavos ?? 0)).up().up()
      .ele('vIBS').txt(dec2(vIbs)).up()
      .ele('gCBS').ele('pCBS').txt(percentual(cbs.aliquota)).up().ele('vCBS').txt(dec2(cbs.valorCentavos));
    imp.ele('vTotDFe').txt(dec2(d.valorPrestacaoCentavos));
  }
}
