import { DirectoryErrorCodes } from '@erp/contracts';
import { Refusal } from './refusal';

/** Plain shape check (one @, no spaces, a dotted domain): deliverability is not ours to prove. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;
const NOME_MAX = 200;

/** E-mails are compared without case everywhere (directory, lookups from ingestion). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validUserInput(email: string, nome: string): { email: string; nome: string } {
  const normalized = normalizeEmail(email);
  if (normalized.length > EMAIL_MAX || !EMAIL.test(normalized)) {
    throw new Refusal(DirectoryErrorCodes.EMAIL_INVALIDO, 'e-mail inválido');
  }
  const trimmed = nome.trim();
  if (trimmed === '' || trimmed.length > NOME_MAX) {
    throw new Refusal(DirectoryErrorCodes.VALIDACAO, `nome do usuário deve ter de 1 a ${NOME_MAX} caracteres`);
  }
  return { email: normalized, nome: trimmed };
}
