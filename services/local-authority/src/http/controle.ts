import http from 'node:http';
import Joi from 'joi';
import type { Logger } from '@erp/kit';
import { esquemaCenario, type Cenario, type Cenarios } from '../app/cenarios';
import { numeroId, type Registro } from '../store/registro';

/**
 * The scenario control port (plain HTTP, 127.0.0.1, only when LOCAL_AUTHORITY_CONTROL_PORT is set, never in
 * production): `POST /cenarios` sets an issuer's next answers; `POST /numeros-de-outra-chave` registers a number of a
 * series as authorized under another key (to provoke 539); `GET /estado?cnpj=` tells what the authority holds and
 * received for an issuer.
 */
const CNPJ = Joi.string().pattern(/^[0-9A-Z]{12}[0-9]{2}$/).required();
const esquemaNumero = Joi.object({
  cnpj: CNPJ,
  mod: Joi.string().valid('55', '65', '57', '67').required(),
  serie: Joi.number().integer().min(0).max(999).required(),
  numero: Joi.number().integer().min(1).max(999_999_999).required(),
  chave: Joi.string().length(44).required(),
  tpAmb: Joi.string().valid('1', '2').default('2'),
});

export async function iniciarControle(registro: Registro, cenarios: Cenarios, host: string, porta: number, log: Logger): Promise<{ url: string; stop: () => Promise<void> }> {
  const servidor = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const responder = (status: number, corpo: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(corpo));
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const corpo = () => {
        try {
          return JSON.parse(Buffer.concat(partes).toString('utf8')) as unknown;
        } catch {
          return undefined;
        }
      };
      const tratar = async () => {
        if (req.method === 'POST' && url.pathname === '/cenarios') {
          const validado = esquemaCenario.validate(corpo());
          if (validado.error) return responder(400, { ok: false, erro: validado.error.message });
          const { cnpj, ...cenario } = validado.value as Cenario & { cnpj: string };
          cenarios.definir(cnpj, cenario);
          return responder(200, { ok: true });
        }
        if (req.method === 'POST' && url.pathname === '/numeros-de-outra-chave') {
          const validado = esquemaNumero.validate(corpo());
          if (validado.error) return responder(400, { ok: false, erro: validado.error.message });
          const n = validado.value as { cnpj: string; mod: string; serie: number; numero: number; chave: string; tpAmb: string };
          const agora = new Date();
          await registro.tomarNumero({ _id: numeroId(n.tpAmb, n.cnpj, n.mod, n.serie, n.numero), tipo: 'AUTORIZACAO', cnpj: n.cnpj, tpAmb: n.tpAmb, chave: n.chave, cStat: '100', xMotivo: 'Autorizado o uso da NF-e', nProt: '135000000000000', dhRecbto: agora.toISOString(), digVal: '', em: agora, semeado: true });
          return responder(200, { ok: true });
        }
        if (req.method === 'GET' && url.pathname === '/estado') {
          const cnpj = url.searchParams.get('cnpj') ?? '';
          if (CNPJ.validate(cnpj).error) return responder(400, { ok: false, erro: 'cnpj inválido' });
          const { autorizacoes, cancelamentos, inutilizacoes } = await registro.doEmitente(cnpj);
          const cancelamento = new Map(cancelamentos.map((c) => [c.chave, c]));
          return responder(200, {
            ...cenarios.diagnostico(cnpj),
            autorizadas: autorizacoes.map((a) => ({
              chave: a.chave,
              cStat: a.cStat,
              nProt: a.nProt,
              cancelada: cancelamento.has(a.chave!),
              tpEventoCancelamento: cancelamento.get(a.chave!)?.tpEvento ?? null,
              chNFeRef: cancelamento.get(a.chave!)?.chNFeRef ?? null,
            })),
            inutilizadas: inutilizacoes.map(({ mod, serie, de, ate, nProt }) => ({ mod, serie, de, ate, nProt })),
          });
        }
        return responder(404, { ok: false });
      };
      tratar().catch((error: unknown) => {
        log.error({ err: error }, 'control request failed');
        responder(500, { ok: false });
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(porta, host, resolve);
  });
  return {
    url: `http://${host}:${(servidor.address() as { port: number }).port}`,
    stop: async () => {
      servidor.closeAllConnections();
      await new Promise((resolve) => servidor.close(resolve));
    },
  };
}
