import { performance } from 'node:perf_hooks';
import { signDevSession } from '@erp/kit';
import { simular } from '../../services/tax-simulation/src/domain';

/**
 * Tax simulation: (1) the engine alone, simulations per second on one core (this process's thread; goal
 * >= 50,000), over a mix of documents, regimes and years; (2) through the gateway, the median latency of one
 * `simularImpostos` (settings look-up over NATS, engine, one insert) against a baseline of a trivial query
 * (`simulacaoImpostoDisponivel`) to the same subgraph, interleaved in the same run.
 */
export interface TaxSimulationBenchEnv {
  gatewayUrl: string;
  sessionSecret: string;
  runs?: number;
}

export interface TaxSimulationBench {
  engineSimulationsPerSecond: number;
  engineGoalMet: boolean;
  graphqlSimulationMedianMs: number;
  graphqlBaselineMedianMs: number;
  requests: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A realistic mix: every regime, every document model, 2026 (test CBS/IBS), 2027 and 2030 of the transition. */
const OPERACOES: Record<string, unknown>[] = [
  { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', anexoSimples: 'III', receitaBruta12Meses: 300000 },
  { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 },
  { tipoDocumento: 'NFE', valor: 50000, dataOperacao: '2026-03-10', regime: 'LUCRO_REAL', ufOrigem: 'SP', comprasCreditaveis: 20000, lucroRealTrimestre: 100000 },
  { tipoDocumento: 'CTE', valor: 10000, dataOperacao: '2026-08-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ufDestino: 'BA' },
  { tipoDocumento: 'NFE', valor: 1234.56, dataOperacao: '2027-05-20', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'RJ', ufDestino: 'MG', cfop: '6102', ncm: '85171300' },
  { tipoDocumento: 'NFCE', valor: 89.9, dataOperacao: '2030-02-14', regime: 'SIMPLES_NACIONAL', ufOrigem: 'PR' },
];
const EMPRESA = { empresa: { uf: 'SP', aliquotaDas: 6 } };

export function benchTaxEngine(runs = 5, simulations = 200_000): { perSecond: number; runs: number } {
  for (let i = 0; i < 20_000; i += 1) simular(OPERACOES[i % OPERACOES.length], EMPRESA);
  const rates: number[] = [];
  let sink = 0;
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    for (let i = 0; i < simulations; i += 1) {
      const r = simular(OPERACOES[i % OPERACOES.length], EMPRESA);
      if (r.ok) sink += r.resultado.totalDevidoCentavos;
      else throw new Error(`bench operation refused: ${JSON.stringify(r.erros)}`);
    }
    rates.push(simulations / ((performance.now() - start) / 1000));
  }
  if (sink === 0) throw new Error('no tax computed');
  return { perSecond: Math.round(median(rates)), runs };
}

async function timed(url: string, session: string, body: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` }, body });
  const json = (await response.json()) as { errors?: unknown };
  const ms = performance.now() - start;
  if (!response.ok || json.errors) throw new Error(`bench request failed: ${JSON.stringify(json)}`);
  return ms;
}

export async function benchTaxSimulation(env: TaxSimulationBenchEnv): Promise<TaxSimulationBench> {
  const engine = benchTaxEngine(env.runs ?? 5);
  console.log(
    `tax engine: ${engine.perSecond.toLocaleString('en-US')} simulations/s on one core ` +
      `(median of ${engine.runs} runs of 200,000 over ${OPERACOES.length} operation kinds; goal >= 50,000)`,
  );

  const session = await signDevSession(env.sessionSecret, { companyId: `bench-tax-${Date.now()}`, role: 'admin', userId: 'bench' });
  const url = `${env.gatewayUrl}/graphql`;
  const simulation = JSON.stringify({
    query: 'mutation ($input: SimularImpostosInput!) { simularImpostos(input: $input) { id totalDevido linhas { tributo valor vencimento } } }',
    variables: { input: OPERACOES[1] },
  });
  const baseline = JSON.stringify({ query: '{ simulacaoImpostoDisponivel }' });
  const requests = 40 * (env.runs ?? 5);
  for (let i = 0; i < 20; i += 1) {
    await timed(url, session, baseline);
    await timed(url, session, simulation);
  }
  const simulationMs: number[] = [];
  const baselineMs: number[] = [];
  // Interleaved, one at a time: both see the same machine load, and each figure is one request's latency.
  for (let i = 0; i < requests; i += 1) {
    baselineMs.push(await timed(url, session, baseline));
    simulationMs.push(await timed(url, session, simulation));
  }
  const result: TaxSimulationBench = {
    engineSimulationsPerSecond: engine.perSecond,
    engineGoalMet: engine.perSecond >= 50_000,
    graphqlSimulationMedianMs: median(simulationMs),
    graphqlBaselineMedianMs: median(baselineMs),
    requests,
  };
  console.log(
    `tax simulation through GraphQL: median ${result.graphqlSimulationMedianMs.toFixed(2)} ms per simularImpostos ` +
      `vs ${result.graphqlBaselineMedianMs.toFixed(2)} ms for the trivial query to the same subgraph ` +
      `(${requests} of each, interleaved; the difference is the settings look-up, the engine and one insert)`,
  );
  return result;
}
