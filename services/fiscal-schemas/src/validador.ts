import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { aplicarCorrecao } from './correcoes';
import { PACOTES, type NomePacote } from './pacotes';

/** One schema error as libxml2 reports it: the line of the document and its message (naming the element). */
export interface ErroSchema {
  linha: number;
  mensagem: string;
}

export type ResultadoValidacao = { ok: true } | { ok: false; erros: ErroSchema[] };

/** What an enveloped signature over `#<referencia>` covers, canonicalized by libxml2 (C14N 1.0). */
export interface CanonicoAssinatura {
  elemento: string | null;
  signedInfo: string | null;
}

/**
 * This package's folder: `services/fiscal-schemas` in the sources, `dist/fiscal-schemas` in a build (scripts/build.ts
 * copies `schemas/` and the worker there), so the bundled processes find the same files.
 */
function raiz(): string {
  const candidatas = [path.resolve(__dirname, '..'), path.join(__dirname, 'fiscal-schemas')];
  const achada = candidatas.find((pasta) => fs.existsSync(path.join(pasta, 'schemas')));
  if (!achada) throw new Error(`schemas de @erp/fiscal-schemas não encontrados em ${candidatas.join(' nem em ')}`);
  return achada;
}

export const pastaDoPacote = (pacote: NomePacote) => path.join(raiz(), 'schemas', PACOTES[pacote].pasta);

/** The files of a package as libxml2 will read them (virtual paths `/<package>/<file>`), with its fixes applied. */
export function arquivosDoPacote(pacote: NomePacote): Record<string, Uint8Array> {
  const pasta = pastaDoPacote(pacote);
  const arquivos: Record<string, Uint8Array> = {};
  for (const arquivo of fs.readdirSync(pasta).filter((nome) => nome.endsWith('.xsd'))) {
    let conteudo: Uint8Array = fs.readFileSync(path.join(pasta, arquivo));
    for (const correcao of PACOTES[pacote].correcoes.filter((c) => c.arquivo === arquivo)) {
      conteudo = Buffer.from(aplicarCorrecao(Buffer.from(conteudo).toString('utf8'), correcao), 'utf8');
    }
    arquivos[`/${pacote}/${arquivo}`] = conteudo;
  }
  return arquivos;
}

type Pendente = { resolve: (valor: unknown) => void; reject: (erro: Error) => void };

/**
 * The one libxml2 worker of the process (started on first use): schemas are compiled there once per package and root
 * file and kept. It holds the process open only while a request is pending. Should it die, the pending requests fail
 * and the next one starts a new worker.
 */
class Libxml2 {
  private worker: Worker | null = null;
  private readonly pendentes = new Map<number, Pendente>();
  private readonly carregados = new Set<NomePacote>();
  private proximo = 0;

  private iniciar(): Worker {
    if (this.worker) return this.worker;
    // Plain JavaScript: none of the parent's preloads (tsx, the telemetry preload) apply to it.
    const worker = new Worker(path.join(raiz(), 'src', 'worker.mjs'), { execArgv: [] });
    worker.unref();
    worker.on('message', ({ id, resposta, falha }: { id: number; resposta?: unknown; falha?: string }) => {
      const pendente = this.pendentes.get(id);
      this.pendentes.delete(id);
      if (this.pendentes.size === 0) worker.unref();
      if (falha !== undefined) pendente?.reject(new Error(falha));
      else pendente?.resolve(resposta);
    });
    const perder = (erro: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.carregados.clear();
      for (const pendente of this.pendentes.values()) pendente.reject(erro);
      this.pendentes.clear();
    };
    worker.on('error', perder);
    worker.on('exit', (codigo) => perder(new Error(`o worker do libxml2 terminou (código ${codigo})`)));
    this.worker = worker;
    return worker;
  }

  pedir<T>(op: 'carregar' | 'validar' | 'c14n', dados: unknown): Promise<T> {
    const worker = this.iniciar();
    const id = (this.proximo += 1);
    return new Promise<T>((resolve, reject) => {
      this.pendentes.set(id, { resolve: resolve as (valor: unknown) => void, reject });
      if (this.pendentes.size === 1) worker.ref();
      worker.postMessage({ id, op, dados });
    });
  }

  async carregar(pacote: NomePacote): Promise<void> {
    if (this.carregados.has(pacote)) return;
    await this.pedir('carregar', arquivosDoPacote(pacote));
    this.carregados.add(pacote);
  }

  async encerrar(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.carregados.clear();
    if (worker) await worker.terminate();
  }
}

const libxml2 = new Libxml2();

/**
 * Validates `xml` against the root schema `arquivoRaiz` of an official package (e.g. `nfe_v4.00.xsd` for an `NFe`,
 * `enviNFe_v4.00.xsd` for a batch), with libxml2 (what xmllint runs). A document that is not well-formed is an error
 * too, with its line.
 */
export async function validarXml(pacote: NomePacote, arquivoRaiz: string, xml: string): Promise<ResultadoValidacao> {
  if (!/^[\w.-]+\.xsd$/.test(arquivoRaiz) || !fs.existsSync(path.join(pastaDoPacote(pacote), arquivoRaiz))) {
    throw new Error(`${arquivoRaiz} não existe no pacote ${pacote}`);
  }
  await libxml2.carregar(pacote);
  return libxml2.pedir<ResultadoValidacao>('validar', { pacote, raiz: arquivoRaiz, xml });
}

/**
 * libxml2's C14N 1.0 of what the XMLDSig signature over `#<referencia>` covers (its SignedInfo, and the referenced
 * element without any Signature inside it), so a verifier does not depend on the canonicalizer that signed.
 */
export function canonicalizarAssinatura(xml: string, referencia: string, opcoes: { exclusiva?: boolean } = {}): Promise<CanonicoAssinatura> {
  return libxml2.pedir<CanonicoAssinatura>('c14n', { xml, referencia, exclusiva: Boolean(opcoes.exclusiva) });
}

/** Stops the worker (tests, a graceful stop); the next call starts another. */
export function encerrarValidador(): Promise<void> {
  return libxml2.encerrar();
}
