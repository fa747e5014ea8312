import { simular, type LinhaSimulacao, type OpcoesSimulacao, type ResultadoSimulacao, type Tributo } from '../../src/domain';

/** The result of a simulation that must be valid (a test fails with the refusal otherwise). */
export function resultado(entrada: object, opcoes?: OpcoesSimulacao): ResultadoSimulacao {
  const s = simular(entrada, opcoes);
  if (!s.ok) throw new Error(`entrada recusada: ${JSON.stringify(s.erros)}`);
  return s.resultado;
}

export function linha(r: ResultadoSimulacao, tributo: Tributo): LinhaSimulacao {
  const l = r.linhas.find((x) => x.tributo === tributo);
  if (!l) throw new Error(`sem linha ${tributo}: ${r.linhas.map((x) => x.tributo).join(', ')}`);
  return l;
}

/** tributo -> valorCentavos, to compare a whole result with hand-computed figures at once. */
export function valores(r: ResultadoSimulacao): Partial<Record<Tributo, number>> {
  return Object.fromEntries(r.linhas.map((l) => [l.tributo, l.valorCentavos]));
}

export function vencimentos(r: ResultadoSimulacao): Partial<Record<Tributo, string | null>> {
  return Object.fromEntries(r.linhas.map((l) => [l.tributo, l.vencimento]));
}
