/**
 * The platform's one public field-error shape: REST `campos` and GraphQL `extensions.campos` are lists of
 * `{ campo, regra, erro }` (the field's path, the broken rule's code, the message for people).
 */
export interface FieldError {
  campo: string;
  regra: string;
  erro: string;
}

/** The field errors of an answer's `campos`, whatever else it holds; an item that is not an object is skipped. */
export function fieldErrorsOf(campos: unknown): FieldError[] {
  if (!Array.isArray(campos)) return [];
  return campos.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { campo, regra, erro } = item as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return [{ campo: text(campo), regra: text(regra), erro: text(erro) }];
  });
}
