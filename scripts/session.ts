import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SessionRoles, type SessionRole } from '@erp/contracts';
import { signDevSession } from '@erp/kit';

/**
 * `npm run -s session -- --company <id> --role admin [--user <id>]`: prints a session JWT signed with the
 * running development stack's key (kept in the data folder). Production sessions come from the identity provider.
 */
const { values } = parseArgs({
  options: {
    company: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    user: { type: 'string' },
    hours: { type: 'string', default: '8' },
  },
});

function fail(message: string): never {
  console.error(message);
  console.error('usage: npm run -s session -- --company <companyId> --role admin|user [--user <userId>] [--hours 8]');
  process.exit(2);
}

const company = values.company ?? fail('--company is required');
const role = values.role as SessionRole;
if (!(SessionRoles as readonly string[]).includes(role)) fail(`--role must be one of ${SessionRoles.join(', ')}`);
const hours = Number(values.hours);
if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) fail('--hours must be between 0 and 720');

const secretsFile = path.resolve(__dirname, '..', process.env.STACK_DATA_DIR ?? '.data', 'dev-secrets.json');
const secret =
  process.env.SESSION_JWT_SECRET ??
  (fs.existsSync(secretsFile) ? (JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as { sessionSecret: string }).sessionSecret : undefined) ??
  fail(`no development key: start the stack once (npm start) so ${secretsFile} exists, or set SESSION_JWT_SECRET`);

// A failure is an unhandled rejection: Node prints it and exits non-zero.
void signDevSession(secret, { companyId: company, role, userId: values.user ?? `${company}-${role}` }, Math.round(hours * 3600)).then(
  (jwt) => console.log(jwt),
);
