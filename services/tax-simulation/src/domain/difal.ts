import { type Apuracao } from './apuracao';
import { FONTE_DIFAL, PARTILHA_DIFAL } from './data/difal';
import { type FaseTransicao } from './data/transicao';
import { aliquotaInterna, type IcmsApurado } from './icms';
import { aplicar, emPercentual, multiplicar } from './fraction';
import { textoPercentual } from './text';
import { vigenteObrigatorio } from './validity';

/** The DIFAL owed to the destination: ICMS and poverty fund, in centavos (they leave the CBS/IBS base). */
export interface DifalApurado {
  readonly icmsCentavos: number;
  readonly fcpCentavos: number;
}

const NENHUM: DifalApurado = { icmsCentavos: 0, fcpCentavos: 0 };

/**
 * The DIFAL of a sale to a final consumer who is not an ICMS taxpayer in another state, paid by the issuer to the
 * destination (`FONTE_DIFAL`), on the base única: the ICMS base of the operation (its value plus the IPI, CF art. 155
 * §2º XI). ICMS origin = base x interstate rate (the item's own ICMS, already computed); ICMS destination = base x the
 * destination's internal rate - ICMS origin (Convênio ICMS 93/2015 cláusula segunda §1º-A, the formula the NF-e
 * fields follow); poverty fund = base x the destination's FCP. Each rounded half up once. In 2029-2032 both rates are
 * reduced like every ICMS rate (ADCT art. 128). Destinations whose law takes another base were refused before.
 */
export function apurarDifal(a: Apuracao, fase: FaseTransicao, icms: IcmsApurado): DifalApurado {
  const e = a.entrada;
  if (fase.fatorIcmsIss === null || e.ufDestino === null || icms.baseCentavos === 0) return NENHUM;
  const destino = aliquotaInterna(e.ufDestino, e.dataIso, e.aliquotaFcp);
  if (destino === null) {
    a.aviso(`DIFAL: sem alíquota interna de ${e.ufDestino} em vigor em ${e.dataIso} na tabela embutida.`);
    return NENHUM;
  }
  const partilha = vigenteObrigatorio(PARTILHA_DIFAL, e.dataIso);
  const interna = multiplicar(destino.icms, fase.fatorIcmsIss);
  const fcp = multiplicar(destino.fcp, fase.fatorIcmsIss);
  const base = icms.baseCentavos;
  const icmsDestino = Math.max(0, aplicar(base, interna) - icms.debitoCentavos);
  const fcpDestino = aplicar(base, fcp);
  const regra = `${FONTE_DIFAL}; base única, alíquota interna de ${e.ufDestino} ${textoPercentual(interna)} menos a interestadual ${textoPercentual(icms.aliquotaOrigem)}`;
  a.adicionar({
    tributo: 'ICMS_UF_DEST',
    baseCentavos: base,
    aliquota: interna,
    valorCentavos: icmsDestino,
    fundamento: `DIFAL devido a ${e.ufDestino} pelo remetente na venda a consumidor final não contribuinte (${regra}; ${partilha.fonte}; ${destino.fonte}).`,
  });
  if (fcp.n > 0n) {
    a.adicionar({
      tributo: 'FCP_UF_DEST',
      baseCentavos: base,
      aliquota: fcp,
      valorCentavos: fcpDestino,
      fundamento: `Fundo de combate à pobreza de ${e.ufDestino} na venda a consumidor final não contribuinte (ADCT art. 82 §1º; ${FONTE_DIFAL}).`,
    });
  }
  a.difal = {
    baseCentavos: base,
    baseFcpCentavos: fcp.n > 0n ? base : 0,
    aliquotaFcpDestino: emPercentual(fcp),
    aliquotaInternaDestino: emPercentual(interna),
    aliquotaInterestadual: emPercentual(icms.aliquotaOrigem),
    percentualPartilhaDestino: emPercentual(partilha.destino),
    fcpDestinoCentavos: fcpDestino,
    icmsDestinoCentavos: icmsDestino,
    icmsRemetenteCentavos: 0,
  };
  return { icmsCentavos: icmsDestino, fcpCentavos: fcpDestino };
}
