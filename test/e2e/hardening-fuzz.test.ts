import { prepareContext } from '../hardening/fuzz/context';
import { describeFailure, runFuzz } from '../hardening/fuzz/runner';

/**
 * The small run of `npm run fuzz` inside `npm test`: 1,000 seeded hostile requests, 12 at a time, against the
 * test stack (whose rate limit stays at 60 a minute: a dozen tokens share the load). FUZZ_SEED changes the seed.
 * The other test files run beside it on the same two cores, so a bystander may wait up to 2 s here; the full
 * run (`npm run fuzz`, a stack of its own) holds it to 1 s.
 */
describe('hardening fuzz - 1,000 seeded hostile requests', () => {
  it('hardening fuzz - no 5xx, every refusal in its shape with a documented code, no data across companies, every process ready, no bystander over 2 s', async () => {
    const context = await prepareContext(12);
    const report = await runFuzz(context, {
      seed: Number(process.env.FUZZ_SEED ?? 20_261_122),
      count: 1_000,
      concurrency: 12,
      sentinelCeilingMs: 2_000,
    });
    expect(report.failures.map((failure) => describeFailure(failure, report.seed))).toEqual([]);
    expect(report.passed).toBe(report.requests + 4);
  }, 150_000);
});
