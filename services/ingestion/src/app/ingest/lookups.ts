import type { IngestionEntity } from '@erp/contracts';
import { findEntity } from '../../domain';
import type { EntityDefinition, RowValidation } from '../../domain/types';
import type { UserDirectory } from '../../messaging/user-directory';
import type { RecordDoc, RecordStore } from '../../store/records';

type ValidRow = Extract<RowValidation, { ok: true }>;

/** What the batch needs to know from outside before it decides any row. */
interface Lookups {
  /** The records that already hold one of the batch's keys. */
  stored: Map<string, RecordDoc>;
  /** Per referenced entity: code -> id of the company's record with that code. */
  references: Map<IngestionEntity, Map<string, string>>;
  /** E-mails that are users of the company; null when the directory could not be asked. */
  people: Set<string> | null;
}

/** Existing keys, referenced records per entity and company users: each one round trip, all at once. */
export async function lookUp(
  sources: { records: RecordStore; directory: UserDirectory },
  def: EntityDefinition,
  companyId: string,
  validations: RowValidation[],
): Promise<Lookups> {
  const chaves = new Set<string>();
  const codes = new Map<IngestionEntity, Set<string>>();
  const emails = new Set<string>();
  for (const validation of validations) {
    if (!validation.ok) continue;
    chaves.add(validation.chave);
    for (const ref of validation.referencias) {
      if (!codes.has(ref.entidade)) codes.set(ref.entidade, new Set());
      codes.get(ref.entidade)!.add(ref.codigo);
    }
    for (const user of validation.usuarios) emails.add(user.email);
  }
  const referenced = [...codes.entries()];
  const [stored, people, ...referenceIds] = await Promise.all([
    sources.records.findByKeys(def.entidade, companyId, [...chaves]),
    sources.directory(companyId, [...emails]),
    ...referenced.map(([entidade, set]) => sources.records.idsByKeys(entidade, companyId, [...set])),
  ]);
  const references = new Map<IngestionEntity, Map<string, string>>();
  referenced.forEach(([entidade], index) => references.set(entidade, referenceIds[index]));
  return { stored, references, people };
}

/** Links found references by id; a missing one is stored without the link and explained in `aviso`. */
export function linkReferences(validation: ValidRow, lookups: Lookups, avisos: string[]): Record<string, string> {
  const vinculos: Record<string, string> = {};
  for (const ref of validation.referencias) {
    const id = lookups.references.get(ref.entidade)?.get(ref.codigo);
    if (id) {
      vinculos[ref.campo] = id;
    } else {
      const nome = findEntity(ref.entidade)?.nome ?? ref.entidade;
      avisos.push(`${ref.campo}: nenhum registro de ${nome} da empresa tem o código "${ref.codigo}"; linha gravada sem o vínculo.`);
    }
  }
  return vinculos;
}

/** A person who is not (or could not be confirmed as) a company user is an `aviso`, never a refusal (spec rule 11). */
export function checkPeople(validation: ValidRow, people: Set<string> | null, avisos: string[]): void {
  for (const user of validation.usuarios) {
    if (people === null) {
      avisos.push(`${user.campo}: não foi possível verificar agora se "${user.email}" é usuário da empresa.`);
    } else if (!people.has(user.email)) {
      avisos.push(`${user.campo}: "${user.email}" não é usuário da empresa.`);
    }
  }
}
