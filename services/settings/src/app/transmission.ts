import https from 'node:https';
import { rootCertificates } from 'node:tls';
import {
  contentTypeCte,
  contentTypeSefaz,
  namespaceServicoCte,
  namespaceServicoSefaz,
  TRANSMISSAO_MAX_BYTES,
  TransmitErrorCodes,
  type SettingsTransmitReply,
  type SettingsTransmitRequest,
} from '@erp/contracts';
import type { Logger } from '@erp/kit';
import { TABELA_CTE, urlCte, type TabelaCte } from '../domain/cte-endpoints';
import { urlSefaz, type TabelaSefaz } from '../domain/sefaz-endpoints';
import { destinoSefin, type BasesSefin } from '../domain/sefin-endpoints';
import type { SettingsService } from './settings-service';

/** Bounds the per-company agents kept (each holds a TLS context and idle sockets); past it the cache starts over. */
const MAX_AGENTS = 1000;

interface AgentInUse {
  versao: number;
  agent: https.Agent;
}

const falha = (codigo: string, erro: string): SettingsTransmitReply => ({ ok: false, codigo, erro });

/**
 * The transmission relay (`settings.v1.transmit`): an HTTPS POST with the company's A1 certificate as the TLS
 * client certificate (SEFAZ requires mutual TLS), so the private key stays in this process. It is narrow on
 * purpose: the caller names a destination, never a URL; the URL comes from the SEFAZ table (or is the
 * company's own NFS-e endpoint); a SEFAZ body must be a SOAP 1.2 envelope for that very service; the timeout
 * is the company's `timeoutSegundos`; the answer is returned as status and text, nothing else.
 *
 * The key and certificate are handed to Node's TLS as PEM in memory (parsed from the .pfx by node-forge, which
 * reads the legacy RC2-40 files OpenSSL 3 refuses). One keep-alive agent per company and settings version
 * reuses connections and TLS sessions; a new certificate means a new version and so a new agent.
 */
export class TransmissionRelay {
  private readonly agents = new Map<string, AgentInUse>();
  private readonly ca: string[];

  constructor(
    private readonly settings: SettingsService,
    private readonly tabela: TabelaSefaz,
    private readonly log: Logger,
    /** Extra trusted roots (PEM), added to Node's: SEFAZ servers present ICP-Brasil chains. */
    caExtra: string[] = [],
    /** Sefin Nacional's base URL per environment (HOMOLOGAÇÃO on the local authority in development and tests). */
    private readonly sefin: BasesSefin | null = null,
    /** The CT-e table (its own authorizers and URLs). */
    private readonly tabelaCte: TabelaCte = TABELA_CTE,
  ) {
    this.ca = [...rootCertificates, ...caExtra];
  }

  async transmit(pedido: SettingsTransmitRequest): Promise<SettingsTransmitReply> {
    if (Buffer.byteLength(pedido.corpo, 'utf8') > TRANSMISSAO_MAX_BYTES) {
      return falha(TransmitErrorCodes.CORPO_GRANDE_DEMAIS, `no máximo ${TRANSMISSAO_MAX_BYTES} bytes por transmissão`);
    }
    const credenciais = await this.settings.credenciaisTls(pedido.companyId);
    if (!credenciais.ok) return falha(credenciais.codigo, credenciais.erro);

    let url: string | null;
    let headers: Record<string, string>;
    let metodo = 'POST';
    if (pedido.destino.tipo === 'SEFIN_NACIONAL') {
      const destino = destinoSefin(this.sefin, pedido.destino, credenciais.configuracao, pedido.corpo);
      if (!destino.ok) return falha(TransmitErrorCodes.DESTINO_NAO_PERMITIDO, destino.erro);
      ({ url, headers, metodo } = destino);
    } else if (pedido.destino.tipo === 'SEFAZ') {
      url = urlSefaz(this.tabela, pedido.destino);
      if (!url) return falha(TransmitErrorCodes.DESTINO_NAO_PERMITIDO, `a tabela da SEFAZ não tem ${pedido.destino.servico} para ${pedido.destino.uf} (${pedido.destino.modelo}, ${pedido.destino.ambiente})`);
      // The relay carries only the SOAP request of the service it was asked for, nothing else to that host.
      if (!pedido.corpo.includes('http://www.w3.org/2003/05/soap-envelope') || !pedido.corpo.includes(`<nfeDadosMsg xmlns="${namespaceServicoSefaz(pedido.destino.servico)}">`)) {
        return falha(TransmitErrorCodes.DESTINO_NAO_PERMITIDO, `o corpo não é um envelope SOAP 1.2 de ${pedido.destino.servico}`);
      }
      headers = { 'content-type': contentTypeSefaz(pedido.destino.servico) };
    } else if (pedido.destino.tipo === 'CTE') {
      url = urlCte(this.tabelaCte, pedido.destino);
      if (!url) return falha(TransmitErrorCodes.DESTINO_NAO_PERMITIDO, `a tabela do CT-e não tem ${pedido.destino.servico} para ${pedido.destino.uf} (${pedido.destino.modelo}, ${pedido.destino.ambiente})`);
      if (!pedido.corpo.includes('http://www.w3.org/2003/05/soap-envelope') || !pedido.corpo.includes(`<cteDadosMsg xmlns="${namespaceServicoCte(pedido.destino.servico)}">`)) {
        return falha(TransmitErrorCodes.DESTINO_NAO_PERMITIDO, `o corpo não é um envelope SOAP 1.2 de ${pedido.destino.servico}`);
      }
      headers = { 'content-type': contentTypeCte(pedido.destino.servico) };
    } else {
      url = credenciais.configuracao.nfse.endpoint;
      if (!url || !url.startsWith('https://')) return falha(TransmitErrorCodes.DESTINO_NAO_PERMITIDO, 'a empresa não tem endpoint https de NFS-e configurado');
      headers = pedido.soapAction
        ? { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${pedido.soapAction}"` }
        : { 'content-type': 'application/soap+xml; charset=utf-8' };
    }

    const agent = this.agentFor(pedido.companyId, credenciais);
    const inicio = Date.now();
    const timeoutMs = credenciais.configuracao.timeoutSegundos * 1000;
    const resposta = await post(url, agent, headers, pedido.corpo, timeoutMs, metodo);
    const duracaoMs = Date.now() - inicio;
    if (!resposta.ok) {
      this.log.warn({ companyId: pedido.companyId, url, codigo: resposta.codigo, duracaoMs }, 'transmission failed');
      return falha(resposta.codigo, resposta.erro);
    }
    this.log.info({ companyId: pedido.companyId, url, status: resposta.status, duracaoMs }, 'transmission answered');
    return { ok: true, status: resposta.status, corpo: resposta.corpo, url, duracaoMs };
  }

  private agentFor(companyId: string, credenciais: Extract<Awaited<ReturnType<SettingsService['credenciaisTls']>>, { ok: true }>): https.Agent {
    const cached = this.agents.get(companyId);
    if (cached && cached.versao === credenciais.versao) return cached.agent;
    cached?.agent.destroy();
    if (this.agents.size >= MAX_AGENTS) {
      for (const { agent } of this.agents.values()) agent.destroy();
      this.agents.clear();
    }
    const agent = new https.Agent({ key: credenciais.chavePem, cert: credenciais.certificadoPem, ca: this.ca, keepAlive: true, maxSockets: 8 });
    this.agents.set(companyId, { versao: credenciais.versao, agent });
    return agent;
  }

  close(): void {
    for (const { agent } of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

type Resultado = { ok: true; status: number; corpo: string } | { ok: false; codigo: string; erro: string };

/** One POST with an overall deadline (not only an idle timeout): SEFAZ may trickle bytes forever. */
function post(url: string, agent: https.Agent, headers: Record<string, string>, corpo: string, timeoutMs: number, metodo = 'POST'): Promise<Resultado> {
  return new Promise((resolve) => {
    const dados = Buffer.from(corpo, 'utf8');
    let terminado = false;
    const terminar = (resultado: Resultado) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(prazo);
      resolve(resultado);
    };
    const comprimento: Record<string, string> = metodo === 'POST' ? { 'content-length': String(dados.length) } : {};
    const request = https.request(url, { method: metodo, agent, headers: { ...headers, ...comprimento } }, (response) => {
      const partes: Buffer[] = [];
      let tamanho = 0;
      response.on('data', (parte: Buffer) => {
        tamanho += parte.length;
        if (tamanho > TRANSMISSAO_MAX_BYTES) {
          terminar({ ok: false, codigo: TransmitErrorCodes.RESPOSTA_GRANDE_DEMAIS, erro: `resposta maior que ${TRANSMISSAO_MAX_BYTES} bytes` });
          request.destroy();
          return;
        }
        partes.push(parte);
      });
      response.on('end', () => terminar({ ok: true, status: response.statusCode ?? 0, corpo: Buffer.concat(partes).toString('utf8') }));
      response.on('error', (error) => terminar({ ok: false, codigo: TransmitErrorCodes.FALHA_CONEXAO, erro: `conexão interrompida: ${error.message}` }));
    });
    const prazo = setTimeout(() => {
      terminar({ ok: false, codigo: TransmitErrorCodes.TEMPO_ESGOTADO, erro: `sem resposta em ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => terminar({ ok: false, codigo: TransmitErrorCodes.FALHA_CONEXAO, erro: `falha de conexão: ${error.message}` }));
    request.end(metodo === 'POST' ? dados : undefined);
  });
}
