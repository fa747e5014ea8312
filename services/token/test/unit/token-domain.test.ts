import { IngestionEntities, TOKEN_VALUE_PREFIX } from '@erp/contracts';
import { identityOf } from '../../src/domain/identity';
import { shouldRecordUse } from '../../src/domain/last-use';
import { Refusal } from '@erp/contracts';
import { effectiveStatus, type StoredStatus } from '../../src/domain/status';
import { normalizeMode, normalizeName, normalizeScope, requireFutureExpiry } from '../../src/domain/token-input';
import { digestOf, generateTokenValue, PREFIX_LENGTH, prefixOf } from '../../src/domain/token-value';
import { allowedFrom, refusalFor, targetStatus, type TokenAction } from '../../src/domain/transitions';
import { normalizeEmail } from '@erp/contracts';
import { validUserInput } from '../../src/domain/usuario';

const now = new Date('2026-06-01T12:00:00Z');
const past = new Date('2026-06-01T11:59:59Z');
const future = new Date('2026-06-02T00:00:00Z');

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error.codigo;
    throw error;
  }
  return undefined;
}

describe('token value', () => {
  test('token value - starts with ing_ and carries at least 32 random bytes in base64url', () => {
    const value = generateTokenValue();
    expect(value.startsWith(TOKEN_VALUE_PREFIX)).toBe(true);
    const body = value.slice(TOKEN_VALUE_PREFIX.length);
    expect(body).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(body, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  test('token value - two values are never equal', () => {
    const values = new Set(Array.from({ length: 200 }, generateTokenValue));
    expect(values.size).toBe(200);
  });

  test('token value - digest is the SHA-256 hex of the value', () => {
    expect(digestOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('token value - prefix is a short leading part starting with ing_', () => {
    const value = generateTokenValue();
    const prefix = prefixOf(value);
    expect(prefix).toHaveLength(PREFIX_LENGTH);
    expect(prefix.startsWith('ing_')).toBe(true);
    expect(value.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(value.length / 3);
  });
});

describe('token status', () => {
  test('token status - an active token past its expiry is EXPIRADO, before it ATIVO', () => {
    expect(effectiveStatus('ATIVO', past, now)).toBe('EXPIRADO');
    expect(effectiveStatus('ATIVO', now, now)).toBe('EXPIRADO');
    expect(effectiveStatus('ATIVO', future, now)).toBe('ATIVO');
    expect(effectiveStatus('ATIVO', null, now)).toBe('ATIVO');
  });

  test('token status - revoked and inactive win over an expiry that passed', () => {
    expect(effectiveStatus('REVOGADO', past, now)).toBe('REVOGADO');
    expect(effectiveStatus('INATIVO', past, now)).toBe('INATIVO');
    expect(effectiveStatus('INATIVO', null, now)).toBe('INATIVO');
  });

  test('token status - identity carries the derived status and ISO expiry, never a digest', () => {
    const identity = identityOf(
      { id: 'x', companyId: 'c', nome: 'n', prefixo: 'ing_abcdefgh', modo: 'INSERT', entidades: ['emissao'], status: 'ATIVO', expiraEm: past },
      now,
    );
    expect(identity).toEqual({
      id: 'x',
      companyId: 'c',
      nome: 'n',
      prefixo: 'ing_abcdefgh',
      modo: 'INSERT',
      entidades: ['emissao'],
      status: 'EXPIRADO',
      expiraEm: past.toISOString(),
    });
  });
});

describe('token transitions', () => {
  const table: [TokenAction, StoredStatus, string | null][] = [
    ['revogar', 'ATIVO', null],
    ['revogar', 'INATIVO', null],
    ['revogar', 'REVOGADO', 'TOKEN_JA_REVOGADO'],
    ['inativar', 'ATIVO', null],
    ['inativar', 'INATIVO', 'TOKEN_JA_INATIVO'],
    ['inativar', 'REVOGADO', 'TOKEN_JA_REVOGADO'],
    ['reativar', 'INATIVO', null],
    ['reativar', 'ATIVO', 'TOKEN_JA_ATIVO'],
    ['reativar', 'REVOGADO', 'TOKEN_JA_REVOGADO'],
    ['renovar', 'ATIVO', null],
    ['renovar', 'INATIVO', null],
    ['renovar', 'REVOGADO', 'TOKEN_JA_REVOGADO'],
    ['definirEscopo', 'ATIVO', null],
    ['definirEscopo', 'INATIVO', null],
    ['definirEscopo', 'REVOGADO', 'TOKEN_JA_REVOGADO'],
  ];

  test.each(table)('token transitions - %s from %s is refused with %s', (action, from, code) => {
    expect(refusalFor(action, from)?.codigo ?? null).toBe(code);
    expect(allowedFrom[action].includes(from)).toBe(code === null);
  });

  test('token transitions - target states; renew and scope keep the current state', () => {
    expect(targetStatus).toEqual({ revogar: 'REVOGADO', inativar: 'INATIVO', reativar: 'ATIVO', renovar: null, definirEscopo: null });
  });

  test('token transitions - nothing leaves REVOGADO', () => {
    for (const action of Object.keys(allowedFrom) as TokenAction[]) expect(allowedFrom[action]).not.toContain('REVOGADO');
  });
});

describe('token input', () => {
  test('token input - name is trimmed, uniqueness key ignores case, empty or too long is refused', () => {
    expect(normalizeName('  ERP Protheus ')).toEqual({ nome: 'ERP Protheus', nomeChave: 'erp protheus' });
    expect(codeOf(() => normalizeName('   '))).toBe('BAD_USER_INPUT');
    expect(codeOf(() => normalizeName('x'.repeat(101)))).toBe('BAD_USER_INPUT');
  });

  test('token input - scope accepts known entities, drops duplicates, may be empty', () => {
    expect(normalizeScope(['emissao', 'incidente_seguranca', 'emissao'])).toEqual(['emissao', 'incidente_seguranca']);
    expect(normalizeScope([])).toEqual([]);
    expect(normalizeScope([...IngestionEntities])).toEqual([...IngestionEntities]);
  });

  test('token input - an unknown entity refuses the scope with ENTIDADE_DESCONHECIDA and the existing list', () => {
    try {
      normalizeScope(['emissao', 'Emissao', 'pedido']);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(Refusal);
      const refusal = error as Refusal;
      expect(refusal.codigo).toBe('ENTIDADE_DESCONHECIDA');
      expect(refusal.extra).toEqual({ entidadesDesconhecidas: ['Emissao', 'pedido'], entidadesExistentes: [...IngestionEntities] });
    }
  });

  test('token input - mode defaults to UPSERT', () => {
    expect(normalizeMode(undefined)).toBe('UPSERT');
    expect(normalizeMode(null)).toBe('UPSERT');
    expect(normalizeMode('INSERT')).toBe('INSERT');
    expect(codeOf(() => normalizeMode('MERGE'))).toBe('BAD_USER_INPUT');
  });

  test('token input - expiry must lie in the future', () => {
    expect(requireFutureExpiry(future, now)).toBe(future);
    expect(codeOf(() => requireFutureExpiry(now, now))).toBe('EXPIRACAO_INVALIDA');
    expect(codeOf(() => requireFutureExpiry(past, now))).toBe('EXPIRACAO_INVALIDA');
  });
});

describe('token last use', () => {
  test('token last use - written when never used or when the last write is older than the granularity', () => {
    expect(shouldRecordUse(null, now, 60_000)).toBe(true);
    expect(shouldRecordUse(new Date(now.getTime() - 60_000), now, 60_000)).toBe(true);
    expect(shouldRecordUse(new Date(now.getTime() - 59_999), now, 60_000)).toBe(false);
  });
});

describe('directory user input', () => {
  test('directory user input - e-mail lower-cased and trimmed; bad e-mail and empty name refused', () => {
    expect(normalizeEmail('  Ana.Souza@Empresa.COM.br ')).toBe('ana.souza@empresa.com.br');
    expect(validUserInput(' Ana@X.com ', ' Ana ')).toEqual({ email: 'ana@x.com', nome: 'Ana' });
    expect(codeOf(() => validUserInput('ana', 'Ana'))).toBe('EMAIL_INVALIDO');
    expect(codeOf(() => validUserInput('ana @x.com', 'Ana'))).toBe('EMAIL_INVALIDO');
    expect(codeOf(() => validUserInput('ana@x', 'Ana'))).toBe('EMAIL_INVALIDO');
    expect(codeOf(() => validUserInput('ana@x.com', '  '))).toBe('BAD_USER_INPUT');
  });
});
