import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { stackEnv } from '../../../../test/support/env';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** Starts the real settings process with this environment and returns how it ended (it must not stay up). */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'services/settings/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      MONGODB_URL: stackEnv.mongodbUrl,
      NATS_URL: stackEnv.natsUrl,
      SESSION_JWKS_URL: 'https://idp.example.test/.well-known/jwks.json',
      PORT: '0',
      ...env,
    },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('settings - start', () => {
  it('settings - refuses to start in production without an encryption key', () => {
    const run = start({ NODE_ENV: 'production' });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('SETTINGS_ENCRYPTION_KEYS is required in production');
  });

  it('settings - refuses a malformed key list, and never prints the key material it was given', () => {
    const secret = randomBytes(16).toString('base64');
    const run = start({ NODE_ENV: 'production', SETTINGS_ENCRYPTION_KEYS: `k1:${secret}` });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('SETTINGS_ENCRYPTION_KEYS');
    expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
  });
});
