import type { Ref } from 'react';
import type { SimulacaoImposto } from '../../api/operations/simulation';
import { RegimeChart } from '../../components/RegimeChart';
import { formatMoney, formatPercent } from '../../format';
import { REGIMES } from '../../labels';

/** The same operation in the three regimes: the chart, the figures in a table, and which one's lines are shown. */
export function RegimeComparison(props: { simulacoes: SimulacaoImposto[]; shownId: string | null; onShow: (s: SimulacaoImposto) => void; headingRef: Ref<HTMLHeadingElement> }) {
  const { simulacoes, shownId } = props;
  return (
    <section className="cartao" aria-labelledby="comparacao-titulo">
      <h2 id="comparacao-titulo" tabIndex={-1} ref={props.headingRef}>
        Comparação de regimes
      </h2>
      <RegimeChart
        series={simulacoes.map((s) => ({
          regime: s.regime,
          label: REGIMES[s.regime],
          total: s.totalDevido,
          load: s.cargaEfetiva,
          parts: s.linhas.filter((l) => !l.informativo && l.valor > 0).map((l) => ({ tributo: l.tributo, valor: l.valor })),
        }))}
      />
      <table>
        <caption>Comparação em números</caption>
        <thead>
          <tr>
            <th scope="col">Regime</th>
            <th scope="col" className="num">Total devido</th>
            <th scope="col" className="num">Carga efetiva</th>
            <th scope="col">Completo</th>
            <th scope="col">Detalhe</th>
          </tr>
        </thead>
        <tbody>
          {simulacoes.map((s) => (
            <tr key={s.id} className={shownId === s.id ? 'selecionada' : undefined}>
              <th scope="row">{REGIMES[s.regime]}</th>
              <td className="num">{formatMoney(s.totalDevido)}</td>
              <td className="num">{formatPercent(s.cargaEfetiva)}</td>
              <td>{s.completo ? 'sim' : 'não (total é um piso)'}</td>
              <td>
                <button type="button" aria-pressed={shownId === s.id} onClick={() => props.onShow(s)}>
                  Ver linhas
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
