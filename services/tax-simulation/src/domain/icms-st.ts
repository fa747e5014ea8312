import { type Apuracao } from './apuracao';
import { aliquotaInterestadual, aliquotaInterna } from './icms';
import { type FaseTransicao } from './data/transicao';
import { aplicar, emPercentual, fracao, multiplicar, somar, subtrair, ZERO, type Fracao } from './fraction';
import { textoPercentual, textoReais } from './text';

const UM = fracao(1n);

/** Source of the ST base and value (the general rules every ST protocol and convention repeats). */
export const FONTE_ST =
  'LC 87/1996 art. 8º II (base: valor da operação com IPI, frete, seguro e encargos, mais a margem de valor agregado) e §§ 4º a 6º; ' +
  'Convênio ICMS 142/2018 (regras gerais da substituição tributária); MOC NF-e 7.0 grupos N (modBCST 4 MVA, 5 pauta)';

export interface EntradaSt {
  /** The operation's value with the IPI (centavos): the MVA applies to it. */
  valorComIpiCentavos: number;
  /** The own ICMS the ST deducts (centavos). */
  icmsProprioCentavos: number;
  /** Why that is the own ICMS, for the line's note. */
  origemProprio: string;
}

/**
 * The ICMS-ST the issuer charges as substitute for the next operations in the destination state:
 *   vBCST = (valor + IPI) x (1 + pMVAST) x (1 - pRedBCST), or the base given (pauta, list price) x (1 - pRedBCST);
 *   vICMSST = vBCST x pICMSST - vICMS próprio (never below zero);
 *   vBCFCPST = vBCST; vFCPST = vBCFCPST x pFCPST.
 * pICMSST is the destination's internal rate for the goods (the caller's, else the modal rate of the engine's table,
 * with the transition factor of 2029-2032), without its FCP; pFCPST the caller's, else the destination's general fund
 * (only RJ has one). Each value is rounded once, half up, to the centavo. Not a tax of the issuer's own: an
 * informative line, paid by the issuer on the buyer's behalf (its due date and GNRE are not simulated).
 */
export function apurarIcmsSt(a: Apuracao, fase: FaseTransicao, entrada: EntradaSt): void {
  const e = a.entrada;
  const st = e.icmsSt;
  if (!st || fase.fatorIcmsIss === null || e.ufDestino === null) return;
  const interna = aliquotaInterna(e.ufDestino, e.dataIso);
  const daLei: Fracao | null = st.aliquota ?? interna?.icms ?? null;
  if (daLei === null) {
    a.aviso(`ICMS-ST: sem alíquota interna de ${e.ufDestino} em vigor em ${e.dataIso}; informe icmsSt.aliquota.`);
    return;
  }
  const aliquota = multiplicar(daLei, fase.fatorIcmsIss);
  const aliquotaFcp = st.aliquotaFcp ?? interna?.fcp ?? ZERO;
  const reducao = st.reducaoBase ? subtrair(UM, st.reducaoBase) : UM;
  const baseCheia = st.baseCentavos ?? aplicar(entrada.valorComIpiCentavos, somar(UM, st.mva ?? ZERO));
  const base = aplicar(baseCheia, reducao);
  const valor = Math.max(0, aplicar(base, aliquota) - entrada.icmsProprioCentavos);
  const fcp = aplicar(base, aliquotaFcp);
  a.detalharIcms({
    st: {
      modalidade: st.baseCentavos !== null ? 5 : 4,
      mva: st.mva ? emPercentual(st.mva) : null,
      reducaoBase: st.reducaoBase ? emPercentual(st.reducaoBase) : null,
      baseCentavos: base,
      aliquota: emPercentual(aliquota),
      valorCentavos: valor,
      baseFcpCentavos: aliquotaFcp.n > 0n ? base : 0,
      aliquotaFcp: emPercentual(aliquotaFcp),
      fcpCentavos: fcp,
      icmsProprioCentavos: entrada.icmsProprioCentavos,
    },
  });
  const origemBase = st.baseCentavos !== null ? `base informada ${textoReais(st.baseCentavos)} (pauta ou preço de lista)` : `(valor + IPI) ${textoReais(entrada.valorComIpiCentavos)} × (1 + MVA ${textoPercentual(st.mva ?? ZERO)})`;
  const fonteAliquota = st.aliquota ? 'informada em icmsSt.aliquota' : (interna?.fonte ?? '');
  a.aviso(
    `ICMS-ST: base ${origemBase}${st.reducaoBase ? ` reduzida em ${textoPercentual(st.reducaoBase)}` : ''} = ${textoReais(base)}; ` +
      `${textoPercentual(aliquota)} (${e.ufDestino}: ${fonteAliquota}) − ICMS próprio ${textoReais(entrada.icmsProprioCentavos)} (${entrada.origemProprio}) = ${textoReais(valor)}` +
      `${fcp > 0 ? `; FCP-ST ${textoPercentual(aliquotaFcp)} = ${textoReais(fcp)}` : ''}. Retido do destinatário e recolhido pelo emitente (${FONTE_ST}).`,
  );
}

/**
 * The own ICMS a Simples Nacional substitute deducts from the ST: the ICMS of its operation at the rate a taxpayer of
 * the regime normal would use (internal or interstate), not the DAS share (LC 123/2006 art. 13 §1º XIII a; the
 * clause of Convênio ICMS 142/2018 that states the deduction was not read here: confirm).
 */
export function icmsProprioDoSimples(a: Apuracao, fase: FaseTransicao): number {
  const e = a.entrada;
  if (fase.fatorIcmsIss === null || e.ufOrigem === null || e.ufDestino === null) return 0;
  const daLei = e.ufOrigem === e.ufDestino ? aliquotaInterna(e.ufOrigem, e.dataIso)?.icms : aliquotaInterestadual(e.ufOrigem, e.ufDestino, e.mercadoriaImportada, e.dataIso).aliquota;
  return daLei ? aplicar(e.valorCentavos, multiplicar(daLei, fase.fatorIcmsIss)) : 0;
}
