import { validarXml } from '@erp/fiscal-schemas';
import { rest } from '../support/env';
import { DOCUMENTOS, emitir, empresaFiscal, eventosDoDocumento, referenciaNova } from './fiscal-helpers';
import { cenario, estado } from './sefaz-helpers';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { stackEnv } from '../support/env';

/**
 * The NFS-e national standard end to end through the gateway: the DPS built, validated and signed, sent through the
 * settings relay over mutual TLS to the local authority's Sefin Nacional stand-in, which checks it against the official
 * schema and the signature, generates the key and the NFS-e; the document adopts the key and keeps the NFS-e XML.
 */
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(async () => {
  await nc.drain();
});

export function nfse(extra: Record<string, unknown> = {}) {
  return {
    referencia: referenciaNova('NFSE'),
    modelo: 'NFSE',
    destinatario: { documento: '11222333000181', nome: 'Tomador Servicos Ltda' },
    itens: [{ codigo: 'S', descricao: 'Suporte técnico', quantidade: 10, valorUnitario: 120, aliquotaIss: 2 }],
    ...extra,
  };
}

async function xmlDe(sessao: string, id: string): Promise<string> {
  const r = await rest('GET', `${DOCUMENTOS}/${id}/xml`, { bearer: sessao });
  expect(r.status).toBe(200);
  return String(r.body);
}

describe('nfse nacional - Sefin Nacional through the local authority', () => {
  it('nfse nacional - a regime-normal NFS-e is authorized by Sefin: its 50-digit key adopted, the NFS-e XML (with the signed DPS and IBSCBS) valid against the official schema', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const r = await emitir(e.admin, nfse());
    expect(r.status).toBe(201);
    const doc = r.body.dados;
    expect(doc).toMatchObject({ situacao: 'AUTORIZADO', numero: 1, valorTotal: 1200 });
    // Sefin's key: cMun(7) + ambGer 2 + tpInsc 2 + CNPJ(14) + nNFSe(13) + AAMM + cNum(9) + DV.
    expect(doc.chaveAcesso).toMatch(/^355030822\d{41}$/);
    expect(doc.chaveAcesso.slice(9, 23)).toBe(e.cnpj);
    const xml = await xmlDe(e.admin, doc.id);
    expect(await validarXml('nfse-nacional-1.01', 'NFSe_v1.01.xsd', xml)).toEqual({ ok: true });
    expect(xml).toContain(`<infNFSe Id="NFS${doc.chaveAcesso}">`);
    expect(xml).toContain(`<infDPS Id="DPS35503082${e.cnpj}00001000000000000001">`);
    expect(xml).toContain('<cNBS>115021000</cNBS>');
    expect(xml).toContain('<IBSCBS>');
    // ISS 2% of 1,200.00 = 24.00, as the stand-in computes it from pAliq.
    expect(xml).toContain('<vISSQN>24.00</vISSQN>');
    const eventos = await eventosDoDocumento(nc, doc.id, 1);
    expect(eventos.map((ev) => [ev.subject, ev.payload.chaveAcesso])).toEqual([['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO', doc.chaveAcesso]]);
  }, 60_000);

  it('nfse nacional - a Simples Nacional provider\'s DPS has no IBSCBS group; series 2 numbers on its own', async () => {
    const e = await empresaFiscal({ regime: 'SIMPLES_NACIONAL' });
    const r = await emitir(e.admin, nfse({ serie: 2 }));
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', serie: 2, numero: 1 });
    const xml = await xmlDe(e.admin, r.body.dados.id);
    expect(xml).not.toContain('<IBSCBS>');
    expect(xml).toContain('<opSimpNac>3</opSimpNac>');
    expect(await validarXml('nfse-nacional-1.01', 'NFSe_v1.01.xsd', xml)).toEqual({ ok: true });
  }, 60_000);

  it('nfse nacional - answer lost after Sefin generated the NFS-e: GET /dps/{id} recovers it; one NFS-e, one key, one event', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'] });
    const r = await emitir(e.admin, nfse());
    expect(r.status).toBe(201);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1 });
    const xml = await xmlDe(e.admin, r.body.dados.id);
    expect(xml).toContain(`Id="NFS${r.body.dados.chaveAcesso}"`);
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ SefinNfse: 1 });
    const eventos = await eventosDoDocumento(nc, r.body.dados.id, 1);
    expect(eventos).toHaveLength(1);
  }, 60_000);

  it('nfse nacional - connection dropped before Sefin processed: not found by DPS Id, sent again once with the same bytes, authorized', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    await cenario(e.cnpj, { autorizacao: ['DERRUBA'] });
    const r = await emitir(e.admin, nfse());
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1 });
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ SefinNfse: 2 });
  }, 60_000);

  it('nfse nacional - rejected by Sefin: 422 DOCUMENTO_REJEITADO with Sefin\'s code; the next DPS takes the next number', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    await cenario(e.cnpj, { rejeitar: 'E0312' });
    const r = await emitir(e.admin, nfse());
    expect([r.status, r.body.codigo, r.body.cStat]).toEqual([422, 'DOCUMENTO_REJEITADO', 'E0312']);
    // Refused before a number is taken: the DPS needs the tomador's name.
    const semNome = await emitir(e.admin, nfse({ destinatario: { documento: '11222333000181' } }));
    expect([semNome.status, semNome.body.codigo, semNome.body.campos?.[0]?.campo]).toEqual([400, 'DOCUMENTO_INVALIDO', 'destinatario.nome']);
    const segunda = await emitir(e.admin, nfse());
    expect(segunda.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 2 });
  }, 60_000);

  it('nfse nacional - the OpenAPI examples as written: the settings\' nfse blocks (national and ABRASF) are saved, and the NFS-e emission example is authorized', async () => {
    const documento = (await rest('GET', '/api/openapi.json')).body;
    const [nacional, abrasf] = documento.components.schemas.ConfiguracaoFiscalEntrada.properties.nfse.examples;
    const [emissao] = documento.components.schemas.EmissaoDocumento.examples;
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const atual = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: e.admin })).body.dados;
    const salvar = (nfse: unknown) => rest('PUT', '/api/erp/faturamento/configuracao', { bearer: e.admin, body: { ...atual, nfse } });
    expect((await salvar(abrasf)).status).toBe(200);
    const salvo = await salvar(nacional);
    expect(salvo.status).toBe(200);
    expect(salvo.body.dados.nfse).toMatchObject({ provedor: 'NACIONAL', codigoNbs: '115021000', algoritmoAssinatura: 'RSA-SHA1', canonicalizacao: 'C14N' });
    const r = await emitir(e.admin, emissao);
    expect([r.status, r.body.dados?.situacao]).toEqual([201, 'AUTORIZADO']);
    // ISS 2% of 10 x 120.00 = 24.00.
    expect(r.body.dados.impostos.find((l: { tributo: string }) => l.tributo === 'ISS')).toMatchObject({ valor: 24, aliquota: 2 });
  }, 60_000);

  it('nfse nacional - signed with RSA-SHA256 and exclusive C14N (the settings\' profile): the stand-in verifies it and authorizes', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const atual = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: e.admin })).body.dados;
    const perfil = { ...atual.nfse, algoritmoAssinatura: 'RSA-SHA256', canonicalizacao: 'C14N_EXCLUSIVA' };
    expect((await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: e.admin, body: { ...atual, nfse: perfil } })).status).toBe(200);
    const r = await emitir(e.admin, nfse());
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO' });
    const xml = await xmlDe(e.admin, r.body.dados.id);
    expect(xml).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(xml).toContain('Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"');
  }, 60_000);

  it('nfse nacional - settings without the national provider or NBS: 422 CONFIGURACAO_INCOMPLETA naming the fields, nothing numbered', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const atual = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: e.admin })).body.dados;
    const salvar = (mudanca: Record<string, unknown>) => rest('PUT', '/api/erp/faturamento/configuracao', { bearer: e.admin, body: { ...atual, nfse: { ...atual.nfse, ...mudanca } } });
    expect((await salvar({ provedor: null })).status).toBe(200);
    const semProvedor = await emitir(e.admin, nfse());
    expect([semProvedor.status, semProvedor.body.codigo, semProvedor.body.faltando]).toEqual([422, 'CONFIGURACAO_INCOMPLETA', ['nfse.provedor']]);
    expect((await salvar({ codigoNbs: null })).status).toBe(200);
    const r = await emitir(e.admin, nfse());
    expect([r.status, r.body.codigo, r.body.faltando]).toEqual([422, 'CONFIGURACAO_INCOMPLETA', ['nfse.codigoNbs']]);
  }, 60_000);
});
