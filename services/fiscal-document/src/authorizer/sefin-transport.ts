import { gunzipSync, gzipSync } from 'node:zlib';
import type { Ambiente, MetodoSefin } from '@erp/contracts';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { authorizerUnavailable } from '../app/refusals';
import type { Transmissor } from '../messaging/sefaz-relay';

/** XML as the Sefin API carries it: "GZip com representação base64binary". */
export const gzipB64 = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
export const deGzipB64 = (b64: string) => gunzipSync(Buffer.from(b64, 'base64')).toString('utf8');

/** An answer (status and JSON body, `null` when not JSON), or why there is none (it may have been processed). */
export type RespostaSefin = { ok: true; status: number; corpo: Record<string, unknown> | null } | { ok: false; motivo: string };

/** A Sefin refusal (`erros[{codigo, descricao, complemento}]`), first error first. */
export interface ErroSefin {
  codigo: string;
  descricao: string;
}

export function errosDe(corpo: Record<string, unknown> | null): ErroSefin[] {
  const erros = corpo?.erros ?? corpo?.Erros;
  if (!Array.isArray(erros)) return [];
  return erros.flatMap((e: unknown) => {
    if (!e || typeof e !== 'object') return [];
    const { codigo, Codigo, descricao, Descricao, complemento, Complemento } = e as Record<string, unknown>;
    const texto = [descricao ?? Descricao, complemento ?? Complemento].filter((t) => typeof t === 'string' && t).join(': ');
    const valor = codigo ?? Codigo;
    return [{ codigo: typeof valor === 'string' || typeof valor === 'number' ? String(valor) : '', descricao: texto }];
  });
}

/**
 * The calls of the Sefin Nacional API (REST + JSON) through the settings service's relay (mutual TLS with the
 * company's A1 certificate, the company's timeout). A relay refusal that means nothing was sent is a configuration
 * fault (AUTORIZADOR_INDISPONIVEL); any other failure, or a 5xx, is no answer, to be settled by a query.
 */
export class SefinTransport {
  constructor(private readonly o: { transmitir: Transmissor; settings: FiscalSettingsReader; log: Logger }) {}

  async call(companyId: string, ambiente: Ambiente, metodo: MetodoSefin, caminho: string, corpo?: object): Promise<RespostaSefin> {
    const { timeoutSegundos } = await this.o.settings(companyId);
    const destino = { tipo: 'SEFIN_NACIONAL' as const, ambiente, metodo, caminho };
    const resposta = await this.o.transmitir(companyId, destino, corpo ? JSON.stringify(corpo) : '', timeoutSegundos * 1000);
    if (!resposta.ok) {
      if (resposta.codigo === 'DESTINO_NAO_PERMITIDO' || resposta.codigo === 'CERTIFICADO_AUSENTE' || resposta.codigo === 'CERTIFICADO_EXPIRADO') {
        throw authorizerUnavailable(`a transmissão à Sefin Nacional foi recusada: ${resposta.erro}`, { motivo: resposta.codigo });
      }
      this.o.log.warn({ companyId, metodo, caminho, codigo: resposta.codigo }, 'Sefin Nacional did not answer');
      return { ok: false, motivo: resposta.codigo };
    }
    if (resposta.status >= 500) {
      this.o.log.warn({ companyId, metodo, caminho, status: resposta.status }, 'Sefin Nacional answered with a server error');
      return { ok: false, motivo: `HTTP ${resposta.status}` };
    }
    let json: Record<string, unknown> | null;
    try {
      const lido: unknown = resposta.corpo ? JSON.parse(resposta.corpo) : null;
      json = lido && typeof lido === 'object' && !Array.isArray(lido) ? (lido as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    return { ok: true, status: resposta.status, corpo: json };
  }
}
