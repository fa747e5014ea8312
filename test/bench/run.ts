import fs from 'node:fs';
import { startIsolatedStack } from '../support/isolated-stack';
import { stockFerretdbBinary } from '../../scripts/stack/binaries';
import { benchFiscalDocuments, type EmissionRates } from './fiscal-documents';
import { benchIngestion } from './ingestion';
import { benchTaxSimulation } from './tax-simulation';
import { benchValidator } from './validator';

/** NF-e emission with 8 callers on the patched store: at least this many times the stock FerretDB's. */
const EMISSION_GOAL = 3;

/**
 * `npm run bench`: every figure against a baseline measured in the same run, on a throw-away stack; then the
 * emissions again on a second stack whose store runs the unpatched FerretDB, for the ratio of the two.
 * Figures only; nothing here passes or fails on time.
 */
async function main(): Promise<void> {
  // `BENCH_ONLY=ingestion`: the ingestion figures alone (about two and a half minutes), for comparing its ratios.
  if (process.env.BENCH_ONLY === 'ingestion') {
    const { stack, dataDir } = await startIsolatedStack('bench', 'warn');
    try {
      await benchIngestion({ ...stack, runs: Number(process.env.BENCH_RUNS ?? 9) });
    } finally {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  const validator = await benchValidator();
  console.log(
    `validator: ${validator.rowsPerSecond.toLocaleString('en-US')} rows/s on one core ` +
      `(median of ${validator.runs} runs of ${validator.rows.toLocaleString('en-US')} rows, ` +
      `${(validator.refusedShare * 100).toFixed(1)}% refused; goal >= 100,000)`,
  );

  const documents = Number(process.env.BENCH_FISCAL_DOCUMENTS ?? 64);
  const fill = Number(process.env.BENCH_FISCAL_FILL ?? 5_000);
  const { stack, dataDir } = await startIsolatedStack('bench', 'warn');
  let patched: EmissionRates;
  try {
    // 9 pairs of runs at each of four collection sizes: about four minutes on a 2-core machine.
    await benchIngestion({ ...stack, runs: Number(process.env.BENCH_RUNS ?? 9) });
    await benchTaxSimulation({ ...stack, runs: Number(process.env.BENCH_RUNS ?? 5) });
    patched = await benchFiscalDocuments({ ...stack, documents, fill });
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.MONGODB_URL) return;

  // The same emissions on a stack whose store runs the unpatched FerretDB release, as the stack ran it before the
  // patch (scripts/ferretdb-patch), at 1 and 8 callers.
  const stock = await startIsolatedStack('bench-stock', 'warn', { ferretdbBinary: stockFerretdbBinary() });
  try {
    const rates = await benchFiscalDocuments({ ...stock.stack, documents, fill, label: 'stock FerretDB', emissionOnly: [1, 8] });
    const ratio = patched[8]! / rates[8]!;
    console.log(`fiscal emission with 8 callers, patched / stock FerretDB: ${ratio.toFixed(2)} (goal >= ${EMISSION_GOAL}) ${ratio >= EMISSION_GOAL ? 'met' : 'NOT met'}`);
  } catch (error) {
    // An emission the stock store could not finish within the gateway's wait is a figure too, not a crash.
    console.log(`stock FerretDB: fiscal emission failed (${(error as Error).message.slice(0, 200)}): ratio not measurable, the stock store did not keep up`);
  } finally {
    await stock.stack.stop();
    fs.rmSync(stock.dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
