import { cenario, estado } from './sefaz-helpers';
import { CHAVE_NFE, cteProcBaixado, cteSpRj, textoCte } from './cte-helpers';
import { graphql } from '../support/env';
import { emitir, empresaFiscal, nfeVenda } from './fiscal-helpers';

/**
 * CT-e 4.00 through the stack's gateway on the one path: built, validated against the official schema, signed
 * through settings, sent gzipped to CTeRecepcaoSincV4 through the settings relay (mutual TLS) to the local
 * authority's CT-e stand-in in HOMOLOGAÇÃO; each case ends with a downloaded cteProc valid against the official
 * procCTe schema. Figures computed by hand in the comments.
 */
async function nfeDaEmpresa(admin: string): Promise<string> {
  const nfe = await emitir(admin, nfeVenda({ itens: [{ codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 1000, ncm: '94033000', cfop: '5102', cst: '00' }] }));
  expect(nfe.status).toBe(201);
  return nfe.body.dados.chaveAcesso;
}

describe('ct-e through the local authority', () => {
  it('ct-e - a regime-normal carrier issues SP -> RJ: AUTORIZADO, ICMS 12 % of the service, IBS/CBS group, vTotDFe, QR code, cteProc valid', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const chaveNfe = await nfeDaEmpresa(e.admin);
    const r = await emitir(e.admin, cteSpRj([chaveNfe]));
    expect([r.status, r.body.codigo, r.body.campos, r.body.cStat]).toEqual([201, undefined, undefined, undefined]);
    expect(r.body.dados).toMatchObject({ modelo: 'CTE', situacao: 'AUTORIZADO', cStat: '100', valorTotal: 1050 });
    expect(r.body.dados.chaveAcesso.slice(20, 22)).toBe('57');
    const { raiz, nome } = await cteProcBaixado(e.usuario, r.body.dados.id);
    expect(nome).toContain(`${r.body.dados.chaveAcesso}-procCTe.xml`);
    // Interstate SP -> RJ: 12 %; 1,050.00 x 12 % = 126.00 (ICMS of transport due to the UF of start).
    expect([textoCte(raiz, 'CFOP'), textoCte(raiz, 'vTPrest'), textoCte(raiz, 'vBC'), textoCte(raiz, 'pICMS'), textoCte(raiz, 'vICMS')]).toEqual(['6353', '1050.00', '1050.00', '12.00', '126.00']);
    // 2026: vTotDFe = vTPrest (IBS/CBS not added), NT 2025.001-RTC v1.12.
    expect([textoCte(raiz, 'cClassTrib'), textoCte(raiz, 'vTotDFe')]).toEqual(['000001', '1050.00']);
    expect(textoCte(raiz, 'qrCodCTe')).toBe(`https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode?chCTe=${r.body.dados.chaveAcesso}&tpAmb=2`);
    expect([textoCte(raiz, 'chave'), textoCte(raiz, 'nProt')]).toEqual([chaveNfe, r.body.dados.protocolo]);
    expect(textoCte(raiz, 'RNTRC')).toBe('12345678');
  }, 60_000);

  it('ct-e - a Simples Nacional carrier: ICMSSN, no IBS/CBS group', async () => {
    const e = await empresaFiscal({ regime: 'SIMPLES_NACIONAL' });
    const r = await emitir(e.admin, cteSpRj([CHAVE_NFE], { csosn: '102' }));
    expect([r.status, r.body.codigo, r.body.campos]).toEqual([201, undefined, undefined]);
    const { xml } = await cteProcBaixado(e.usuario, r.body.dados.id);
    expect(xml).toContain('<ICMSSN><CST>90</CST><indSN>1</indSN></ICMSSN>');
    expect(xml).not.toContain('IBSCBS');
  }, 60_000);

  it('ct-e - field errors: no cte group, another modal, a taker OUTROS without its party, a municipality of another UF, a non-transport CFOP', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const sem = await emitir(e.admin, { ...cteSpRj([CHAVE_NFE]), cte: undefined });
    expect(sem.status).toBe(400);
    expect(sem.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toContain('cte:obrigatorio');
    const base = cteSpRj([CHAVE_NFE]);
    const errado = await emitir(e.admin, {
      ...base,
      itens: base.itens.map((i) => ({ ...i, cfop: '6102' })),
      cte: { ...base.cte, modal: 'AEREO', tomador: 'OUTROS', fim: { codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'RJ' } },
    });
    expect(errado.status).toBe(400);
    expect(errado.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toEqual(
      expect.arrayContaining(['cte.modal:modal_nao_suportado', 'cte.outroTomador:obrigatorio_tomador', 'cte.fim.codigoMunicipio:municipio_de_outra_uf', 'itens[0].cfop:cfop_transporte']),
    );
  }, 60_000);

  it('ct-e - the answer lost after the authority processed it: the query by key adopts the authorization (one number, one protocol)', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'] });
    const r = await emitir(e.admin, cteSpRj([CHAVE_NFE]));
    expect([r.status, r.body.dados?.situacao]).toEqual([201, 'AUTORIZADO']);
    const s = await estado(e.cnpj);
    expect([s.chamadas.CTeRecepcaoSincV4, s.chamadas.CTeConsultaV4]).toEqual([1, 1]);
    expect(s.autorizadas.map((a) => a.chave)).toEqual([r.body.dados.chaveAcesso]);
    await cteProcBaixado(e.usuario, r.body.dados.id);
  }, 60_000);

  it('ct-e - no answer and the query fails too: PENDENTE (202); the same request again asks by key (217), sends the same bytes, AUTORIZADO', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    await cenario(e.cnpj, { autorizacao: ['DERRUBA'], consulta: ['ERRO_500'] });
    const corpo = cteSpRj([CHAVE_NFE]);
    const pendente = await emitir(e.admin, corpo);
    expect([pendente.status, pendente.body.dados?.situacao]).toEqual([202, 'PENDENTE']);
    const depois = await emitir(e.admin, corpo);
    expect([depois.status, depois.body.dados?.situacao, depois.body.dados?.id]).toEqual([200, 'AUTORIZADO', pendente.body.dados.id]);
    const s = await estado(e.cnpj);
    const envios = s.recebidos.filter((x) => x.servico === 'CTeRecepcaoSincV4');
    expect(envios.length).toBeGreaterThanOrEqual(1);
    await cteProcBaixado(e.usuario, depois.body.dados.id);
  }, 60_000);

  it('ct-e - rejected by the authority (scenario): REJEITADO with the cStat, 422', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    await cenario(e.cnpj, { rejeitar: '646' });
    const r = await emitir(e.admin, cteSpRj([CHAVE_NFE]));
    expect([r.status, r.body.codigo, r.body.cStat]).toEqual([422, 'DOCUMENTO_REJEITADO', '646']);
  }, 60_000);

  it('ct-e - a resend after a lost answer meets 204: the query by key adopts the authorization', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    // Processed then dropped, the query fails: PENDENTE. Asked again: the query says 217 (scenario), the same bytes go
    // again, the authority answers 204 (the key is there), and the query after it adopts the protocol.
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'], consulta: ['ERRO_500', 'NAO_CONSTA'] });
    const corpo = cteSpRj([CHAVE_NFE]);
    const pendente = await emitir(e.admin, corpo);
    expect([pendente.status, pendente.body.dados?.situacao]).toEqual([202, 'PENDENTE']);
    const depois = await emitir(e.admin, corpo);
    expect([depois.status, depois.body.dados?.situacao]).toEqual([200, 'AUTORIZADO']);
    const s = await estado(e.cnpj);
    const envios = s.recebidos.filter((x) => x.servico === 'CTeRecepcaoSincV4');
    // Two sendings of the very same bytes (the signed CT-e stored before the first).
    expect([envios.length, new Set(envios.map((x) => x.sha256)).size]).toEqual([2, 1]);
    expect(s.autorizadas).toHaveLength(1);
    await cteProcBaixado(e.usuario, depois.body.dados.id);
  }, 60_000);

  it('ct-e - 539: the number is held by another key at the authority: REJEITADO (cStat 539)', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const controle = process.env.TEST_LOCAL_AUTHORITY_CONTROL_URL!;
    const outra = await fetch(`${controle}/numeros-de-outra-chave`, { method: 'POST', body: JSON.stringify({ cnpj: e.cnpj, mod: '57', serie: 1, numero: 1, chave: '3'.repeat(44) }) });
    expect(outra.status).toBe(200);
    const r = await emitir(e.admin, cteSpRj([CHAVE_NFE]));
    expect([r.status, r.body.codigo, r.body.cStat]).toEqual([422, 'DOCUMENTO_REJEITADO', '539']);
  }, 60_000);

  it('ct-e - GraphQL: emitirDocumentoFiscal with CteInput issues AUTORIZADO; a bad field is an error naming it', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const mutacao = 'mutation($i: EmitirDocumentoFiscalInput!) { emitirDocumentoFiscal(input: $i) { id modelo situacao valorTotal } }';
    const ok = await graphql(mutacao, { i: cteSpRj([CHAVE_NFE]) }, e.admin);
    expect([ok.errors, ok.data?.emitirDocumentoFiscal?.situacao, ok.data?.emitirDocumentoFiscal?.valorTotal]).toEqual([undefined, 'AUTORIZADO', 1050]);
    await cteProcBaixado(e.usuario, ok.data!.emitirDocumentoFiscal.id);
    const corpo = cteSpRj([CHAVE_NFE]);
    const ruim = await graphql(mutacao, { i: { ...corpo, cte: { ...corpo.cte, rntrc: '12' } } }, e.admin);
    expect(ruim.errors?.[0]?.extensions).toMatchObject({ code: 'DOCUMENTO_INVALIDO' });
    expect(JSON.stringify(ruim.errors?.[0]?.extensions)).toContain('cte.rntrc');
  }, 60_000);
});
