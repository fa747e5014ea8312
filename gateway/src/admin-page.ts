import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Joi from 'joi';
import { CommonErrorCodes, Refusal, SessionRoles, type SessionRole } from '@erp/contracts';
import { sendRefusal, signDevSession, type FastifyInstance } from '@erp/kit';
import type { GatewayConfig } from './config';

/**
 * The administration page (docs/admin.md): the single-page app built into admin/dist, served at /admin/ by this
 * gateway (no second server), plus two small routes of its own:
 * - `GET /admin/config.json`: whether this is development (sign-in screen) or production (the session comes from
 *   the host platform by postMessage, from the origins in ADMIN_PLATFORM_ORIGINS);
 * - `POST /admin/dev-session`: development only, a session signed with the development key for the company and
 *   role asked for. It does not exist in production (404, like any unknown route), nor without the dev key.
 */

interface AdminPageSettings {
  /** The built page; default admin/dist of this repository. */
  ADMIN_DIST_DIR: string;
  /** Origins of the host platform allowed to hand the page its session and to frame it (production). */
  ADMIN_PLATFORM_ORIGINS: string[];
}

/**
 * Where admin/dist is when ADMIN_DIST_DIR does not say: beside the sources (gateway/src, run with tsx), beside a
 * bundle (dist/gateway.js), or under the working directory; the first that holds a build.
 */
function defaultDist(): string {
  const candidates = [
    path.resolve(__dirname, '..', '..', 'admin', 'dist'),
    path.resolve(__dirname, '..', 'admin', 'dist'),
    path.resolve(process.cwd(), 'admin', 'dist'),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? candidates[0];
}
const DEV_SESSION_HOURS = 8;

function adminPageSettings(env: NodeJS.ProcessEnv): AdminPageSettings {
  const origin = Joi.string().uri({ scheme: ['http', 'https'] }).pattern(/^https?:\/\/[^/]+$/, 'an origin (scheme://host[:port], no path)');
  const result: Joi.ValidationResult<AdminPageSettings> = Joi.object<AdminPageSettings>({
    ADMIN_DIST_DIR: Joi.string().default(defaultDist()),
    ADMIN_PLATFORM_ORIGINS: Joi.array().items(origin).default([]),
  })
    .options({ allowUnknown: true, stripUnknown: true, abortEarly: false })
    .validate({
      ADMIN_DIST_DIR: env.ADMIN_DIST_DIR || undefined,
      ADMIN_PLATFORM_ORIGINS: env.ADMIN_PLATFORM_ORIGINS ? env.ADMIN_PLATFORM_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
    });
  if (result.error) throw new Error(`invalid administration page settings: ${result.error.details.map((d) => d.message).join('; ')}`);
  return result.value;
}

/** What the page may load and who may frame it: only this origin, nothing inline, no outside request. */
function contentSecurityPolicy(frameAncestors: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

interface DevSessionBody {
  empresa: string;
  papel: SessionRole;
  usuario?: string;
}

const devSessionBody = Joi.object<DevSessionBody>({
  empresa: Joi.string().trim().min(1).max(100).pattern(/^[A-Za-z0-9._:@-]+$/).required(),
  papel: Joi.string().valid(...SessionRoles).required(),
  usuario: Joi.string().trim().min(1).max(100).pattern(/^[A-Za-z0-9._:@-]+$/),
}).options({ abortEarly: false });

export async function mountAdminPage(app: FastifyInstance, config: GatewayConfig, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const settings = adminPageSettings(env);
  const production = config.NODE_ENV === 'production';
  if (!fs.existsSync(path.join(settings.ADMIN_DIST_DIR, 'index.html'))) {
    app.log.warn({ dir: settings.ADMIN_DIST_DIR }, 'administration page not built: /admin answers 404 (npm run -s build -w admin)');
  }

  await app.register(async (scope) => {
    const csp = contentSecurityPolicy(settings.ADMIN_PLATFORM_ORIGINS);
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', csp);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
    });

    scope.get('/admin', async (_request, reply) => reply.redirect('/admin/'));

    scope.get('/admin/config.json', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { modo: production ? 'producao' : 'desenvolvimento', origensPlataforma: settings.ADMIN_PLATFORM_ORIGINS };
    });

    const secret = config.SESSION_JWT_SECRET;
    if (!production && secret) {
      scope.post('/admin/dev-session', async (request, reply) => {
        const result: Joi.ValidationResult<DevSessionBody> = devSessionBody.validate(request.body ?? {});
        if (result.error) {
          return sendRefusal(reply, new Refusal(CommonErrorCodes.CORPO_INVALIDO, result.error.details.map((d) => d.message).join('; ')));
        }
        const value = result.value;
        const userId = value.usuario ?? `${value.empresa}-${value.papel}`;
        const sessao = await signDevSession(secret, { companyId: value.empresa, role: value.papel, userId }, DEV_SESSION_HOURS * 3600);
        reply.header('cache-control', 'no-store');
        return { sucesso: true, sessao, expiraEm: new Date(Date.now() + DEV_SESSION_HOURS * 3600_000).toISOString() };
      });
    }

    await scope.register(fastifyStatic, {
      root: settings.ADMIN_DIST_DIR,
      prefix: '/admin/',
      index: ['index.html'],
      wildcard: true,
      // No reply.sendFile here: another plugin serving files (the API docs) may decorate the reply itself.
      decorateReply: false,
      // Cache-Control is ours (below), not send's default `max-age=0`.
      cacheControl: false,
      // Hashed bundle files never change under their name; index.html names the current ones, so it is revalidated.
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });
}
