/**
 * What a value parser returns when it refuses a value. A returned object instead of a thrown error: the
 * validator runs per field of every row and exceptions would cost far more than the rule itself.
 */
export class Recusa {
  constructor(readonly mensagem: string) {}
}
