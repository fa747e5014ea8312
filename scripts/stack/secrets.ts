import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Development-only keys, kept in the data folder so sessions and encrypted settings survive restarts. */
export interface DevSecrets {
  sessionSecret: string;
  settingsKeys: string;
}

export function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as DevSecrets;
  const secrets: DevSecrets = {
    sessionSecret: randomBytes(32).toString('base64url'),
    settingsKeys: `dev1:${randomBytes(32).toString('base64')}`,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
