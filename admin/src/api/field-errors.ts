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
    const c = fromTaxSimulationShape(item as Record<string, unknown>);
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return [{ campo: text(c.campo), regra: text(c.regra), erro: text(c.erro) }];
  });
}

/**
 * The tax simulation still answers `{ campo, codigo, mensagem }`; read as `{ campo, regra, erro }` here and nowhere
 * else. This function goes away when that API answers the platform's shape.
 */
function fromTaxSimulationShape(item: Record<string, unknown>): Record<string, unknown> {
  if ('regra' in item || 'erro' in item) return item;
  return { campo: item.campo, regra: item.codigo, erro: item.mensagem };
}
