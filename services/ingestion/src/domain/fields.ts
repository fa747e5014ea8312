import { isEmail } from '@erp/contracts';
import { parseCompetencia, parseData } from './dates';
import { parseNumeroTexto } from './numbers';
import { Recusa } from './refusal';
import { citar, formaCompacta, nomeDoTipo, normalizar } from './text';
import type { EntityDefinition, FieldDefinition, PendingReference, PendingUser } from './types';

/** What one row collects besides its values; the parsers of `referencia` and `usuario` fields add to it. */
export interface Coleta {
  avisos: string[];
  referencias: PendingReference[];
  usuarios: PendingUser[];
}

/** Turns a present, non-empty value into its stored form, or a refusal. Strings arrive trimmed. */
type Parser = (value: unknown, coleta: Coleta) => unknown;

interface CampoCompilado {
  readonly def: FieldDefinition;
  readonly campo: string;
  readonly parse: Parser;
}

export interface EntidadeCompilada {
  readonly def: EntityDefinition;
  readonly campos: readonly CampoCompilado[];
  readonly porCampo: ReadonlyMap<string, CampoCompilado>;
  /** Compact form of every label and field name -> the field, to explain a label sent as a key. */
  readonly dicas: ReadonlyMap<string, string>;
}

export const TEXTO_MAXIMO_PADRAO = 255;
export const CODIGO_MAXIMO = 100;
const SAFE_FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

const VERDADEIRO = ['sim', 's', 'true', 'verdadeiro', 'v', 'yes', 'y', '1'];
const FALSO = ['nao', 'n', 'false', 'falso', 'f', 'no', '0'];
const BOOLEANOS: ReadonlyMap<string, boolean> = new Map([
  ...VERDADEIRO.map((word) => [word, true] as const),
  ...FALSO.map((word) => [word, false] as const),
]);

function tipoErrado(esperado: string, value: unknown): Recusa {
  return new Recusa(`esperado ${esperado}, recebido ${nomeDoTipo(value)}.`);
}

function textParser(field: FieldDefinition): (value: unknown) => string | Recusa {
  const max = field.maxLength ?? TEXTO_MAXIMO_PADRAO;
  return (value) => {
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
    else return tipoErrado('texto', value);
    if (text.length > max) return new Recusa(`texto com ${text.length} caracteres; o máximo é ${max}.`);
    return text;
  };
}

function numberParser(field: FieldDefinition): Parser {
  const inteiro = field.tipo === 'inteiro';
  const { min, max } = field;
  return (value) => {
    let n: number | Recusa;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return new Recusa('número inválido.');
      n = value;
    } else if (typeof value === 'string') {
      n = parseNumeroTexto(value);
      if (n instanceof Recusa) return n;
    } else {
      return tipoErrado('número', value);
    }
    if (inteiro && !Number.isInteger(n)) return new Recusa(`esperado número inteiro, recebido ${citar(String(value))}.`);
    if (min !== undefined && n < min) return new Recusa(`o valor ${n} é menor que o mínimo ${min}.`);
    if (max !== undefined && n > max) return new Recusa(`o valor ${n} é maior que o máximo ${max}.`);
    return n;
  };
}

function enumParser(field: FieldDefinition): Parser {
  const opcoes = field.opcoes ?? [];
  const exact = new Map<string, string>();
  const normalized = new Map<string, { valor: string; sinonimo: boolean }>();
  for (const opcao of opcoes) {
    exact.set(opcao.valor, opcao.valor);
    const words = [[opcao.valor, false] as const, ...(opcao.sinonimos ?? []).map((s) => [s, true] as const)];
    for (const [word, sinonimo] of words) {
      const key = normalizar(word);
      const taken = normalized.get(key);
      if (taken && taken.valor !== opcao.valor) {
        throw new Error(`definition bug: ${field.campo} maps "${word}" to both ${taken.valor} and ${opcao.valor}`);
      }
      if (!taken) normalized.set(key, { valor: opcao.valor, sinonimo });
    }
  }
  const lista = opcoes.map((o) => o.valor).join(', ');
  return (value, coleta) => {
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
    else return tipoErrado(`um destes valores (${lista})`, value);
    const direct = exact.get(text);
    if (direct !== undefined) return direct;
    const found = normalized.get(normalizar(text));
    if (found === undefined) return new Recusa(`valor ${citar(text)} não reconhecido. Valores aceitos: ${lista}.`);
    if (found.sinonimo) coleta.avisos.push(`${field.campo}: ${citar(text)} interpretado como "${found.valor}"`);
    return found.valor;
  };
}

function booleanParser(): Parser {
  return (value) => {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === 0) return value === 1;
    if (typeof value !== 'string') return tipoErrado('Sim ou Não', value);
    const found = BOOLEANOS.get(normalizar(value));
    if (found === undefined) return new Recusa(`valor ${citar(value)} não reconhecido. Use Sim ou Não (também aceitos: true/false, S/N).`);
    return found;
  };
}

function dateParser(): Parser {
  return (value) => (typeof value === 'string' ? parseData(value) : tipoErrado('data em texto (DD/MM/AAAA)', value));
}

function competenciaParser(): Parser {
  return (value) => (typeof value === 'string' ? parseCompetencia(value) : tipoErrado('competência em texto (MM/AAAA)', value));
}

function referenceParser(field: FieldDefinition): Parser {
  const entidade = field.referencia;
  if (!entidade) throw new Error(`definition bug: ${field.campo} is a referencia without an entity`);
  const text = textParser({ ...field, maxLength: field.maxLength ?? CODIGO_MAXIMO });
  return (value, coleta) => {
    const codigo = text(value);
    if (codigo instanceof Recusa) return codigo;
    coleta.referencias.push({ campo: field.campo, entidade, codigo });
    return codigo;
  };
}

function userParser(field: FieldDefinition): Parser {
  return (value, coleta) => {
    if (typeof value !== 'string') return tipoErrado('e-mail', value);
    if (!isEmail(value)) {
      return new Recusa(`e-mail inválido ${citar(value)}: informe o e-mail de um usuário da empresa.`);
    }
    const email = value.toLowerCase();
    coleta.usuarios.push({ campo: field.campo, email });
    return email;
  };
}

function parserFor(field: FieldDefinition): Parser {
  switch (field.tipo) {
    case 'texto':
      return textParser(field);
    case 'inteiro':
    case 'decimal':
      return numberParser(field);
    case 'data':
      return dateParser();
    case 'competencia':
      return competenciaParser();
    case 'booleano':
      return booleanParser();
    case 'enumeracao':
      return enumParser(field);
    case 'referencia':
      return referenceParser(field);
    case 'usuario':
      return userParser(field);
  }
}

/** Field names that could reach a database or an object prototype in a dangerous way. */
function assertSafeName(entidade: string, campo: string): void {
  if (campo in Object.prototype || !SAFE_FIELD_NAME.test(campo)) {
    throw new Error(`definition bug: ${entidade}.${campo} is not a safe field name`);
  }
}

/**
 * Everything a row check needs, computed once per definition: field parsers with their enum maps, the
 * field index and the label hints. A definition mistake (duplicate field, unsafe name, colliding
 * synonyms, missing key field) throws here, at start-up, never while serving a row.
 */
export function compilar(def: EntityDefinition): EntidadeCompilada {
  const porCampo = new Map<string, CampoCompilado>();
  const dicas = new Map<string, string>();
  const campos: CampoCompilado[] = [];
  for (const field of def.campos) {
    assertSafeName(def.entidade, field.campo);
    if (porCampo.has(field.campo)) throw new Error(`definition bug: ${def.entidade}.${field.campo} defined twice`);
    const compiled: CampoCompilado = { def: field, campo: field.campo, parse: parserFor(field) };
    porCampo.set(field.campo, compiled);
    campos.push(compiled);
    dicas.set(formaCompacta(field.campo), field.campo);
    dicas.set(formaCompacta(field.rotulo), field.campo);
  }
  const chave = porCampo.get(def.chave);
  if (!chave || !chave.def.obrigatorio || chave.def.tipo !== 'texto') {
    throw new Error(`definition bug: ${def.entidade} key field ${def.chave} must be a required texto field`);
  }
  return { def, campos, porCampo, dicas };
}
