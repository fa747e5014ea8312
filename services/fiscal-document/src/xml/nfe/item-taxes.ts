import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { dec2, percentual } from '../format';
import { linha, type DadosNfe, type ItemNfe } from './types';

/** IPI of an NF-e item, when the engine computed it (CST 50, taxed output; cEnq 999 "others"). */
export function escreverIpi(imposto: XMLBuilder, item: ItemNfe, dados: DadosNfe): void {
  const ipi = linha(item, 'IPI');
  if (dados.modelo !== 'NFE' || !ipi || ipi.valorCentavos <= 0) return;
  imposto
    .ele('IPI')
    .ele('cEnq').txt('999').up()
    .ele('IPITrib')
    .ele('CST').txt('50').up()
    .ele('vBC').txt(dec2(ipi.baseCentavos)).up()
    .ele('pIPI').txt(percentual(ipi.aliquota)).up()
    .ele('vIPI').txt(dec2(ipi.valorCentavos));
}

/** An item exported (CFOP 7.xxx). */
export const exportado = (item: ItemNfe): boolean => item.cfop.startsWith('7');

/** PIS and COFINS: CST 01 with the engine's figures; in the Simples Nacional (inside the DAS) CST 99 with zeros; an export CST 08. */
export function escreverPisCofins(imposto: XMLBuilder, item: ItemNfe): void {
  for (const tributo of ['PIS', 'COFINS'] as const) {
    const valor = linha(item, tributo);
    const grupo = imposto.ele(tributo);
    // An export's revenue is outside PIS and COFINS (Lei 10.637/2002 art. 5º I, Lei 10.833/2003 art. 6º I): CST 08.
    if (exportado(item)) {
      grupo.ele(`${tributo}NT`).ele('CST').txt('08');
      continue;
    }
    const aliquota = tributo === 'PIS' ? 'pPIS' : 'pCOFINS';
    const montante = tributo === 'PIS' ? 'vPIS' : 'vCOFINS';
    if (valor) {
      grupo.ele(`${tributo}Aliq`).ele('CST').txt('01').up().ele('vBC').txt(dec2(valor.baseCentavos)).up().ele(aliquota).txt(percentual(valor.aliquota)).up().ele(montante).txt(dec2(valor.valorCentavos));
    } else {
      grupo.ele(`${tributo}Outr`).ele('CST').txt('99').up().ele('vBC').txt('0.00').up().ele(aliquota).txt('0.00').up().ele(montante).txt('0.00');
    }
  }
}

/**
 * `ICMSUFDest` (EC 87/2015, LC 190/2022): the DIFAL of an interstate sale to a consumer who is not an ICMS taxpayer,
 * as the tax engine computed it (single base; the destination's share 100% since 2019).
 */
export function escreverDifal(imposto: XMLBuilder, item: ItemNfe): void {
  const d = item.difal;
  if (!d) return;
  const grupo = imposto.ele('ICMSUFDest');
  grupo.ele('vBCUFDest').txt(dec2(d.baseCentavos));
  if (d.baseFcpCentavos > 0) grupo.ele('vBCFCPUFDest').txt(dec2(d.baseFcpCentavos));
  if (d.aliquotaFcpDestino > 0) grupo.ele('pFCPUFDest').txt(percentual(d.aliquotaFcpDestino));
  grupo.ele('pICMSUFDest').txt(percentual(d.aliquotaInternaDestino));
  grupo.ele('pICMSInter').txt(percentual(d.aliquotaInterestadual));
  grupo.ele('pICMSInterPart').txt(percentual(d.percentualPartilhaDestino));
  if (d.fcpDestinoCentavos > 0) grupo.ele('vFCPUFDest').txt(dec2(d.fcpDestinoCentavos));
  grupo.ele('vICMSUFDest').txt(dec2(d.icmsDestinoCentavos));
  grupo.ele('vICMSUFRemet').txt(dec2(d.icmsRemetenteCentavos));
}

/** IBS/CBS (NT 2025.002-RTC): regime-normal issuers fill them from 2026 (Simples Nacional from 2027). */
export function escreverIbsCbs(imposto: XMLBuilder, item: ItemNfe, dados: DadosNfe): void {
  // An export is immune (CF art. 156-A §1º III, art. 195 §16; LC 214/2025 art. 8º): CST 410 "imunidade e não
  // incidência", cClassTrib 410004 "exportações de bens e serviços" of the cClassTrib table, whose rate type is
  // "sem alíquota": no gIBSCBS group, nothing in the totals.
  if (dados.emitente.crt === '3' && exportado(item)) {
    imposto.ele('IBSCBS').ele('CST').txt('410').up().ele('cClassTrib').txt('410004');
    return;
  }
  const cbs = linha(item, 'CBS');
  if (dados.emitente.crt !== '3' || !cbs) return;
  const ibsUf = linha(item, 'IBS_UF');
  const ibsMun = linha(item, 'IBS_MUN');
  const vIbs = (ibsUf?.valorCentavos ?? 0) + (ibsMun?.valorCentavos ?? 0);
  imposto
    .ele('IBSCBS')
    .ele('CST').txt('000').up()
    .ele('cClassTrib').txt('000001').up()
    .ele('gIBSCBS')
    .ele('vBC').txt(dec2(cbs.baseCentavos)).up()
    .ele('gIBSUF').ele('pIBSUF').txt(percentual(ibsUf?.aliquota ?? 0)).up().ele('vIBSUF').txt(dec2(ibsUf?.valorCentavos ?? 0)).up().up()
    .ele('gIBSMun').ele('pIBSMun').txt(percentual(ibsMun?.aliquota ?? 0)).up().ele('vIBSMun').txt(dec2(ibsMun?.valorCentavos ?? 0)).up().up()
    .ele('vIBS').txt(dec2(vIbs)).up()
    .ele('gCBS').ele('pCBS').txt(percentual(cbs.aliquota)).up().ele('vCBS').txt(dec2(cbs.valorCentavos));
}

/** `vItem` (NT 2025.002-RTC): the item's value with the taxes outside `vProd` (IPI, ICMS-ST, FCP-ST); in 2026 IBS/CBS are not added. */
export function valorItem(item: ItemNfe, dados: DadosNfe): number {
  const ipi = dados.modelo === 'NFE' ? (linha(item, 'IPI')?.valorCentavos ?? 0) : 0;
  // The ICMS-ST and FCP-ST the buyer pays through the issuer compose vItem as they compose vNF.
  const st = item.icms?.st;
  return item.valorCentavos + ipi + (st ? st.valorCentavos + st.fcpCentavos : 0);
}
