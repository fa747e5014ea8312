import { DirectoryErrorCodes, isEmail, normalizeEmail, Refusal } from '@erp/contracts';

const NOME_MAX = 200;

export function validUserInput(email: string, nome: string): { email: string; nome: string } {
  const normalized = normalizeEmail(email);
  if (!isEmail(normalized)) {
    throw new Refusal(DirectoryErrorCodes.EMAIL_INVALIDO, 'e-mail inválido');
  }
  const trimmed = nome.trim();
  if (trimmed === '' || trimmed.length > NOME_MAX) {
    throw new Refusal(DirectoryErrorCodes.VALIDACAO, `nome do usuário deve ter de 1 a ${NOME_MAX} caracteres`);
  }
  return { email: normalized, nome: trimmed };
}
