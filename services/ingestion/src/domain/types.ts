import type { IngestionEntity, IngestionErrorCodes } from '@erp/contracts';

/**
 * The one declarative definition of an ingestion entity: discovery, row validation and storage are all
 * driven from it, so the three can never disagree.
 */
type FieldType =
  | 'texto'
  | 'inteiro'
  | 'decimal'
  | 'data'
  | 'competencia'
  | 'booleano'
  | 'enumeracao'
  | 'referencia'
  | 'usuario';

export interface EnumOption {
  /** Canonical Portuguese spelling, the value stored and listed to clients. */
  valor: string;
  /** Other spellings accepted (compared without case and accents). */
  sinonimos?: readonly string[];
}

export interface FieldDefinition {
  /** JSON key used in rows. */
  campo: string;
  /** Label shown to people; never a key. */
  rotulo: string;
  obrigatorio: boolean;
  tipo: FieldType;
  descricao?: string;
  /** Sample value; must itself pass validation. */
  exemplo: string;
  maxLength?: number;
  min?: number;
  max?: number;
  /** For `enumeracao`. */
  opcoes?: readonly EnumOption[];
  /** For `referencia`: the value is the key of a record of this entity in the same company. */
  referencia?: IngestionEntity;
}

export interface EntityDefinition {
  entidade: IngestionEntity;
  nome: string;
  /** The key field (`campo`) that matches rows in UPSERT mode. */
  chave: string;
  campos: readonly FieldDefinition[];
}

/** Discovery view of a field (spec 2.2). */
export interface FieldDescriptor {
  campo: string;
  rotulo: string;
  obrigatorio: boolean;
  tipo?: string;
  descricao?: string;
  exemplo: string;
}

export interface EntityDescriptor {
  entidade: string;
  nome: string;
  endpoint: string;
  campos: FieldDescriptor[];
}

/** A reference to check against stored records of the same company (one query per batch, not per row). */
export interface PendingReference {
  campo: string;
  entidade: IngestionEntity;
  codigo: string;
}

/** A person to check against the company's user directory (one request per batch). */
export interface PendingUser {
  campo: string;
  /** In lower case, as stored. */
  email: string;
}

export type RowValidation =
  | {
      ok: true;
      /** Value of the key field, as stored. */
      chave: string;
      /** Normalised values keyed by `campo`; only known fields, never `__proto__`, `$x` or dotted keys. */
      valores: Record<string, unknown>;
      /** Notes about what was interpreted or ignored (joined into the row's `aviso`). */
      avisos: string[];
      referencias: PendingReference[];
      usuarios: PendingUser[];
    }
  | { ok: false; erros: string[] };

export type BatchBodyCheck =
  | { ok: true; linhas: Record<string, unknown>[] }
  | {
      ok: false;
      status: 400 | 413;
      codigo: typeof IngestionErrorCodes.CORPO_INVALIDO | typeof IngestionErrorCodes.LOTE_VAZIO | typeof IngestionErrorCodes.LOTE_GRANDE_DEMAIS;
      erro: string;
      extra?: Record<string, unknown>;
    };
