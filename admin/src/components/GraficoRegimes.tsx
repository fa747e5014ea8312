import { moeda, percentual } from '../format';

export interface SerieRegime {
  regime: string;
  rotulo: string;
  total: number;
  carga: number;
  partes: { tributo: string; valor: number }[];
}

/** One colour per tax, the same on every bar; chosen to stay apart for common colour-vision deficiencies. */
const CORES: Record<string, string> = {
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
const corDe = (tributo: string) => CORES[tributo] ?? '#5e3c99';

/**
 * The regime comparison as horizontal stacked bars drawn in SVG (no chart library): one bar per regime, one
 * segment per tax paid, the total at the end. The same figures are in the table under it, for screen readers
 * and for anyone who prefers numbers.
 */
export function GraficoRegimes(props: { series: SerieRegime[] }) {
  const largura = 720;
  const margemEsquerda = 150;
  const margemDireita = 130;
  const alturaBarra = 34;
  const espaco = 18;
  const topo = 10;
  const altura = topo + props.series.length * (alturaBarra + espaco);
  const maximo = Math.max(...props.series.map((s) => s.total), 0.01);
  const escala = (largura - margemEsquerda - margemDireita) / maximo;
  const menor = Math.min(...props.series.map((s) => s.total));
  const tributos = [...new Set(props.series.flatMap((s) => s.partes.map((p) => p.tributo)))];
  const resumo = props.series.map((s) => `${s.rotulo}: ${moeda(s.total)} (${percentual(s.carga)})`).join('; ');

  return (
    <figure className="grafico">
      <svg viewBox={`0 0 ${largura} ${altura}`} role="img" aria-labelledby="grafico-titulo grafico-desc" width="100%" preserveAspectRatio="xMinYMin meet">
        <title id="grafico-titulo">Total de impostos por regime</title>
        <desc id="grafico-desc">{resumo}</desc>
        {props.series.map((s, i) => {
          const y = topo + i * (alturaBarra + espaco);
          let x = margemEsquerda;
          return (
            <g key={s.regime}>
              <text x={margemEsquerda - 10} y={y + alturaBarra / 2} textAnchor="end" dominantBaseline="middle" className="grafico-rotulo">
                {s.rotulo}
              </text>
              {s.partes.map((p) => {
                const w = Math.max(p.valor * escala, 0);
                const seg = (
                  <rect key={p.tributo} x={x} y={y} width={w} height={alturaBarra} fill={corDe(p.tributo)}>
                    <title>{`${p.tributo}: ${moeda(p.valor)}`}</title>
                  </rect>
                );
                x += w;
                return seg;
              })}
              <text x={x + 8} y={y + alturaBarra / 2} dominantBaseline="middle" className={`grafico-total${s.total === menor ? ' grafico-menor' : ''}`}>
                {moeda(s.total)}
                {s.total === menor ? ' ◀ menor' : ''}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="legenda" aria-label="Legenda">
          {tributos.map((t) => (
            <li key={t}>
              <span className="amostra" style={{ background: corDe(t) }} aria-hidden="true" /> {t}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
