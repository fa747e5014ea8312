import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A package's SOURCE.md lists every file with its size and sha256 (`| \`file\` | bytes | \`sha256\` |`): the
 * provenance the vendored copy is checked against, at refresh and by a unit test.
 */
export interface ArquivoListado {
  arquivo: string;
  bytes: number;
  sha256: string;
}

const LINHA = /^\| `([^`]+)` \| (\d+) \| `([0-9a-f]{64})` \|/;

export function arquivosListados(sourceMd: string): ArquivoListado[] {
  return sourceMd
    .split('\n')
    .map((linha) => LINHA.exec(linha))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ arquivo: m[1], bytes: Number(m[2]), sha256: m[3] }));
}

/**
 * What differs between a package folder and its SOURCE.md: a listed file missing or with another size or hash, a
 * file present but not listed. Empty when the folder is exactly what the list says.
 */
export function divergencias(pasta: string): string[] {
  const listados = arquivosListados(fs.readFileSync(path.join(pasta, 'SOURCE.md'), 'utf8'));
  if (listados.length === 0) return ['SOURCE.md não lista nenhum arquivo com sha256'];
  const problemas: string[] = [];
  for (const { arquivo, bytes, sha256 } of listados) {
    const caminho = path.join(pasta, arquivo);
    if (!fs.existsSync(caminho)) {
      problemas.push(`${arquivo}: listado e ausente`);
      continue;
    }
    const conteudo = fs.readFileSync(caminho);
    const hash = createHash('sha256').update(conteudo).digest('hex');
    if (hash !== sha256) problemas.push(`${arquivo}: sha256 ${hash} difere do listado ${sha256}`);
    else if (conteudo.length !== bytes) problemas.push(`${arquivo}: ${conteudo.length} bytes, listado com ${bytes}`);
  }
  const nomes = new Set(listados.map((l) => l.arquivo));
  for (const arquivo of fs.readdirSync(pasta)) {
    if (arquivo !== 'SOURCE.md' && !nomes.has(arquivo)) problemas.push(`${arquivo}: presente e não listado no SOURCE.md`);
  }
  return problemas;
}
