import { type Apuracao, componente } from './apuracao';
import { COFINS_CUMULATIVA, COFINS_NAO_CUMULATIVA, PIS_CUMULATIVO, PIS_NAO_CUMULATIVO, type AliquotaDatada } from './data/tributos-federais';
import { aplicar } from './fraction';
import { emVigor } from './validity';

export interface PisCofinsApurados {
  /** The debits on the document, which the 2026 CBS/IBS base leaves out (whatever the credits). */
  readonly pisCentavos: number;
  readonly cofinsCentavos: number;
}

const BASE_SEM_ICMS = 'base sem o ICMS destacado (STF RE 574.706, Tema 69)';
const BASE_COM_ISS = 'base com o ISS (STF Tema 118 ainda não decidido)';

/**
 * PIS and COFINS while they exist (until 2026). Lucro Presumido: cumulative 0.65% and 3%, no credits.
 * Lucro Real: non-cumulative 1.65% and 7.6%, less the credit on `comprasCreditaveis` net of the ICMS they
 * carried (Lei 14.592/2023 took that ICMS out of the credit base).
 */
export function apurarPisCofins(a: Apuracao, icmsDebitoCentavos: number, icmsComprasCentavos: number): PisCofinsApurados {
  const e = a.entrada;
  const real = e.regime === 'LUCRO_REAL';
  const base = e.valorCentavos - icmsDebitoCentavos;
  const nota = e.tipoDocumento === 'NFSE' ? BASE_COM_ISS : BASE_SEM_ICMS;
  const baseCredito = real ? Math.max(0, e.comprasCentavos - icmsComprasCentavos) : 0;
  const uma = (tributo: 'PIS' | 'COFINS', tabela: readonly AliquotaDatada[]): number => {
    const vigente = emVigor(tabela, e.dataIso);
    if (!vigente) return 0;
    const debito = aplicar(base, vigente.aliquota);
    const credito = aplicar(baseCredito, vigente.aliquota);
    if (credito > debito) a.aviso(`${tributo}: o crédito das compras supera o débito; o saldo credor passa ao período seguinte.`);
    const creditoTexto = real && e.comprasCentavos > 0 ? '; crédito sobre as compras sem o ICMS nelas destacado (Lei 14.592/2023)' : '';
    a.adicionar({
      tributo,
      baseCentavos: base,
      aliquota: vigente.aliquota,
      valorCentavos: Math.max(0, debito - credito),
      fundamento: `${tributo} ${real ? 'não cumulativo' : 'cumulativo'} — ${vigente.fonte}; ${nota}${creditoTexto}.`,
      componentes:
        baseCredito > 0
          ? [componente('Débito da operação', base, vigente.aliquota, debito), componente('Crédito das compras', baseCredito, vigente.aliquota, -credito)]
          : undefined,
    });
    return debito;
  };
  return {
    pisCentavos: uma('PIS', real ? PIS_NAO_CUMULATIVO : PIS_CUMULATIVO),
    cofinsCentavos: uma('COFINS', real ? COFINS_NAO_CUMULATIVA : COFINS_CUMULATIVA),
  };
}
