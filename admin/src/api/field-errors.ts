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
    return [{ campo: text(campo), regra: text(regra), erro: withoutKey(text(campo), text(erro)) }];
  });
}

/**
 * Some APIs start the message with the field's key for their integrators ("aliquotaIss deve estar de 2% até 5%.");
 * the page names the field by its label next to the message, so the key is left out ("Deve estar de 2% até 5%.").
 */
function withoutKey(campo: string, erro: string): string {
  if (campo === '' || !erro.startsWith(`${campo} `)) return erro;
  const rest = erro.slice(campo.length + 1);
  return rest.charAt(0).toLocaleUpperCase('pt-BR') + rest.slice(1);
}
