import { validarXml } from '@erp/fiscal-schemas';
import { rest } from '../support/env';
import { cancelar, DOCUMENTOS, emitir } from './fiscal-helpers';
import { empresaAbrasf, rpsServico } from './nfse-abrasf-helpers';
import { cenario, estado } from './sefaz-helpers';

/**
 * ABRASF 2.04 end to end through the gateway: a company whose provider is ABRASF_2_04 and whose NFS-e endpoint is
 * the local authority's ABRASF stand-in (`<LOCAL_AUTHORITY_URL>/abrasf/ws`); the RPS is built, validated, signed and
 * sent as SOAP 1.1 through the settings relay (mutual TLS); the city's NFS-e number and verification code are kept.
 */
const nfse = () => rpsServico();

describe('nfse abrasf 2.04 - through the local authority', () => {
  it('nfse abrasf - GerarNfse: AUTORIZADO with the city\'s number and verification code; the CompNfse valid against nfse_v204.xsd; cancelled by CancelarNfse', async () => {
    const e = await empresaAbrasf();
    const r = await emitir(e.admin, nfse());
    expect(r.status).toBe(201);
    const doc = r.body.dados;
    expect(doc).toMatchObject({ situacao: 'AUTORIZADO', numero: 1 });
    expect(doc.chaveAcesso).toMatch(new RegExp(`^3106200-${doc.protocolo}-[0-9A-Z]{9}$`));
    const xml = String((await rest('GET', `${DOCUMENTOS}/${doc.id}/xml`, { bearer: e.admin })).body);
    expect(await validarXml('nfse-abrasf-2.04', 'nfse_v204.xsd', xml)).toEqual({ ok: true });
    expect(xml).toContain('<ItemListaServico>01.07</ItemListaServico>');
    // ISS 2% of 1,200.00 = 24.00.
    expect(xml).toContain('<ValorIss>24.00</ValorIss>');
    // The city prints its own NFS-e: no DANFSe here.
    expect((await rest('GET', `${DOCUMENTOS}/${doc.id}/danfe.pdf`, { bearer: e.admin })).body.codigo).toBe('DANFE_INDISPONIVEL');
    const c = await cancelar(e.admin, doc.id, 'Servico cobrado em duplicidade por engano');
    expect([c.status, c.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    expect(String((await rest('GET', `${DOCUMENTOS}/${doc.id}/cancelamento.xml`, { bearer: e.admin })).body)).toContain('<RetCancelamento>');
  }, 60_000);

  it('nfse abrasf - answer lost after the city generated the NFS-e: ConsultarNfsePorRps recovers it; one GerarNfse', async () => {
    const e = await empresaAbrasf();
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'] });
    const r = await emitir(e.admin, nfse());
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1 });
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ SefinNfse: 1 });
  }, 60_000);

  it('nfse abrasf - rejected by the city: 422 DOCUMENTO_REJEITADO with the city\'s code', async () => {
    const e = await empresaAbrasf();
    await cenario(e.cnpj, { rejeitar: 'E0045' });
    const r = await emitir(e.admin, nfse());
    expect([r.status, r.body.codigo, r.body.cStat]).toEqual([422, 'DOCUMENTO_REJEITADO', 'E004']);
  }, 60_000);

  it('nfse abrasf - the GISS profile (header namespace, CDATA messages) issues through the same adapter', async () => {
    const e = await empresaAbrasf('GISS_2_04');
    const r = await emitir(e.admin, nfse());
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1 });
  }, 60_000);
});
