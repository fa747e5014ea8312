import { formatMoney, formatPercent } from '../format';
import { tributoLabel } from '../labels';

export interface RegimeSeries {
  regime: string;
  label: string;
  total: number;
  /** The effective tax load, in percent. */
  load: number;
  parts: { tributo: string; valor: number }[];
}

/** One colour per tax, the same on every bar; chosen to stay apart for common colour-vision deficiencies. */
const COLOURS: Record<string, string> = {
  DAS: '#1b6ca8',
  PIS: '#e08a00',
  COFINS: '#b35806',
  CSLL: '#7b3294',
  IRPJ: '#c2a5cf',
  ICMS: '#008837',
  IPI: '#a6dba0',
  ISS: '#d01c8b',
  CBS: '#4d4d4d',
  IBS_UF: '#878787',
  IBS_MUN: '#bababa',
  IS: '#e66101',
};
const colourOf = (tributo: string) => COLOURS[tributo] ?? '#5e3c99';

/**
 * The regime comparison as horizontal stacked bars drawn in SVG (no chart library): one bar per regime, one
 * segment per tax paid, the total at the end. The same figures are in the table under it, for screen readers
 * and for anyone who prefers numbers.
 */
export function RegimeChart(props: { series: RegimeSeries[] }) {
  const width = 720;
  const leftMargin = 150;
  const rightMargin = 130;
  const barHeight = 34;
  const gap = 18;
  const top = 10;
  const height = top + props.series.length * (barHeight + gap);
  const largest = Math.max(...props.series.map((s) => s.total), 0.01);
  const scale = (width - leftMargin - rightMargin) / largest;
  const smallest = Math.min(...props.series.map((s) => s.total));
  const taxes = [...new Set(props.series.flatMap((s) => s.parts.map((p) => p.tributo)))];
  const summary = props.series.map((s) => `${s.label}: ${formatMoney(s.total)} (${formatPercent(s.load)})`).join('; ');

  return (
    <figure className="grafico">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="grafico-titulo grafico-desc" width="100%" preserveAspectRatio="xMinYMin meet">
        <title id="grafico-titulo">Total de impostos por regime</title>
        <desc id="grafico-desc">{summary}</desc>
        {props.series.map((s, i) => {
          const y = top + i * (barHeight + gap);
          let x = leftMargin;
          return (
            <g key={s.regime}>
              <text x={leftMargin - 10} y={y + barHeight / 2} textAnchor="end" dominantBaseline="middle" className="grafico-rotulo">
                {s.label}
              </text>
              {s.parts.map((p) => {
                const w = Math.max(p.valor * scale, 0);
                const segment = (
                  <rect key={p.tributo} x={x} y={y} width={w} height={barHeight} fill={colourOf(p.tributo)}>
                    <title>{`${tributoLabel(p.tributo)}: ${formatMoney(p.valor)}`}</title>
                  </rect>
                );
                x += w;
                return segment;
              })}
              <text x={x + 8} y={y + barHeight / 2} dominantBaseline="middle" className={`grafico-total${s.total === smallest ? ' grafico-menor' : ''}`}>
                {formatMoney(s.total)}
                {s.total === smallest ? ' ◀ menor' : ''}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="legenda" aria-label="Legenda">
          {taxes.map((t) => (
            <li key={t}>
              <span className="amostra" style={{ background: colourOf(t) }} aria-hidden="true" /> {tributoLabel(t)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
