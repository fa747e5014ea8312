import Joi from 'joi';
import { ConfigError, loadConfig } from '../../src/config';

const stores = { MONGODB_URL: 'mongodb://127.0.0.1:27017/', NATS_URL: 'nats://127.0.0.1:4222' };
const keys = { PORT: Joi.number().port().default(4999) };

describe('kit config - validated at start', () => {
  it('kit config - applies defaults and converts types', () => {
    const config = loadConfig(keys, { ...stores, SESSION_JWT_SECRET: 'x'.repeat(32), PORT: '4100' });
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 4100, HOST: '127.0.0.1', SESSION_ISSUER: 'erp-dev' });
  });

  it('kit config - reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig(keys, { MONGODB_URL: 'http://not-mongo', PORT: 'abc', SESSION_JWT_SECRET: 'x'.repeat(32) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('MONGODB_URL');
    expect(message).toContain('NATS_URL');
    expect(message).toContain('PORT');
  });

  it('kit config - production refuses the development signing key and needs a public key or JWKS', () => {
    expect(() => loadConfig(keys, { ...stores, NODE_ENV: 'production', SESSION_JWT_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig(keys, { ...stores, NODE_ENV: 'production' })).toThrow(/SESSION_JWKS_URL or SESSION_PUBLIC_KEY/);
    expect(loadConfig(keys, { ...stores, NODE_ENV: 'production', SESSION_JWKS_URL: 'https://idp.example.test/jwks.json' })).toMatchObject({
      NODE_ENV: 'production',
    });
  });

  it('kit config - a NATS user comes with its password, and not beside a credentials file', () => {
    const session = { ...stores, SESSION_JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(keys, session)).not.toHaveProperty('NATS_USER');
    expect(loadConfig(keys, { ...session, NATS_USER: 'ingestion', NATS_PASSWORD: 'p' })).toMatchObject({ NATS_USER: 'ingestion', NATS_PASSWORD: 'p' });
    expect(() => loadConfig(keys, { ...session, NATS_USER: 'ingestion' })).toThrow(/NATS_PASSWORD/);
    expect(() => loadConfig(keys, { ...session, NATS_PASSWORD: 'p' })).toThrow(/NATS_USER/);
    expect(() => loadConfig(keys, { ...session, NATS_USER: 'a.b', NATS_PASSWORD: 'p' })).toThrow(/NATS_USER/);
    expect(() => loadConfig(keys, { ...session, NATS_USER: 'x', NATS_PASSWORD: 'p', NATS_CREDS_FILE: '/x.creds' })).toThrow(/NATS_CREDS_FILE/);
    // The error never repeats the password.
    expect(() => loadConfig(keys, { ...session, NATS_PASSWORD: 'secret-value' })).toThrow(/^(?![\s\S]*secret-value)/);
  });

  it('kit config - the gateway needs no database or broker', () => {
    expect(() => loadConfig(keys, { SESSION_JWT_SECRET: 'x'.repeat(32) }, { stores: false })).not.toThrow();
    expect(() => loadConfig(keys, { SESSION_JWT_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
  });
});
