import { type Apuracao } from './apuracao';
import { apurarCbsIbs, apurarImpostoSeletivo, cbsIbsDeCombustivel } from './cbs-ibs';
import { IMUNIDADE_IPI_COMBUSTIVEIS, type CombustivelMonofasico } from './data/combustiveis';
import { type FaseTransicao } from './data/transicao';
import { apurarDifal, type DifalApurado } from './difal';
import { apurarIcms, icmsDasCompras, type IcmsApurado } from './icms';
import { apurarIcmsSt } from './icms-st';
import { apurarIpi } from './ipi';
import { apurarLucroPresumido, apurarLucroReal } from './irpj-csll';
import { apurarIss } from './iss';
import { apurarPisCofins, pisCofinsMonofasico } from './pis-cofins';
import { ehExportacao, revendaDeCombustivel, temDifal } from './operacao';
import { avisoSemIcms, situacaoDoItem } from './situacao';

const EXPORTACAO_MERCADORIA =
  'Exportação (CFOP 7.xxx): sem ICMS, IPI, PIS, COFINS, CBS, IBS e IS (CF arts. 149 §2º I, 153 §3º III, 153 §6º, 155 §2º X a, 156-A §1º III); ' +
  'a manutenção e o ressarcimento dos créditos não são simulados.';
const EXPORTACAO_SERVICO =
  'Exportação de serviço: sem ISS (LC 116/2003 art. 2º I e parágrafo único), sem PIS e COFINS (MP 2.158-35/2001 art. 14 III e §1º; ' +
  'Lei 10.637/2002 art. 5º II; Lei 10.833/2003 art. 6º II), sem CBS e IBS (CF art. 156-A §1º III e art. 195 §16); IRPJ e CSLL seguem.';

/**
 * Lucro Presumido and Lucro Real: the document's own taxes (IPI, ICMS and DIFAL, ISS, PIS/COFINS, IS, CBS/IBS) in
 * the order their bases need them, then IRPJ and CSLL. An export of goods or services is immune to all but the
 * income taxes.
 */
export function apurarRegimeNormal(a: Apuracao, fase: FaseTransicao): void {
  const e = a.entrada;
  if (ehExportacao(a)) {
    if (e.issRetido) a.aviso('issRetido: na exportação de serviço não há ISS a reter; ignorado.');
    a.aviso(e.exportacaoServico ? EXPORTACAO_SERVICO : EXPORTACAO_MERCADORIA);
    if (e.exportacaoServico) a.premissa('Exportação de serviço: prestado a residente no exterior, com resultado lá e pagamento com ingresso de divisas.');
  } else {
    tributosDoDocumento(a, fase);
  }
  if (e.regime === 'LUCRO_REAL') apurarLucroReal(a);
  else apurarLucroPresumido(a);
}

function tributosDoDocumento(a: Apuracao, fase: FaseTransicao): void {
  const e = a.entrada;
  const combustivel = revendaDeCombustivel(a);
  let ipiCentavos = 0;
  if (e.tipoDocumento === 'NFE') {
    if (combustivel) a.aviso(`IPI: combustível imune (${IMUNIDADE_IPI_COMBUSTIVEIS}).`);
    else ipiCentavos = apurarIpi(a, fase);
  }
  const icms = e.tipoDocumento === 'NFSE' ? null : icmsDoItem(a, fase, combustivel, e.consumidorFinal ? ipiCentavos : 0);
  const difal: DifalApurado = icms !== null && temDifal(a) ? difalDoItem(a, fase, icms) : { icmsCentavos: 0, fcpCentavos: 0 };
  // CST 10 / 70 deduct the own ICMS as charged (reduced for 70); CST 30 has none of its own to deduct.
  if (e.tipoDocumento !== 'NFSE') {
    apurarIcmsSt(a, fase, { valorComIpiCentavos: e.valorCentavos + ipiCentavos, icmsProprioCentavos: icms?.debitoCentavos ?? 0, origemProprio: icms ? 'o desta operação' : 'sem ICMS próprio' });
  }
  const issCentavos = e.tipoDocumento === 'NFSE' ? apurarIss(a, fase) : 0;
  let icmsComprasCentavos = icms?.icmsComprasCentavos ?? 0;
  if (icms === null && e.comprasCentavos > 0 && fase.fatorIcmsIss !== null) {
    const compras = icmsDasCompras(e, fase.fatorIcmsIss);
    if (compras === null) a.aviso('Compras: sem UF nem aliquotaIcmsCompras, o ICMS das compras foi tomado como zero na base dos créditos.');
    icmsComprasCentavos = compras?.valorCentavos ?? 0;
  }
  const icmsCentavos = icms?.debitoCentavos ?? 0;
  let pisCofins = { pisCentavos: 0, cofinsCentavos: 0 };
  if (fase.pisCofins) pisCofins = combustivel ? pisCofinsMonofasico(a, combustivel) : apurarPisCofins(a, icmsCentavos, icmsComprasCentavos);
  const isCentavos = apurarImpostoSeletivo(a, fase);
  if (combustivel) {
    cbsIbsDeCombustivel(a, fase);
    return;
  }
  apurarCbsIbs(a, fase, { icmsCentavos, difalCentavos: difal.icmsCentavos + difal.fcpCentavos, issCentavos, ...pisCofins, isCentavos, icmsComprasCentavos });
}

/**
 * The issuer's own ICMS of the item, or none: a fuel resold after its single-phase ICMS, or a situation (CST) that
 * carries no ICMS of the issuer. Null means no ICMS line; the purchases' ICMS is then worked out for the credits.
 */
function icmsDoItem(a: Apuracao, fase: FaseTransicao, combustivel: CombustivelMonofasico | undefined, ipiNaBase: number): IcmsApurado | null {
  if (combustivel) {
    a.aviso(`ICMS monofásico já cobrado do produtor ou importador (${combustivel.icms.fonte}): a revenda de ${combustivel.descricao} não tem ICMS (CST 61).`);
    return null;
  }
  const situacao = situacaoDoItem(a);
  if (situacao !== null && situacao.efeito.efeito === 'SEM_ICMS') {
    avisoSemIcms(a, situacao);
    return null;
  }
  return apurarIcms(a, fase, ipiNaBase);
}

function difalDoItem(a: Apuracao, fase: FaseTransicao, icms: IcmsApurado): DifalApurado {
  const difal = apurarDifal(a, fase, icms);
  a.aviso('DIFAL: o ICMS e o FCP da UF de destino saem da base da CBS e do IBS (regra UB16-10 da NF-e) e ficam na base de PIS/COFINS (o STF, Tema 69, excluiu o ICMS destacado da operação; a exclusão do DIFAL não foi decidida).');
  return difal;
}
