import fs from 'node:fs';
import path from 'node:path';
import { generateApiTypes } from './api-types';

/**
 * `npm run codegen`: writes the page's API schema and operation types from the subgraphs' SDL.
 * `npm run codegen -- --check`: writes nothing; fails when a committed file is not what it would write.
 */
async function main(): Promise<void> {
  const admin = path.resolve(import.meta.dirname, '..');
  const generated = await generateApiTypes();
  const files = Object.entries(generated).map(([relative, content]) => ({ file: path.join(admin, relative), content }));
  if (process.argv.includes('--check')) {
    const stale = files.filter(({ file, content }) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content);
    if (stale.length) {
      console.error(`out of date, run npm run codegen: ${stale.map(({ file }) => path.relative(process.cwd(), file)).join(', ')}`);
      process.exitCode = 1;
    }
    return;
  }
  for (const { file, content } of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  console.log(`wrote ${files.map(({ file }) => path.relative(process.cwd(), file)).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
