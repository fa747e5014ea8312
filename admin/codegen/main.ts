import fs from 'node:fs';
import path from 'node:path';
import { generateApiTypes, OUTPUTS } from './api-types';

/**
 * `npm run codegen`: writes the page's API schema and operation types from the subgraphs' SDL.
 * `npm run codegen -- --check`: writes nothing; fails when a committed file is not what it would write.
 */
async function main(): Promise<void> {
  const admin = path.resolve(import.meta.dirname, '..');
  const generated = await generateApiTypes();
  const files = (Object.keys(OUTPUTS) as (keyof typeof OUTPUTS)[]).map((kind) => ({ file: path.join(admin, OUTPUTS[kind]), content: generated[kind] }));
  if (process.argv.includes('--check')) {
    const stale = files.filter(({ file, content }) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content);
    if (stale.length) {
      console.error(`out of date, run npm run codegen: ${stale.map(({ file }) => path.relative(process.cwd(), file)).join(', ')}`);
      process.exitCode = 1;
    }
    return;
  }
  for (const { file, content } of files) fs.writeFileSync(file, content);
  console.log(`wrote ${files.map(({ file }) => path.relative(process.cwd(), file)).join(' and ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
