/**
 * The operation types as the codegen prints them (one file: its internal helpers, the schema's enums, the inputs,
 * then the operations' own types) split by job (the helpers go with the enums) into files under `src/api/generated/`, each importing the names
 * it uses from the others, and an index re-exporting them: `import type * as G from '../generated'` reads them all.
 * An operation's declaration names its `Variables`, `Query`, `Mutation` or `Fragment`.
 */
const PARTS = ['enums', 'inputs', 'operations'] as const;
type Part = (typeof PARTS)[number];

const nameOf = (block: string): string | null => /^(?:\/\*\*[\s\S]*?\*\/\n)?(?:export )?type (\w+)/.exec(block)?.[1] ?? null;
const isOperation = (name: string) => /(Variables|Query|Mutation|Fragment)$/.test(name);

/** The printed file's top-level declarations, each with the doc comment above it (the codegen leaves no blank line between some). */
function declarations(printed: string): string[] {
  const found: string[][] = [];
  let previous = '';
  for (const line of printed.trim().split('\n')) {
    const starts = line.startsWith('/**') || (/^(export )?type /.test(line) && !previous.trimEnd().endsWith('*/'));
    if (starts || found.length === 0) found.push([]);
    if (line !== '') found[found.length - 1].push(line);
    previous = line;
  }
  return found.map((lines) => lines.join('\n')).filter((text) => text !== '');
}

export function splitTypes(printed: string, header: string): Record<string, string> {
  const blocks = declarations(printed);
  const parts: Record<Part, string[]> = { enums: [], inputs: [], operations: [] };
  let operations = false;
  for (const raw of blocks) {
    // The codegen's internal helpers (Exact, Incremental) are shared by the files now: exported.
    const block = raw.replace(/^(\/\*\*[^\n]*\*\/\n)?type /, '$1export type ');
    const name = nameOf(block);
    if (name && isOperation(name)) operations = true;
    const internal = block.startsWith('/** Internal type');
    const part: Part = operations ? 'operations' : !internal && / = \{/.test(block) ? 'inputs' : 'enums';
    parts[part].push(block);
  }
  const names = Object.fromEntries(PARTS.map((p) => [p, parts[p].map(nameOf).filter((n): n is string => n !== null)])) as Record<Part, string[]>;
  const files: Record<string, string> = {};
  for (const part of PARTS) {
    const body = parts[part].join('\n\n');
    const imports = PARTS.filter((other) => other !== part)
      .map((other) => [other, names[other].filter((n) => new RegExp(`\\b${n}\\b`).test(body))] as const)
      .filter(([, used]) => used.length > 0)
      .map(([other, used]) => `import type { ${used.join(', ')} } from './${other}';\n`)
      .join('');
    files[`${part}.ts`] = `${header}${imports}${imports ? '\n' : ''}${body}\n`;
  }
  files['index.ts'] = `${header}${PARTS.map((p) => `export type * from './${p}';`).join('\n')}\n`;
  return files;
}
