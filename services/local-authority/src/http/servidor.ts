import https from 'node:https';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Logger } from '@erp/kit';
import { soapFault } from '../domain/respostas';
import { OperacoesCte, OperacoesSefaz } from '@erp/contracts';
import { atenderCte, ehServicoCte } from '../cte/atender';
import { ehServico, type Autoridade } from '../app/autoridade';
import { BASE_ABRASF, type AbrasfStandIn } from '../abrasf/abrasf';
import { BASE_SEFIN, type SefinNacional } from '../sefin/sefin-nacional';
import type { MaterialTls } from '../tls/autoridade-certificadora';

/** SEFAZ refuses messages over 500 KB (214); our largest document is far below. */
export const MAX_MENSAGEM_BYTES = 500 * 1024;
const MODELOS = new Set(['NFE', 'NFCE']);
/** The CT-e (57) and CT-e OS (67) stand-in: their own services (src/cte). */
const MODELOS_CTE = new Set(['CTE', 'CTEOS']);
/** Homologation only: production documents go to SEFAZ, never here (the settings relay routes them). */
const AMBIENTES = new Set(['homologacao']);

export interface Servidor {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The web services over HTTPS with mutual TLS, as SEFAZ serves them: no client certificate, no service (HTTP 403);
 * `POST /ws/<autorizador>/<modelo>/<ambiente>/<serviço>` with a SOAP 1.2 body whose `action` is the service's
 * operation. The authorizer segment names which authorizer of the UF table the caller meant (SP, SVRS, SVAN...); the
 * authority serves them all alike. The client certificate is not checked against a chain (any A1 is accepted, as
 * the tests' self-signed ones); the signature check ties it to the issuer.
 */
export async function iniciarServidorTls(
  autoridade: Autoridade,
  tls: MaterialTls,
  host: string,
  porta: number,
  log: Logger,
  nfse?: { sefin: SefinNacional; abrasf: AbrasfStandIn },
): Promise<Servidor> {
  const sefin = nfse?.sefin;
  const conexoes = new Set<Socket>();
  const servidor = https.createServer({ key: tls.key, cert: tls.cert, requestCert: true, rejectUnauthorized: false, requestTimeout: 60_000 }, (req, res) => {
    const partes: Buffer[] = [];
    let tamanho = 0;
    req.on('data', (parte: Buffer) => {
      tamanho += parte.length;
      if (tamanho <= MAX_MENSAGEM_BYTES) partes.push(parte);
    });
    req.on('end', () => {
      const responder = (status: number, corpo: string, tipo = 'application/soap+xml; charset=utf-8') => res.writeHead(status, { 'content-type': tipo }).end(corpo);
      const cliente = (req.socket as TLSSocket).getPeerCertificate();
      if (!cliente?.raw) return responder(403, 'client certificate required', 'text/plain');
      if (tamanho > MAX_MENSAGEM_BYTES) return responder(413, soapFault('Rejeição: Tamanho da mensagem excedeu o limite estabelecido'));
      const caminho = (req.url ?? '').split('?')[0];
      if (sefin && caminho.startsWith(`${BASE_SEFIN}/`)) {
        // The NFS-e national standard (REST + JSON), beside the NF-e's SOAP services (src/sefin/).
        sefin
          .atender(req.method ?? '', caminho.slice(BASE_SEFIN.length), Buffer.concat(partes).toString('utf8'), cliente.raw)
          .then((saida) => {
            const enviar = () => (saida.derrubar ? req.socket.destroy() : responder(saida.status, saida.corpo === null ? '' : JSON.stringify(saida.corpo), 'application/json; charset=utf-8'));
            if (saida.atrasoMs > 0) setTimeout(enviar, saida.atrasoMs).unref();
            else enviar();
          })
          .catch((error: unknown) => {
            log.error({ err: error, caminho }, 'Sefin stand-in failed');
            responder(500, JSON.stringify({ erro: 'Erro interno' }), 'application/json; charset=utf-8');
          });
        return;
      }
      if (nfse && caminho === BASE_ABRASF && req.method === 'POST') {
        // A city's ABRASF 2.04 web service (SOAP 1.1), for companies whose NFS-e endpoint points here (src/abrasf/).
        nfse.abrasf
          .atender(String(req.headers.soapaction ?? ''), Buffer.concat(partes).toString('utf8'), cliente.raw)
          .then((saida) => (saida.derrubar ? req.socket.destroy() : responder(saida.status, saida.corpo, 'text/xml; charset=utf-8')))
          .catch((error: unknown) => {
            log.error({ err: error }, 'ABRASF stand-in failed');
            responder(500, soapFault('Erro interno', 'Receiver'));
          });
        return;
      }
      const [, ws, autorizador, modelo, ambiente, servico, ...resto] = (req.url ?? '').split('?')[0].split('/');
      const contentType = req.headers['content-type'] ?? '';
      if (MODELOS_CTE.has(modelo)) {
        if (req.method !== 'POST' || ws !== 'ws' || !autorizador || !AMBIENTES.has(ambiente) || resto.length > 0 || !ehServicoCte(servico) || !contentType.includes(`/${servico}/${OperacoesCte[servico]}"`)) {
          return responder(400, soapFault('serviço ou ação SOAP desconhecidos'));
        }
        atenderCte(servico, Buffer.concat(partes).toString('utf8'), cliente.raw, autoridade.registro, autoridade.cenarios)
          .then((saida) => {
            if (saida.derrubar) req.socket.destroy();
            else setTimeout(() => responder(saida.status, saida.corpo), saida.atrasoMs).unref();
          })
          .catch((error: unknown) => {
            log.error({ err: error, servico }, 'CT-e web service failed');
            responder(500, soapFault('Erro interno da autoridade', 'Receiver'));
          });
        return;
      }
      if (
        req.method !== 'POST' ||
        ws !== 'ws' ||
        !autorizador ||
        !MODELOS.has(modelo) ||
        !AMBIENTES.has(ambiente) ||
        resto.length > 0 ||
        !ehServico(servico) ||
        !contentType.startsWith('application/soap+xml') ||
        !contentType.includes(`/${servico}/${OperacoesSefaz[servico]}"`)
      ) {
        return responder(400, soapFault('serviço ou ação SOAP desconhecidos'));
      }
      autoridade
        .atender(servico, Buffer.concat(partes).toString('utf8'), cliente.raw)
        .then((saida) => {
          const enviar = () => {
            if (saida.derrubar) req.socket.destroy();
            else responder(saida.status, saida.corpo);
          };
          if (saida.atrasoMs > 0) setTimeout(enviar, saida.atrasoMs).unref();
          else enviar();
        })
        .catch((error: unknown) => {
          log.error({ err: error, servico }, 'web service failed');
          responder(500, soapFault('Erro interno da autoridade', 'Receiver'));
        });
    });
  });
  servidor.on('connection', (socket: Socket) => {
    conexoes.add(socket);
    socket.once('close', () => conexoes.delete(socket));
  });
  servidor.on('tlsClientError', (error) => log.debug({ err: error }, 'TLS handshake refused'));
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(porta, host, resolve);
  });
  const endereco = servidor.address() as { port: number };
  return {
    url: `https://${host}:${endereco.port}`,
    stop: async () => {
      for (const socket of conexoes) socket.destroy();
      await new Promise((resolve) => servidor.close(resolve));
    },
  };
}
