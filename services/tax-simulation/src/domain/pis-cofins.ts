import { type Apuracao, componente } from './apuracao';
import { COFINS_CUMULATIVA, COFINS_NAO_CUMULATIVA, PIS_CUMULATIVO, PIS_NAO_CUMULATIVO, type AliquotaDatada } from './data/tributos-federais';
import { type CombustivelMonofasico } from './data/combustiveis';
import { RECEITAS_CUMULATIVAS, type ReceitaCumulativa } from './data/receitas-cumulativas';
import { aplicar, ZERO } from './fraction';
import { emVigor } from './validity';

export interface PisCofinsApurados {
  /** The debits on the document, which the 2026 CBS/IBS base leaves out (whatever the credits). */
  readonly pisCentavos: number;
  readonly cofinsCentavos: number;
}

const BASE_SEM_ICMS = 'base sem o ICMS destacado (STF RE 574.706, Tema 69)';
const BASE_COM_ISS = 'base com o ISS (STF Tema 118 ainda não decidido)';

/** The Lucro Real revenue that stays cumulative for this service item on this date, if any. */
function receitaCumulativa(codigoServico: string | null, dataIso: string): ReceitaCumulativa | undefined {
  return codigoServico === null ? undefined : emVigor(RECEITAS_CUMULATIVAS.filter((r) => r.itens.includes(codigoServico)), dataIso);
}

/**
 * PIS and COFINS while they exist (until 2026). Lucro Presumido: cumulative 0.65% and 3%, no credits.
 * Lucro Real: non-cumulative 1.65% and 7.6%, less the credit on `comprasCreditaveis` net of the ICMS they
 * carried (Lei 14.592/2023 took that ICMS out of the credit base), except the revenues the law keeps cumulative
 * (Lei 10.833/2003 art. 10, by the service's LC 116 item), which pay 0.65% and 3% with no credit.
 */
export function apurarPisCofins(a: Apuracao, icmsDebitoCentavos: number, icmsComprasCentavos: number): PisCofinsApurados {
  const e = a.entrada;
  const cumulativa = e.regime === 'LUCRO_REAL' ? receitaCumulativa(e.codigoServico, e.dataIso) : undefined;
  if (cumulativa) {
    a.premissa(`Receita cumulativa no lucro real (${cumulativa.fonte}): supõe-se ${cumulativa.condicao}.`);
    a.aviso(`PIS/COFINS: item ${e.codigoServico} (${cumulativa.atividade}) permanece no regime cumulativo mesmo no lucro real, sem créditos (${cumulativa.fonte}).`);
  }
  const real = e.regime === 'LUCRO_REAL' && !cumulativa;
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
      fundamento: `${tributo} ${real ? 'não cumulativo' : 'cumulativo'} — ${vigente.fonte}${cumulativa ? `; receita mantida no cumulativo: ${cumulativa.fonte}` : ''}; ${nota}${creditoTexto}.`,
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

/**
 * The resale of a single-phase fuel: PIS and COFINS at rate zero (the producer or importer paid them for the whole
 * chain), shown as zero lines with the law; no credit on the fuel bought for resale.
 */
export function pisCofinsMonofasico(a: Apuracao, combustivel: CombustivelMonofasico): PisCofinsApurados {
  const e = a.entrada;
  for (const tributo of ['PIS', 'COFINS'] as const) {
    a.adicionar({
      tributo,
      baseCentavos: e.valorCentavos,
      aliquota: ZERO,
      valorCentavos: 0,
      fundamento: `${tributo} monofásico: alíquota zero na revenda de ${combustivel.descricao} (${combustivel.pisCofins}).`,
    });
  }
  return { pisCentavos: 0, cofinsCentavos: 0 };
}
