import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__TEST_STACK__;
  if (!running) return;
  await running.stack.stop();
  // Keep the logs of a failed run for whoever investigates; a green run leaves nothing behind.
  if (!process.env.KEEP_TEST_DATA) fs.rmSync(running.dataDir, { recursive: true, force: true });
}
