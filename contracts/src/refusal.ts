/**
 * A rule said no. The one refusal type of the platform: domain code and use cases throw it (or return it),
 * and the kit maps it once to the REST body `{ sucesso: false, codigo, erro, ...extra }` with `status`, and
 * once to a GraphQL error with `extensions.code` = `codigo` and the same extra fields. `codigo` is one of the
 * codes defined in this package; `erro` is for people.
 */
export class Refusal extends Error {
  /** HTTP status of the REST answer (GraphQL answers refusals with 200, the code in `extensions`). */
  readonly status: number;
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    readonly codigo: string,
    erro: string,
    options: { status?: number; extra?: Record<string, unknown> } = {},
  ) {
    super(erro);
    this.name = 'Refusal';
    this.status = options.status ?? 400;
    this.extra = options.extra ?? {};
  }

  get erro(): string {
    return this.message;
  }
}

/**
 * The one public field-error shape (REST `campos`, GraphQL `extensions.campos`), of every validator: the dotted
 * path with indexes (`itens[0].ncm`), the rule it broke (a stable code, for programs), a sentence for people.
 */
export interface CampoInvalido {
  campo: string;
  regra: string;
  erro: string;
}

export function isRefusal(error: unknown): error is Refusal {
  return error instanceof Refusal;
}
