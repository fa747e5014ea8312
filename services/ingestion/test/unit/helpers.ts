import { findEntity, validateRow } from '../../src/domain';
import type { EntityDefinition, RowValidation } from '../../src/domain';

export function entity(name: string): EntityDefinition {
  const def = findEntity(name);
  if (!def) throw new Error(`no entity ${name}`);
  return def;
}

/** A row holding the sample value of every required field, plus `extra`. */
export function minimalRow(def: EntityDefinition, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of def.campos) if (field.obrigatorio) row[field.campo] = field.exemplo;
  return { ...row, ...extra };
}

export function accepted(result: RowValidation): Extract<RowValidation, { ok: true }> {
  if (!result.ok) throw new Error(`row refused: ${result.erros.join(' | ')}`);
  return result;
}

export function refused(result: RowValidation): string[] {
  if (result.ok) throw new Error(`row accepted: ${JSON.stringify(result.valores)}`);
  return result.erros;
}

/** Validates one field of a minimal row of `entidade`. */
export function field(entidade: string, campo: string, value: unknown): RowValidation {
  const def = entity(entidade);
  return validateRow(def, minimalRow(def, { [campo]: value }));
}
