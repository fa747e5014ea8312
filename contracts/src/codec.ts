import Joi from 'joi';

/** Thrown when a message that crossed a boundary does not match its contract. */
export class ContractViolation extends Error {
  constructor(subject: string, detail: string) {
    super(`payload on ${subject} breaks its contract: ${detail}`);
    this.name = 'ContractViolation';
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encode<T>(value: T): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** Parses and validates a message body; unknown keys are dropped so newer senders stay compatible. */
export function decode<T>(subject: string, schema: Joi.Schema<T>, data: Uint8Array): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(data));
  } catch {
    throw new ContractViolation(subject, 'not JSON');
  }
  const result: Joi.ValidationResult<T> = schema.validate(parsed, { stripUnknown: true, abortEarly: false });
  // Paths and rule names only: joi's messages may quote the offending value, which could be a secret.
  if (result.error) throw new ContractViolation(subject, result.error.details.map((d) => `${d.path.join('.') || '(body)'}: ${d.type}`).join(', '));
  return result.value;
}

/**
 * The reply of any request/reply subject that could not be answered (including `CONTRATO_VIOLADO` and
 * `ERRO_INTERNO` from the kit's responder): a stable code and a human text.
 */
export interface FailureReply {
  ok: false;
  codigo: string;
  erro: string;
}

export const failureReplySchema = Joi.object<FailureReply>({
  ok: Joi.valid(false).required(),
  codigo: Joi.string().required(),
  erro: Joi.string().required(),
});
