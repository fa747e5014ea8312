import { keepDevSession, keptDevSession, readSession } from '../../src/session/session';

const AGORA = Date.UTC(2026, 10, 20, 12, 0, 0);
const base64url = (texto: string) => Buffer.from(texto, 'utf8').toString('base64url');
/** A JWT with these claims; the page never checks the signature (the gateway and the services do). */
const jwt = (claims: Record<string, unknown>) => `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(claims))}.assinatura`;
const valida = { companyId: 'acme', role: 'admin', sub: 'maria', exp: AGORA / 1000 + 3600 };

describe('admin session - the claims the page reads', () => {
  it('admin session - company, role, user and expiry of a session JWT, with where it came from', () => {
    const token = jwt(valida);
    expect(readSession(token, 'platform', AGORA)).toEqual({ token, company: 'acme', role: 'admin', user: 'maria', expiresAt: AGORA + 3_600_000, source: 'platform' });
    expect(readSession(jwt({ ...valida, role: 'user', sub: undefined }), 'development', AGORA)).toMatchObject({ role: 'user', user: '', source: 'development' });
  });

  it('admin session - reads claims written in UTF-8 and base64url (no padding, - and _)', () => {
    const token = jwt({ ...valida, companyId: 'empresa-çãõ', sub: '~~~>>>???' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(readSession(token, 'platform', AGORA)).toMatchObject({ company: 'empresa-çãõ', user: '~~~>>>???' });
  });

  it('admin session - null for an expired session, a missing claim, an unknown role or something that is not a JWT', () => {
    expect(readSession(jwt({ ...valida, exp: AGORA / 1000 }), 'platform', AGORA)).toBeNull();
    expect(readSession(jwt({ ...valida, exp: AGORA / 1000 - 1 }), 'platform', AGORA)).toBeNull();
    expect(readSession(jwt({ ...valida, exp: undefined }), 'platform', AGORA)).toBeNull();
    expect(readSession(jwt({ ...valida, companyId: 7 }), 'platform', AGORA)).toBeNull();
    expect(readSession(jwt({ ...valida, role: 'root' }), 'platform', AGORA)).toBeNull();
    expect(readSession('a.b', 'platform', AGORA)).toBeNull();
    expect(readSession('a.%%%.c', 'platform', AGORA)).toBeNull();
    expect(readSession(`a.${base64url('não é json')}.c`, 'platform', AGORA)).toBeNull();
  });
});

describe('admin session - the development session kept for this tab', () => {
  const guardado = new Map<string, string>();
  beforeAll(() => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      value: { getItem: (k: string) => guardado.get(k) ?? null, setItem: (k: string, v: string) => guardado.set(k, v), removeItem: (k: string) => guardado.delete(k) },
    });
  });
  afterAll(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('admin session - survives a reload until "Sair" forgets it; an expired one is not given back', () => {
    const sessao = readSession(jwt({ ...valida, exp: Math.floor(Date.now() / 1000) + 3600 }), 'development')!;
    keepDevSession(sessao);
    expect(keptDevSession()).toEqual(sessao);
    keepDevSession(null);
    expect(keptDevSession()).toBeNull();
    expect(guardado.size).toBe(0);

    guardado.set('erp-admin:sessao-dev', jwt({ ...valida, exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(keptDevSession()).toBeNull();
  });
});
