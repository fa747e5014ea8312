import { CamposInvalidos, ehSiglaUf } from '@erp/fiscal-rules';
import { escalarExato } from './decimal';
import { fracao, type Fracao } from './fraction';
import { type Uf } from './input';
import { textoReais } from './text';
import { type CodigoErro, type ErroCampo } from './types';

/**
 * Ceiling for every money field: R$ 1 trillion. Above the yearly revenue of any Brazilian company, so no
 * real operation, revenue or profit reaches it, and it keeps centavos (1e14) far inside the integers a
 * JavaScript number holds exactly (2^53, about 9e15).
 */
export const LIMITE_DINHEIRO_CENTAVOS = 1_000_000_000_000_00;
/** Rates are percentages with at most 4 decimals (1/1,000,000 of the value), enough for any legal rate. */
const CASAS_PERCENTUAL = 4;

export type Objeto = Readonly<Record<string, unknown>>;

export function ehObjeto(v: unknown): v is Objeto {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Own properties only: a value inherited through the prototype was not sent by the caller. */
export function campo(o: Objeto, nome: string): unknown {
  if (!Object.prototype.hasOwnProperty.call(o, nome)) return undefined;
  const v = o[nome];
  return v === null ? undefined : v;
}

/**
 * The simulation's readers on the platform's one field-error collector (`CamposInvalidos` of `@erp/fiscal-rules`):
 * `erro` records a refused field with one of the contract's rule codes.
 */
export class Coletor extends CamposInvalidos {
  declare readonly lista: ErroCampo[];

  erro(campo: string, regra: CodigoErro, mensagem: string): undefined {
    return this.add(campo, regra, mensagem);
  }

  opcao<T extends string>(nome: string, v: unknown, opcoes: readonly T[], obrigatorio = false): T | undefined {
    if (v === undefined) return obrigatorio ? this.erro(nome, 'OBRIGATORIO', `${nome} é obrigatório.`) : undefined;
    if (typeof v !== 'string') return this.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser um texto: ${opcoes.join(', ')}.`);
    if (!(opcoes as readonly string[]).includes(v)) {
      return this.erro(nome, 'VALOR_NAO_PERMITIDO', `${nome} deve ser um de: ${opcoes.join(', ')}.`);
    }
    return v as T;
  }

  numero(nome: string, v: unknown): number | undefined {
    if (typeof v !== 'number') return this.erro(nome, 'NAO_NUMERICO', `${nome} deve ser um número.`);
    if (!Number.isFinite(v)) return this.erro(nome, 'NAO_NUMERICO', `${nome} deve ser um número finito.`);
    return v;
  }

  /** Reais with at most 2 decimals, as centavos. */
  dinheiro(nome: string, v: unknown, regra: 'POSITIVO' | 'NAO_NEGATIVO' | 'QUALQUER'): number | undefined {
    const x = this.numero(nome, v);
    if (x === undefined) return undefined;
    if (regra === 'POSITIVO' && x <= 0) return this.erro(nome, 'NAO_POSITIVO', `${nome} deve ser maior que zero.`);
    if (regra === 'NAO_NEGATIVO' && x < 0) return this.erro(nome, 'NEGATIVO', `${nome} não pode ser negativo.`);
    if (Math.abs(x) * 100 > LIMITE_DINHEIRO_CENTAVOS) {
      return this.erro(nome, 'ACIMA_DO_LIMITE', `${nome} passa do limite de ${textoReais(LIMITE_DINHEIRO_CENTAVOS)}.`);
    }
    const centavos = escalarExato(x, 2);
    if (centavos === null) return this.erro(nome, 'CASAS_DECIMAIS', `${nome} tem mais de 2 casas decimais (centavos).`);
    return Number(centavos);
  }

  /** A percentage in [minimo, maximo] (minimo excluded when `minimoExclusivo`), as a fraction of 1. */
  percentual(nome: string, v: unknown, minimo: number, maximo: number, minimoExclusivo = false): Fracao | undefined {
    const x = this.numero(nome, v);
    if (x === undefined) return undefined;
    if (x < minimo || x > maximo || (minimoExclusivo && x === minimo)) {
      const de = minimoExclusivo ? `acima de ${minimo}%` : `de ${minimo}%`;
      return this.erro(nome, 'FORA_DO_INTERVALO', `${nome} deve estar ${de} até ${maximo}%.`);
    }
    const escalado = escalarExato(x, CASAS_PERCENTUAL);
    if (escalado === null) return this.erro(nome, 'CASAS_DECIMAIS', `${nome} tem mais de ${CASAS_PERCENTUAL} casas decimais.`);
    return fracao(escalado, 100n * 10n ** BigInt(CASAS_PERCENTUAL));
  }

  uf(nome: string, v: unknown): Uf | undefined {
    if (v === undefined) return undefined;
    if (typeof v !== 'string') return this.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser a sigla da UF (ex.: SP).`);
    if (!ehSiglaUf(v)) return this.erro(nome, 'UF_DESCONHECIDA', `${nome}: "${v.slice(0, 10)}" não é a sigla de uma UF.`);
    return v;
  }

  booleano(nome: string, v: unknown): boolean {
    if (v === undefined) return false;
    if (typeof v !== 'boolean') return this.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser true ou false.`) ?? false;
    return v;
  }

  /** An optional text field; a non-text value is refused. */
  texto(nome: string, v: unknown, descricao: string): string | undefined {
    if (v === undefined) return undefined;
    if (typeof v !== 'string') return this.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser um texto: ${descricao}.`);
    return v;
  }
}
