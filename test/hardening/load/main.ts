import fs from 'node:fs';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { SERVICES } from '../../../scripts/stack';
import { startIsolatedStack } from '../../support/isolated-stack';
import { graphql, newCompanyId, rest, sessionFor } from '../../support/env';
import { CRIAR } from '../../e2e/token-helpers';

/**
 * `npm run load`: a throw-away stack on 127.0.0.1, then one autocannon run per measure (LOAD_SECONDS each,
 * default 10, and at most LOAD_MAX_REQUESTS, default 20,000): discovery, a 500-row UPSERT batch that changes
 * every row, a GraphQL read through the gateway and the same read straight to the ingestion subgraph (their
 * latency ratio is the gateway's overhead, goal <= 1.3), and a settings GET. The rate limit is raised for
 * the run (it would otherwise be what is measured). Prints a table; the last line is `N passed, M failed`,
 * a measure failing when it saw errors, non-2xx answers, or (the overhead) when its goal is missed.
 */
const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const maxRequests = Number(process.env.LOAD_MAX_REQUESTS ?? 20_000);
const COMPANIES = 10;
const OVERHEAD_GOAL = 1.3;

interface Measure {
  name: string;
  connections: number;
  result: autocannon.Result;
  /** Answers that were 2xx but refusals all the same (GraphQL errors). */
  refused: number;
}

async function newToken(session: string): Promise<string> {
  const result = await graphql<{ criarTokenIngestao: { token: string } }>(CRIAR, { input: { nome: `load ${Math.random()}`, entidades: ['incidente_seguranca'] } }, session);
  if (!result.data) throw new Error(`load setup: ${JSON.stringify(result.errors)}`);
  return result.data.criarTokenIngestao.token;
}

function batch(counter: number): string {
  return JSON.stringify({
    linhas: Array.from({ length: 500 }, (_, i) => ({ codigo: `LOAD-${i}`, titulo: `carga ${counter}`, tipo: 'Integridade', severidade: 'Alta' })),
  });
}

async function run(
  name: string,
  options: Omit<autocannon.Options, 'duration' | 'maxOverallRequests'>,
  bodyRefused?: (body: string) => boolean,
): Promise<Measure> {
  let refused = 0;
  const requests = (options.requests ?? [{}]).map((request) => ({
    ...request,
    onResponse: (status: number, body: string) => {
      if (status < 300 && bodyRefused?.(body)) refused += 1;
    },
  }));
  const result = await autocannon({ ...options, requests, duration: seconds, maxOverallRequests: maxRequests });
  return { name, connections: options.connections ?? 10, result, refused };
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

async function main(): Promise<number> {
  process.env.INGESTION_RATE_LIMIT_PER_MINUTE ??= '1000000';
  delete process.env.MONGODB_URL;
  delete process.env.NATS_URL;
  console.log(`load: starting a throw-away stack (${seconds} s and at most ${maxRequests} requests per measure)`);
  const { stack, dataDir } = await startIsolatedStack('load', 'warn');
  try {
    process.env.TEST_GATEWAY_URL = stack.gatewayUrl;
    process.env.TEST_SESSION_SECRET = stack.sessionSecret;
    for (const service of SERVICES) process.env[`TEST_${service.name.toUpperCase().replace('-', '_')}_URL`] = stack.serviceUrls[service.name];

    // Ten companies, each with an admin, a token, one batch through the API and a history of 50 batches with
    // refused rows written straight to the store (the API would take minutes), so reads spread like real ones.
    const companies: { session: string; token: string }[] = [];
    const db = await mongoose.createConnection(stack.mongodbUrl, { dbName: 'erp_ingestion' }).asPromise();
    for (let i = 0; i < COMPANIES; i += 1) {
      const companyId = newCompanyId('load');
      const session = await sessionFor(companyId, 'admin');
      const token = await newToken(session);
      const reply = await rest('POST', '/api/ingestao-pub/incidente_seguranca', { bearer: token, body: JSON.parse(batch(0)) as unknown });
      if (reply.status !== 200) throw new Error(`load setup: batch answered ${reply.status}`);
      await db.collection('lotes').insertMany(
        Array.from({ length: 50 }, (_, b) => ({
          _id: `${companyId}-${b}`,
          companyId,
          tokenId: 'load',
          entidade: 'incidente_seguranca',
          origem: 'carga',
          prefixoToken: 'ing_load',
          modo: 'UPSERT',
          totalLinhas: 500,
          gravadas: 480,
          recusadas: 20,
          duplicadas: 0,
          recebidoEm: new Date(Date.now() - b * 60_000),
          duracaoMs: 900,
          linhasRecusadas: Array.from({ length: 20 }, (_, l) => ({ linha: l + 1, valores: JSON.stringify({ codigo: `R-${l}`, tipo: 'Ransomware' }), erros: ['tipo: valor "Ransomware" não reconhecido'] })),
        })) as never[],
      );
      companies.push({ session, token });
    }
    await db.close();
    let turn = 0;
    const nextCompany = () => companies[turn++ % companies.length];
    // What the history screen asks: a page of 50 batches with their refused rows.
    const READ = JSON.stringify({
      query: '{ historicoImportacoes(primeiros: 50) { itens { loteId entidade origem gravadas recusadas duplicadas recebidoEm linhasRecusadas { linha valores erros } } proximo } }',
    });
    const graphRefused = (body: string) => body.includes('"errors"');
    const graphRead = (url: string) => ({
      url: `${url}/graphql`,
      connections: 10,
      requests: [
        {
          method: 'POST' as const,
          body: READ,
          setupRequest: (request: autocannon.Request) => ({ ...request, headers: { 'content-type': 'application/json', authorization: `Bearer ${nextCompany().session}` } }),
        },
      ],
    });

    const measures: Measure[] = [];
    measures.push(
      await run('discovery `GET /api/ingestao-pub/entidades`', {
        url: `${stack.gatewayUrl}/api/ingestao-pub/entidades`,
        connections: 10,
        requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, headers: { authorization: `Bearer ${nextCompany().token}` } }) }],
      }),
    );
    let counter = 10;
    measures.push(
      await run(
        '500-row UPSERT batch, every row changed',
        {
          url: `${stack.gatewayUrl}/api/ingestao-pub/incidente_seguranca`,
          connections: 2,
          requests: [
            {
              method: 'POST',
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${nextCompany().token}` },
                body: batch((counter += 1)),
              }),
            },
          ],
        },
        (body) => !body.includes('"gravadas":500'),
      ),
    );
    const viaGateway = await run('GraphQL history read, through the gateway', graphRead(stack.gatewayUrl), graphRefused);
    const direct = await run('the same read, straight to the ingestion subgraph', graphRead(stack.serviceUrls.ingestion), graphRefused);
    measures.push(viaGateway, direct);
    measures.push(
      await run('settings `GET /api/erp/faturamento/configuracao`', {
        url: `${stack.gatewayUrl}/api/erp/faturamento/configuracao`,
        connections: 10,
        requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, headers: { authorization: `Bearer ${nextCompany().session}` } }) }],
      }),
    );

    console.log(`\n${row(['measure', 'connections', 'requests/s', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'errors / non-2xx / refused'])}`);
    console.log(row(['---', '---', '---', '---', '---', '---', '---', '---']));
    let passed = 0;
    let failed = 0;
    for (const measure of measures) {
      const { result } = measure;
      console.log(
        row([measure.name, measure.connections, result.requests.average.toFixed(result.requests.average < 10 ? 2 : 0), result.latency.p50, result.latency.p99, result.latency.max, result.requests.total, `${result.errors} / ${result.non2xx} / ${measure.refused}`]),
      );
      if (result.errors + result.non2xx + measure.refused === 0 && result.requests.total > 0) passed += 1;
      else {
        failed += 1;
        console.log(`  FAIL ${measure.name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${measure.refused} refused`);
      }
    }
    const ratio = viaGateway.result.latency.average / direct.result.latency.average;
    console.log(`\ngateway overhead (mean latency through the gateway / straight to the subgraph): ${ratio.toFixed(2)} (goal <= ${OVERHEAD_GOAL})`);
    if (ratio <= OVERHEAD_GOAL) passed += 1;
    else failed += 1;
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  } finally {
    await stack.stop();
    if (!process.env.KEEP_TEST_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
