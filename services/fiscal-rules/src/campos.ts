import type { CampoInvalido, EnderecoEmpresa } from '@erp/contracts';

/**
 * The one field-error collector of the platform's validators (settings, fiscal documents, tax simulation): every
 * broken rule of an input is collected in one pass and answered at once as `{ campo, regra, erro }` (`campo` the
 * dotted path with indexes, `regra` a stable code, `erro` a sentence for people that does not repeat the path, so
 * a screen can show it under the field's label).
 *
 * Readers of a field return the value, `null` when it is absent (or blank), and `undefined` when it broke a rule
 * (the rule is then in the list).
 */
export class CamposInvalidos {
  readonly lista: CampoInvalido[] = [];

  add(campo: string, regra: string, erro: string): undefined {
    this.lista.push({ campo, regra, erro });
    return undefined;
  }

  get total(): number {
    return this.lista.length;
  }

  /** Whether a rule of `campo` (or of a field inside it) is already in the list. */
  tem(campo: string): boolean {
    return this.lista.some((c) => c.campo === campo || c.campo.startsWith(`${campo}.`) || c.campo.startsWith(`${campo}[`));
  }
}

export type Objeto = Record<string, unknown>;

export const ehObjeto = (valor: unknown): valor is Objeto => typeof valor === 'object' && valor !== null && !Array.isArray(valor);

/** Absent, null and blank text are the same: nothing was given. */
export const vazio = (valor: unknown): boolean => valor === undefined || valor === null || (typeof valor === 'string' && valor.trim() === '');

export const caminho = (prefixo: string, chave: string): string => (prefixo ? `${prefixo}.${chave}` : chave);

/** Control characters (C0 and DEL) break the XML every fiscal text ends in. */
export function temControle(texto: string): boolean {
  for (let i = 0; i < texto.length; i += 1) {
    const c = texto.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Refuses every key of `obj` that is neither a field nor one of the `ignorados` (read-only fields sent back). */
export function camposDesconhecidos(campos: CamposInvalidos, obj: Objeto, prefixo: string, conhecidos: readonly string[], ignorados: readonly string[] = []): void {
  for (const chave of Object.keys(obj)) {
    if (!conhecidos.includes(chave) && !ignorados.includes(chave)) campos.add(caminho(prefixo, chave.slice(0, 60)), 'campo_desconhecido', 'campo desconhecido');
  }
}

/** Text trimmed and bounded (`min` defaults to 1), without control characters. */
export function lerTexto(campos: CamposInvalidos, valor: unknown, campo: string, limites: { obrigatorio?: boolean; min?: number; max: number }): string | null | undefined {
  if (vazio(valor)) return limites.obrigatorio ? campos.add(campo, 'obrigatorio', 'obrigatório') : null;
  if (typeof valor !== 'string') return campos.add(campo, 'tipo', 'deve ser texto');
  const limpo = valor.trim();
  if (limpo.length > limites.max) return campos.add(campo, 'tamanho_maximo', `no máximo ${limites.max} caracteres`);
  if (limpo.length < (limites.min ?? 1)) return campos.add(campo, 'tamanho_minimo', `no mínimo ${limites.min ?? 1} caracteres`);
  if (temControle(limpo)) return campos.add(campo, 'caractere_invalido', 'tem caracteres de controle');
  return limpo;
}

export function lerInteiro(campos: CamposInvalidos, valor: unknown, campo: string, limites: { min: number; max: number }): number | undefined {
  if (typeof valor !== 'number' || !Number.isInteger(valor)) return campos.add(campo, 'tipo', 'deve ser um número inteiro');
  if (valor < limites.min || valor > limites.max) return campos.add(campo, 'intervalo', `deve estar entre ${limites.min} e ${limites.max}`);
  return valor;
}

/**
 * Inscrição estadual: 2 to 14 digits or `ISENTO` (the NF-e's `TIe`), punctuation removed. The per-UF check digits
 * are SEFAZ's to judge; the layout is ours.
 */
export function lerInscricaoEstadual(campos: CamposInvalidos, valor: unknown, campo: string): string | null | undefined {
  if (vazio(valor)) return null;
  const ie = typeof valor === 'string' ? valor.replace(/[.\-/\s]/g, '').toUpperCase() : '';
  if (ie === 'ISENTO' || /^\d{2,14}$/.test(ie)) return ie;
  return campos.add(campo, 'inscricao_estadual_formato', 'de 2 a 14 dígitos, ou ISENTO');
}

/** The text without its punctuation; null and undefined (absent, invalid) pass through. */
const semPontuacao = (texto: string | null | undefined, pontuacao: RegExp) => (typeof texto === 'string' ? texto.replace(pontuacao, '') : texto);

const CAMPOS_ENDERECO = ['logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'cep', 'telefone'];

/**
 * An address as the NF-e writes it (`TEnderEmi` / `TEndereco`; the UF and the IBGE city code are fields of their
 * own), of the issuer (settings) or of the recipient (emission): street, district and city name 2-60
 * characters, number 1-60, complement up to 60, CEP 8 digits and phone 6-14 digits (punctuation removed). Null
 * when absent; undefined when a rule broke.
 */
export function lerEndereco(campos: CamposInvalidos, valor: unknown, prefixo: string): EnderecoEmpresa | null | undefined {
  if (vazio(valor)) return null;
  if (!ehObjeto(valor)) return campos.add(prefixo, 'tipo', 'deve ser um objeto');
  const antes = campos.total;
  camposDesconhecidos(campos, valor, prefixo, CAMPOS_ENDERECO);
  const logradouro = lerTexto(campos, valor.logradouro, `${prefixo}.logradouro`, { obrigatorio: true, min: 2, max: 60 });
  const numero = lerTexto(campos, valor.numero, `${prefixo}.numero`, { obrigatorio: true, max: 60 });
  const complemento = lerTexto(campos, valor.complemento, `${prefixo}.complemento`, { max: 60 });
  const bairro = lerTexto(campos, valor.bairro, `${prefixo}.bairro`, { obrigatorio: true, min: 2, max: 60 });
  const municipio = lerTexto(campos, valor.municipio, `${prefixo}.municipio`, { obrigatorio: true, min: 2, max: 60 });
  const cep = semPontuacao(lerTexto(campos, valor.cep, `${prefixo}.cep`, { obrigatorio: true, max: 10 }), /[.\-\s]/g);
  if (typeof cep === 'string' && !/^\d{8}$/.test(cep)) campos.add(`${prefixo}.cep`, 'cep_formato', '8 dígitos');
  const telefone = semPontuacao(lerTexto(campos, valor.telefone, `${prefixo}.telefone`, { max: 20 }), /[()\-\s+]/g);
  if (typeof telefone === 'string' && !/^\d{6,14}$/.test(telefone)) campos.add(`${prefixo}.telefone`, 'telefone_formato', 'de 6 a 14 dígitos (DDD e número)');
  if (campos.total > antes || !logradouro || !numero || !bairro || !municipio || !cep || complemento === undefined || telefone === undefined) return undefined;
  return { logradouro, numero, complemento, bairro, municipio, cep, telefone };
}
