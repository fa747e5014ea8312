import { type Apuracao } from './apuracao';
import { apurarCbsIbs, apurarImpostoSeletivo } from './cbs-ibs';
import { type FaseTransicao } from './data/transicao';
import { apurarIcms, icmsDasCompras } from './icms';
import { apurarIpi } from './ipi';
import { apurarLucroPresumido, apurarLucroReal } from './irpj-csll';
import { apurarIss } from './iss';
import { apurarPisCofins } from './pis-cofins';

/**
 * Lucro Presumido and Lucro Real: the document's own taxes (ICMS, IPI, ISS, PIS/COFINS, CBS/IBS, IS) in
 * the order their bases need them, then IRPJ and CSLL. An export (CFOP 7.xxx) is immune to all but the
 * income taxes.
 */
export function apurarRegimeNormal(a: Apuracao, fase: FaseTransicao): void {
  const e = a.entrada;
  if (e.cfop !== null && e.cfop.startsWith('7')) {
    a.aviso(
      'Exportação (CFOP 7.xxx): sem ICMS, IPI, PIS, COFINS, CBS, IBS e IS (CF arts. 149 §2º I, 153 §3º III, 153 §6º, 155 §2º X a, 156-A §1º III); ' +
        'a manutenção e o ressarcimento dos créditos não são simulados.',
    );
  } else {
    const icms = e.tipoDocumento === 'NFSE' ? null : apurarIcms(a, fase);
    const issCentavos = e.tipoDocumento === 'NFSE' ? apurarIss(a, fase) : 0;
    if (e.tipoDocumento === 'NFE') apurarIpi(a, fase);
    let icmsComprasCentavos = icms?.icmsComprasCentavos ?? 0;
    if (icms === null && e.comprasCentavos > 0 && fase.fatorIcmsIss !== null) {
      const compras = icmsDasCompras(e, fase.fatorIcmsIss);
      if (compras === null) a.aviso('Compras: sem UF nem aliquotaIcmsCompras, o ICMS das compras foi tomado como zero na base dos créditos.');
      icmsComprasCentavos = compras?.valorCentavos ?? 0;
    }
    const icmsCentavos = icms?.debitoCentavos ?? 0;
    const pisCofins = fase.pisCofins ? apurarPisCofins(a, icmsCentavos, icmsComprasCentavos) : { pisCentavos: 0, cofinsCentavos: 0 };
    const isCentavos = apurarImpostoSeletivo(a, fase);
    apurarCbsIbs(a, fase, { icmsCentavos, issCentavos, ...pisCofins, isCentavos, icmsComprasCentavos });
  }
  if (e.regime === 'LUCRO_REAL') apurarLucroReal(a);
  else apurarLucroPresumido(a);
}
