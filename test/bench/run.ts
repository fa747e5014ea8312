import fs from 'node:fs';
import { startIsolatedStack } from '../support/isolated-stack';
import { benchFiscalDocuments } from './fiscal-documents';
import { benchIngestion } from './ingestion';
import { benchTaxSimulation } from './tax-simulation';
import { benchValidator } from './validator';

/**
 * `npm run bench`: every figure against a baseline measured in the same run, on a throw-away stack.
 * Figures only; nothing here passes or fails on time.
 */
async function main(): Promise<void> {
  const validator = await benchValidator();
  console.log(
    `validator: ${validator.rowsPerSecond.toLocaleString('en-US')} rows/s on one core ` +
      `(median of ${validator.runs} runs of ${validator.rows.toLocaleString('en-US')} rows, ` +
      `${(validator.refusedShare * 100).toFixed(1)}% refused; goal >= 100,000)`,
  );

  const { stack, dataDir } = await startIsolatedStack('bench', 'warn');
  try {
    // 3 runs at each of three collection sizes: about two minutes on a 2-core machine.
    await benchIngestion({ ...stack, runs: Number(process.env.BENCH_RUNS ?? 3) });
    await benchTaxSimulation({ ...stack, runs: Number(process.env.BENCH_RUNS ?? 5) });
    await benchFiscalDocuments({ ...stack, documents: Number(process.env.BENCH_FISCAL_DOCUMENTS ?? 64) });
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
