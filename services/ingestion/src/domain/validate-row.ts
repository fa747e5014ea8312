import { compilar, type Coleta, type EntidadeCompilada } from './fields';
import { Recusa } from './refusal';
import { formaCompacta } from './text';
import type { EntityDefinition, RowValidation } from './types';

const compiled = new WeakMap<EntityDefinition, EntidadeCompilada>();

function compiledFor(def: EntityDefinition): EntidadeCompilada {
  let entry = compiled.get(def);
  if (!entry) {
    entry = compilar(def);
    compiled.set(def, entry);
  }
  return entry;
}

/** How many ignored keys an aviso names; the rest are counted, so a row with junk keys stays readable. */
const CHAVES_LISTADAS = 5;
const CHAVE_CITADA_MAXIMO = 40;

function citarChave(key: string): string {
  return JSON.stringify(key.length > CHAVE_CITADA_MAXIMO ? `${key.slice(0, CHAVE_CITADA_MAXIMO)}...` : key);
}

function listarChaves(keys: string[]): string {
  const shown = keys.slice(0, CHAVES_LISTADAS).map(citarChave).join(', ');
  return keys.length > CHAVES_LISTADAS ? `${shown} e mais ${keys.length - CHAVES_LISTADAS}` : shown;
}

/**
 * Spec 4.1 rules 1-5 for one row. Only the definition's fields are read from the row and written to
 * `valores` (a prototype-less object), so keys such as `__proto__`, `constructor`, `$where` or `a.b`
 * can never travel further. Every problem of the row is reported, not just the first one.
 */
export function validateRow(def: EntityDefinition, raw: Record<string, unknown>): RowValidation {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, erros: ['a linha não é um objeto JSON com os campos da entidade.'] };
  }
  const entidade = compiledFor(def);

  // Keys the definition does not know: ignored (rule 5), but a label or a mis-cased field name sent as a
  // key is pointed out, because that is almost always what happened when a required field is "missing".
  let ignoradas: string[] | undefined;
  let rotulosComoChave: Map<string, string> | undefined;
  for (const key in raw) {
    if (entidade.porCampo.has(key)) continue;
    const campo = entidade.dicas.get(formaCompacta(key));
    if (campo !== undefined && !(campo in raw)) {
      rotulosComoChave ??= new Map();
      if (!rotulosComoChave.has(campo)) rotulosComoChave.set(campo, key);
    } else {
      (ignoradas ??= []).push(key);
    }
  }

  const coleta: Coleta = { avisos: [], referencias: [], usuarios: [] };
  const valores = Object.create(null) as Record<string, unknown>;
  let erros: string[] | undefined;

  for (const campo of entidade.campos) {
    let value = raw[campo.campo];
    if (typeof value === 'string') {
      value = value.trim();
      if (value === '') value = undefined;
    }
    if (value === undefined || value === null) {
      const usada = rotulosComoChave?.get(campo.campo);
      if (campo.def.obrigatorio) {
        const dica = usada === undefined ? '' : ` A chave ${citarChave(usada)} não é aceita: use "${campo.campo}" (o rótulo nunca é chave).`;
        (erros ??= []).push(`${campo.campo}: campo obrigatório não informado.${dica}`);
      } else if (usada !== undefined) {
        coleta.avisos.push(`chave ${citarChave(usada)} ignorada: use "${campo.campo}" (o rótulo nunca é chave)`);
      }
      continue;
    }
    const parsed = campo.parse(value, coleta);
    if (parsed instanceof Recusa) (erros ??= []).push(`${campo.campo}: ${parsed.mensagem}`);
    else valores[campo.campo] = parsed;
  }

  if (erros) return { ok: false, erros };
  // Avisos carry no final period; the service joins them, with its own, into the row's single `aviso`.
  if (ignoradas) coleta.avisos.push(`chaves desconhecidas ignoradas: ${listarChaves(ignoradas)}`);
  return {
    ok: true,
    chave: valores[def.chave] as string,
    valores,
    avisos: coleta.avisos,
    referencias: coleta.referencias,
    usuarios: coleta.usuarios,
  };
}

/** Exposed for tests and the benchmark: compiles (and so checks) a definition ahead of the first row. */
export function prepararEntidade(def: EntityDefinition): void {
  compiledFor(def);
}
