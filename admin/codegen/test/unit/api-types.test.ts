import fs from 'node:fs';
import path from 'node:path';
import { generateApiTypes } from '../../api-types';

/**
 * The page's API schema and operation types are committed (src/api/schema.graphql, src/api/generated/) and
 * checked by `npm run typecheck`; they must be what `npm run codegen` writes from the subgraphs' SDL and the page's
 * operations now, so a subgraph changed without regenerating them fails here.
 */
describe('admin api types - generated from the supergraph', () => {
  jest.setTimeout(60_000);

  it('admin api types - the committed schema and types are what npm run codegen writes now', async () => {
    const generated = await generateApiTypes();
    const committed = (file: string) => fs.readFileSync(path.join(__dirname, '..', '..', '..', file), 'utf8');
    // One assertion per file, so a failure names the file to regenerate.
    for (const [file, content] of Object.entries(generated)) expect({ file, upToDate: committed(file) === content }).toEqual({ file, upToDate: true });
  });
});
