import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { divergencias } from '../src/fonte';
import { NOMES_PACOTES, type NomePacote } from '../src/pacotes';
import { arquivosDoPacote, pastaDoPacote } from '../src/validador';

/**
 * `npm run schemas:refresh -- <package> <folder>`: replaces a vendored package with the files of `<folder>` (a new
 * release taken whole, with its SOURCE.md listing every file's sha256). Refuses when the folder does not match its
 * own SOURCE.md, and when a fix of docs/fiscal-schemas.md no longer finds the official text it corrects (a person
 * then decides whether the defect is gone). The vendored files stay byte-identical to the folder's.
 */
function falhar(mensagem: string): never {
  console.error(`[schemas] ${mensagem}`);
  process.exit(1);
}

const [pacote, origem] = process.argv.slice(2);
if (!NOMES_PACOTES.includes(pacote as NomePacote) || !origem) {
  falhar(`uso: npm run schemas:refresh -- <${NOMES_PACOTES.join('|')}> <pasta com os arquivos e o SOURCE.md>`);
}
const pasta = path.resolve(origem);
if (!fs.existsSync(path.join(pasta, 'SOURCE.md'))) falhar(`${pasta} não tem SOURCE.md`);
const problemas = divergencias(pasta);
if (problemas.length > 0) falhar(`${pasta} não confere com o seu SOURCE.md:\n  ${problemas.join('\n  ')}`);

const destino = pastaDoPacote(pacote as NomePacote);
const anterior = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-anterior-'));
fs.cpSync(destino, anterior, { recursive: true });
fs.rmSync(destino, { recursive: true, force: true });
fs.mkdirSync(destino, { recursive: true });
for (const arquivo of fs.readdirSync(pasta)) fs.copyFileSync(path.join(pasta, arquivo), path.join(destino, arquivo));
try {
  const copiados = divergencias(destino);
  if (copiados.length > 0) throw new Error(`a cópia não confere: ${copiados.join('; ')}`);
  arquivosDoPacote(pacote as NomePacote);
} catch (error) {
  fs.rmSync(destino, { recursive: true, force: true });
  fs.cpSync(anterior, destino, { recursive: true });
  falhar(`${error instanceof Error ? error.message : String(error)}; o pacote anterior foi mantido`);
}
fs.rmSync(anterior, { recursive: true, force: true });
console.log(`[schemas] ${pacote}: ${fs.readdirSync(destino).length} arquivos de ${pasta}, sha256 conferidos com o SOURCE.md`);
