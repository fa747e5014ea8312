import type { Logger } from '@erp/kit';
import type { Cenarios } from '../app/cenarios';
import { cnpjDoCertificado } from '../domain/assinatura';
import { json, gzipB64, type ContextoSefin, type SaidaSefin } from './comum';
import { emitir } from './emissao';
import { consultarEvento, registrarEvento } from './eventos';
import type { RegistroSefin } from './registro-sefin';

/** The base path the settings relay calls in HOMOLOGAÇÃO (`<LOCAL_AUTHORITY_URL>/sefin/SefinNacional`). */
export const BASE_SEFIN = '/sefin/SefinNacional';

/**
 * The Sefin Nacional stand-in (NFS-e national standard, "produção restrita"): the API of the swagger "API NFS-e -
 * Sefin Nacional" over the authority's mutual-TLS server, JSON in and out, XML as gzip + base64. What a caller may
 * read is its own (the TLS certificate's CNPJ base): another's NFS-e is 403, as Sefin answers.
 */
export class SefinNacional {
  constructor(
    private readonly registro: RegistroSefin,
    private readonly cenarios: Cenarios,
    private readonly tls: { key: string; cert: string },
    private readonly log: Logger,
  ) {}

  async atender(metodo: string, caminho: string, corpoTexto: string, clienteTls: Buffer): Promise<SaidaSefin> {
    const c: ContextoSefin = { registro: this.registro, cenarios: this.cenarios, clienteTls, tls: this.tls, recebidoEm: new Date() };
    const cnpjCliente = cnpjDoCertificado(clienteTls);
    const proprio = (cnpj: string) => cnpjCliente?.slice(0, 8) === cnpj.slice(0, 8);
    let corpo: unknown = null;
    if (metodo === 'POST') {
      try {
        corpo = JSON.parse(corpoTexto);
      } catch {
        return json(400, { erros: [{ codigo: 'E0001', descricao: 'corpo não é JSON' }] });
      }
    }
    let m: RegExpExecArray | null;
    if (metodo === 'POST' && caminho === '/nfse') return emitir(corpo, c);
    if ((metodo === 'GET' || metodo === 'HEAD') && (m = /^\/dps\/(DPS[0-9]{42})$/.exec(caminho))) {
      const nfse = await this.registro.porDps(m[1]);
      const cnpj = nfse?.cnpj ?? m[1].slice(11, 25).replace(/^000/, '');
      if (cnpjCliente && this.cenarios.proximo(cnpjCliente, 'consulta') === 'NAO_CONSTA') return json(404, { erro: 'Não foi gerada uma NFS-e com o identificador de DPS informado' });
      if (!nfse) return json(404, { erro: 'Não foi gerada uma NFS-e com o identificador de DPS informado' });
      if (!proprio(cnpj)) return json(403, { erro: 'Consulta não permitida para este certificado' });
      return json(200, metodo === 'HEAD' ? null : { idDps: nfse._id, chaveAcesso: nfse.chave });
    }
    if (metodo === 'GET' && (m = /^\/nfse\/([0-9]{50})$/.exec(caminho))) {
      const nfse = await this.registro.porChave(m[1]);
      if (!nfse) return json(404, { erro: 'NFS-e não encontrada' });
      if (!proprio(nfse.cnpj)) return json(403, { erro: 'Consulta não permitida para este certificado' });
      return json(200, { chaveAcesso: nfse.chave, nfseXmlGZipB64: gzipB64(nfse.nfseXml) });
    }
    if (metodo === 'POST' && (m = /^\/nfse\/([0-9]{50})\/eventos$/.exec(caminho))) return registrarEvento(m[1], corpo, c);
    if (metodo === 'GET' && (m = /^\/nfse\/([0-9]{50})\/eventos\/([0-9]{6})\/([0-9]{1,3})$/.exec(caminho))) return consultarEvento(m[1], m[2], m[3], c, cnpjCliente);
    this.log.debug({ metodo, caminho }, 'unknown Sefin path');
    return json(404, { erro: 'recurso inexistente' });
  }
}
