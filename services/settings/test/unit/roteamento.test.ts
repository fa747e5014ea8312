import { readConfig } from '../../src/config';
import { TABELA_SEFAZ, tabelaComAutoridadeLocal, urlSefaz } from '../../src/domain/sefaz-endpoints';

/**
 * Where the relay sends a company's documents (docs/sefaz.md, "Configuration"): HOMOLOGAÇÃO to the local authority
 * in development and tests unless FISCAL_HOMOLOGACAO_DESTINO=sefaz; PRODUÇÃO always to SEFAZ's own URLs; production
 * refuses the local authority.
 */
const AUTORIDADE = 'https://127.0.0.1:4107';
const destino = (uf: string, ambiente: 'HOMOLOGAÇÃO' | 'PRODUÇÃO', modelo: 'NFE' | 'NFCE' = 'NFE') =>
  ({ tipo: 'SEFAZ', uf, ambiente, modelo, servico: 'NFeAutorizacao4', contingencia: false }) as const;

describe('settings - routing of HOMOLOGAÇÃO and PRODUÇÃO', () => {
  const tabela = tabelaComAutoridadeLocal(AUTORIDADE);

  it('settings - HOMOLOGAÇÃO goes to the local authority, the path naming the UF\'s authorizer; PRODUÇÃO keeps SEFAZ\'s URL', () => {
    expect(urlSefaz(tabela, destino('SP', 'HOMOLOGAÇÃO'))).toBe(`${AUTORIDADE}/ws/SP/NFE/homologacao/NFeAutorizacao4`);
    expect(urlSefaz(tabela, destino('RJ', 'HOMOLOGAÇÃO'))).toBe(`${AUTORIDADE}/ws/SVRS/NFE/homologacao/NFeAutorizacao4`);
    expect(urlSefaz(tabela, destino('MG', 'HOMOLOGAÇÃO', 'NFCE'))).toBe(`${AUTORIDADE}/ws/MG/NFCE/homologacao/NFeAutorizacao4`);
    for (const uf of ['SP', 'RJ', 'MG', 'BA']) {
      expect(urlSefaz(tabela, destino(uf, 'PRODUÇÃO'))).toBe(urlSefaz(TABELA_SEFAZ, destino(uf, 'PRODUÇÃO')));
      expect(urlSefaz(tabela, destino(uf, 'PRODUÇÃO'))).toMatch(/^https:\/\/(?!127\.)/);
    }
  });

  it('settings - the contingency authorizers (SVC) of HOMOLOGAÇÃO go to the local authority too; a UF outside the table stays refused', () => {
    expect(urlSefaz(tabela, { ...destino('SP', 'HOMOLOGAÇÃO'), contingencia: true })).toBe(`${AUTORIDADE}/ws/SVC-AN/NFE/homologacao/NFeAutorizacao4`);
    expect(urlSefaz(tabela, destino('XX', 'HOMOLOGAÇÃO'))).toBeNull();
  });

  const base = { MONGODB_URL: 'mongodb://127.0.0.1:1/x', NATS_URL: 'nats://127.0.0.1:1' };
  const env = (extra: Record<string, string>) => ({ ...base, SESSION_JWT_SECRET: 'x'.repeat(32), ...extra });
  const producao = (extra: Record<string, string>) => ({ ...base, NODE_ENV: 'production', SESSION_JWKS_URL: 'https://idp.example.test/jwks', SETTINGS_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`, ...extra });

  it('settings - outside production HOMOLOGAÇÃO defaults to the local authority, whose URL is then required; FISCAL_HOMOLOGACAO_DESTINO=sefaz needs none', () => {
    expect(readConfig(env({ LOCAL_AUTHORITY_URL: AUTORIDADE }))).toMatchObject({ FISCAL_HOMOLOGACAO_DESTINO: 'local', LOCAL_AUTHORITY_URL: AUTORIDADE });
    expect(() => readConfig(env({}))).toThrow(/LOCAL_AUTHORITY_URL is required while FISCAL_HOMOLOGACAO_DESTINO=local/);
    expect(readConfig(env({ FISCAL_HOMOLOGACAO_DESTINO: 'sefaz' }))).toMatchObject({ FISCAL_HOMOLOGACAO_DESTINO: 'sefaz' });
    expect(() => readConfig(env({ LOCAL_AUTHORITY_URL: 'http://127.0.0.1:4107' }))).toThrow(/LOCAL_AUTHORITY_URL/);
  });

  it('settings - production refuses the local authority: its URL, its CA, and FISCAL_HOMOLOGACAO_DESTINO=local', () => {
    expect(readConfig(producao({}))).toMatchObject({ FISCAL_HOMOLOGACAO_DESTINO: 'sefaz' });
    expect(() => readConfig(producao({ LOCAL_AUTHORITY_URL: AUTORIDADE, FISCAL_HOMOLOGACAO_DESTINO: 'sefaz' }))).toThrow(/LOCAL_AUTHORITY_URL is refused in production/);
    expect(() => readConfig(producao({ LOCAL_AUTHORITY_CA_FILE: '/tmp/ca.pem' }))).toThrow(/LOCAL_AUTHORITY_CA_FILE is refused in production/);
    expect(() => readConfig(producao({ FISCAL_HOMOLOGACAO_DESTINO: 'local' }))).toThrow(/FISCAL_HOMOLOGACAO_DESTINO must be sefaz in production/);
  });
});
