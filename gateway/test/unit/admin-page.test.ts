import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHttpApp, createLogger, type FastifyInstance } from '@erp/kit';
import { mountAdminPage } from '../../src/admin-page';
import type { GatewayConfig } from '../../src/config';

const SECRET = 'a-development-secret-of-at-least-32-chars';
let dist: string;
const open: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>admin</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json: <T = any>() => T;
}

/** The routes on a real socket (fastify's inject needs an ESM-only dependency jest cannot load here). */
async function appFor(nodeEnv: GatewayConfig['NODE_ENV'], env: NodeJS.ProcessEnv = {}, devKey: string | undefined = nodeEnv === 'production' ? undefined : SECRET) {
  const app: FastifyInstance = createHttpApp({ log: createLogger('gateway-test', 'silent'), readiness: [] });
  open.push(app);
  const config = { NODE_ENV: nodeEnv, SESSION_JWT_SECRET: devKey } as GatewayConfig;
  await mountAdminPage(app, config, { ADMIN_DIST_DIR: dist, ...env });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    async inject(request: { method: string; url: string; payload?: unknown }): Promise<Answer> {
      const response = await fetch(base + request.url, {
        method: request.method,
        redirect: 'manual',
        headers: request.payload === undefined ? {} : { 'content-type': 'application/json' },
        body: request.payload === undefined ? undefined : JSON.stringify(request.payload),
      });
      const body = await response.text();
      return { statusCode: response.status, headers: Object.fromEntries(response.headers), body, json: () => JSON.parse(body) };
    },
  };
}

describe('gateway - administration page', () => {
  it('gateway - serves the built page at /admin/ with a strict content security policy, hashed assets cached for good', async () => {
    const app = await appFor('development');
    const redirect = await app.inject({ method: 'GET', url: '/admin' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/admin/');
    const page = await app.inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>admin</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const asset = await app.inject({ method: 'GET', url: '/admin/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/admin/nada.js' })).statusCode).toBe(404);
  });

  it('gateway - development: config says so and /admin/dev-session signs a session for the company and role asked', async () => {
    const app = await appFor('development');
    expect((await app.inject({ method: 'GET', url: '/admin/config.json' })).json()).toEqual({ modo: 'desenvolvimento', origensPlataforma: [] });
    const ok = await app.inject({ method: 'POST', url: '/admin/dev-session', payload: { empresa: 'acme', papel: 'user' } });
    expect(ok.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(ok.json<{ sessao: string }>().sessao.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ companyId: 'acme', role: 'user', sub: 'acme-user', iss: 'erp-dev', aud: 'erp-internal' });
    const bad = await app.inject({ method: 'POST', url: '/admin/dev-session', payload: { empresa: 'a b', papel: 'root' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ sucesso: false, codigo: 'CORPO_INVALIDO' });
  });

  it('gateway - production: no dev-session route (404), the platform origins may frame the page and hand it its session', async () => {
    const app = await appFor('production', { ADMIN_PLATFORM_ORIGINS: 'https://erp.example.com, https://portal.example.com' });
    const refused = await app.inject({ method: 'POST', url: '/admin/dev-session', payload: { empresa: 'acme', papel: 'admin' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ codigo: 'NAO_ENCONTRADO' });
    expect((await app.inject({ method: 'GET', url: '/admin/config.json' })).json()).toEqual({
      modo: 'producao',
      origensPlataforma: ['https://erp.example.com', 'https://portal.example.com'],
    });
    const page = await app.inject({ method: 'GET', url: '/admin/' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' https://erp.example.com https://portal.example.com");
  });

  it('gateway - production: no dev-session route even with a development key configured (the production check alone refuses it)', async () => {
    // The gateway's config already refuses a key in production; this proves the route's own check does not lean on that.
    const app = await appFor('production', {}, SECRET);
    const refused = await app.inject({ method: 'POST', url: '/admin/dev-session', payload: { empresa: 'acme', papel: 'admin' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ codigo: 'NAO_ENCONTRADO' });
    expect(refused.body).not.toContain('sessao');
  });

  it('gateway - refuses to start with a platform origin that is not an origin', async () => {
    await expect(appFor('production', { ADMIN_PLATFORM_ORIGINS: 'https://erp.example.com/path' })).rejects.toThrow(/ADMIN_PLATFORM_ORIGINS/);
  });
});
