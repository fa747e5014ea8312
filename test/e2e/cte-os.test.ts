import { validarXml } from '@erp/fiscal-schemas';
import { graphql, rest, stackEnv } from '../support/env';
import { cenario, estado } from './sefaz-helpers';
import { CHAVE_NFE, cteOsProcBaixado, cteOsSpRj, cteSpRj, textoCte } from './cte-helpers';
import { cancelar, DOCUMENTOS, emitir, empresaFiscal } from './fiscal-helpers';

/**
 * CT-e OS (model 67, passenger transport) through the stack's gateway on the CT-e's one path: built in cteOS_v4.00.xsd's
 * order, validated against the official schema (and rodoOS against cteModalRodoviarioOS_v4.00.xsd) before it is signed
 * through settings, sent gzipped to CTeRecepcaoOSV4 through the settings relay (mutual TLS) to the local authority's
 * stand-in; every case ends with a downloaded XML valid against the official schema. Figures by hand in the comments.
 */
async function baixar(usuario: string, id: string, arquivo: string, schema: string): Promise<string> {
  const r = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${encodeURIComponent(id)}/${arquivo}`, { headers: { authorization: `Bearer ${usuario}` } });
  expect(r.status).toBe(200);
  const xml = await r.text();
  expect(await validarXml('cte-PL_CTe_400_RTC', schema, xml)).toEqual({ ok: true });
  return xml;
}

describe('ct-e os through the local authority', () => {
  it('ct-e os - a regime-normal carrier issues SP -> RJ: AUTORIZADO under model 67, ICMS 12 %, IBS/CBS, vTotDFe, toma, rodoOS, QR code, cteOSProc valid', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const r = await emitir(e.admin, cteOsSpRj());
    expect([r.status, r.body.codigo, r.body.campos, r.body.cStat]).toEqual([201, undefined, undefined, undefined]);
    expect(r.body.dados).toMatchObject({ modelo: 'CTE', situacao: 'AUTORIZADO', cStat: '100', valorTotal: 4150, numero: 1 });
    const chave = r.body.dados.chaveAcesso as string;
    expect(chave.slice(20, 22)).toBe('67');
    const { raiz, nome } = await cteOsProcBaixado(e.usuario, r.body.dados.id);
    expect(raiz.localName).toBe('cteOSProc');
    expect(nome).toContain(`${chave}-cteOSProc.xml`);
    // 4,000.00 + 150.00 = 4,150.00; interstate SP -> RJ 12 %: 4,150.00 x 12 % = 498.00.
    expect([textoCte(raiz, 'mod'), textoCte(raiz, 'tpServ'), textoCte(raiz, 'CFOP'), textoCte(raiz, 'vTPrest'), textoCte(raiz, 'vICMS')]).toEqual(['67', '6', '6353', '4150.00', '498.00']);
    // 2026: vTotDFe = vTPrest; the IBS/CBS group of a regime-normal carrier.
    expect([textoCte(raiz, 'cClassTrib'), textoCte(raiz, 'vTotDFe')]).toEqual(['000001', '4150.00']);
    expect([textoCte(raiz, 'indIEToma'), textoCte(raiz, 'TAF'), textoCte(raiz, 'placa'), textoCte(raiz, 'tpFretamento'), textoCte(raiz, 'qCarga')]).toEqual(['1', '123456789012', 'ABC1D23', '1', '40.0000']);
    expect(textoCte(raiz, 'qrCodCTe')).toBe(`https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode?chCTe=${chave}&tpAmb=2`);
    expect(textoCte(raiz, 'nProt')).toBe(r.body.dados.protocolo);
    const s = await estado(e.cnpj);
    expect([s.chamadas.CTeRecepcaoOSV4, s.chamadas.CTeRecepcaoSincV4]).toEqual([1, undefined]);

    // Model 67 numbers apart from model 57: the company's first CT-e is number 1 too, under model 57.
    const cte = await emitir(e.admin, cteSpRj([CHAVE_NFE]));
    expect([cte.status, cte.body.dados?.numero, cte.body.dados?.chaveAcesso.slice(20, 22)]).toEqual([201, 1, '57']);
  }, 90_000);

  it('ct-e os - a Simples Nacional carrier (ICMSSN, no IBS/CBS), and GraphQL emitirDocumentoFiscal with CteOsInput', async () => {
    const sn = await empresaFiscal({ regime: 'SIMPLES_NACIONAL' });
    const r = await emitir(sn.admin, cteOsSpRj({ csosn: '102' }));
    expect([r.status, r.body.codigo, r.body.campos]).toEqual([201, undefined, undefined]);
    const { xml } = await cteOsProcBaixado(sn.usuario, r.body.dados.id);
    expect(xml).toContain('<ICMSSN><CST>90</CST><indSN>1</indSN></ICMSSN>');
    expect(xml).not.toContain('IBSCBS');

    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const mutacao = 'mutation($i: EmitirDocumentoFiscalInput!) { emitirDocumentoFiscal(input: $i) { id modelo situacao valorTotal chaveAcesso } }';
    const ok = await graphql(mutacao, { i: cteOsSpRj() }, e.admin);
    expect([ok.errors, ok.data?.emitirDocumentoFiscal?.situacao, ok.data?.emitirDocumentoFiscal?.chaveAcesso.slice(20, 22)]).toEqual([undefined, 'AUTORIZADO', '67']);
    await cteOsProcBaixado(e.usuario, ok.data!.emitirDocumentoFiscal.id);
    const corpo = cteOsSpRj();
    const ruim = await graphql(mutacao, { i: { ...corpo, cteOs: { ...corpo.cteOs, taf: '12' } } }, e.admin);
    expect(ruim.errors?.[0]?.extensions).toMatchObject({ code: 'DOCUMENTO_INVALIDO' });
    expect(JSON.stringify(ruim.errors?.[0]?.extensions)).toContain('cteOs.taf');
  }, 90_000);

  it('ct-e os - field errors: no TAF nor registration, both cte and cteOs, NF-e keys, another service type, a bad plate, a taker without address', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const base = cteOsSpRj();
    const r = await emitir(e.admin, {
      ...base,
      destinatario: { documento: '33000167000101', nome: 'Cliente Rio Ltda', uf: 'RJ', codigoMunicipio: '3304557' },
      chavesNfeTransportadas: [CHAVE_NFE],
      cte: cteSpRj([CHAVE_NFE]).cte,
      cteOs: { ...base.cteOs, taf: undefined, tipoServico: 'TRANSPORTE_VALORES', placa: 'X-1' },
    });
    expect(r.status).toBe(400);
    expect(r.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toEqual(
      expect.arrayContaining([
        'cteOs.taf:obrigatorio',
        'cte:cte_ou_cte_os',
        'chavesNfeTransportadas:somente_cte_57',
        'cteOs.tipoServico:tipo_servico_nao_suportado',
        'cteOs.placa:placa_formato',
        'destinatario.endereco:obrigatorio_cte',
      ]),
    );
    // The UF without a valid plate, in words a person reads under the page's "UF do veículo" (no layout tag "(veic)").
    expect(r.body.campos.find((c: { campo: string }) => c.campo === 'cteOs.ufVeiculo')).toMatchObject({ regra: 'somente_com_placa', erro: 'só é informada junto com uma placa do veículo válida' });
    expect((await estado(e.cnpj)).chamadas.CTeRecepcaoOSV4).toBeUndefined();
  }, 60_000);

  it('ct-e os - cStat paths as model 57: a lost answer adopted by the query; a rejection (422 with the cStat); 539 from another key on the number', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'] });
    const perdida = await emitir(e.admin, cteOsSpRj());
    expect([perdida.status, perdida.body.dados?.situacao]).toEqual([201, 'AUTORIZADO']);
    const s = await estado(e.cnpj);
    expect([s.chamadas.CTeRecepcaoOSV4, s.chamadas.CTeConsultaV4]).toEqual([1, 1]);
    await cteOsProcBaixado(e.usuario, perdida.body.dados.id);

    await cenario(e.cnpj, { rejeitar: '646' });
    const rejeitada = await emitir(e.admin, cteOsSpRj());
    expect([rejeitada.status, rejeitada.body.codigo, rejeitada.body.cStat]).toEqual([422, 'DOCUMENTO_REJEITADO', '646']);

    const outraEmpresa = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const controle = process.env.TEST_LOCAL_AUTHORITY_CONTROL_URL!;
    const outra = await fetch(`${controle}/numeros-de-outra-chave`, { method: 'POST', body: JSON.stringify({ cnpj: outraEmpresa.cnpj, mod: '67', serie: 1, numero: 1, chave: '3'.repeat(44) }) });
    expect(outra.status).toBe(200);
    const duplicada = await emitir(outraEmpresa.admin, cteOsSpRj());
    expect([duplicada.status, duplicada.body.codigo, duplicada.body.cStat]).toEqual([422, 'DOCUMENTO_REJEITADO', '539']);
  }, 90_000);

  it('ct-e os - cancellation 110111 (135, procEventoCTe valid) and a CC-e 110110 (135, procEventoCTe valid), each on its own CT-e OS', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, cteOsSpRj())).body.dados;
    expect(doc.situacao).toBe('AUTORIZADO');
    const r = await cancelar(e.admin, doc.id, 'Fretamento cancelado pelo cliente antes da viagem');
    expect([r.status, r.body.dados?.situacao, r.body.codigo]).toEqual([200, 'CANCELADO', undefined]);
    const cancelamento = await baixar(e.usuario, doc.id, 'cancelamento.xml', 'procEventoCTe_v4.00.xsd');
    expect(cancelamento).toContain(`Id="ID110111${doc.chaveAcesso}001"`);
    expect(cancelamento).toContain('<cStat>135</cStat>');

    const outro = (await emitir(e.admin, cteOsSpRj())).body.dados;
    const carta = await rest('POST', `${DOCUMENTOS}/${outro.id}/carta-correcao`, { bearer: e.admin, body: { alteracoes: [{ grupo: 'compl', campo: 'xObs', valor: 'Embarque na plataforma 12' }] } });
    expect([carta.status, carta.body.codigo, carta.body.dados?.cStat, carta.body.dados?.sequencia]).toEqual([201, undefined, '135', 1]);
    const cce = await baixar(e.usuario, outro.id, 'carta-correcao.xml', 'procEventoCTe_v4.00.xsd');
    expect(cce).toContain(`Id="ID110110${outro.chaveAcesso}001"`);
    // A corrected CT-e OS is not cancelled (MOC 523), as the model 57.
    expect((await cancelar(e.admin, outro.id, 'Fretamento cancelado pelo cliente antes da viagem')).body.codigo).toBe('CARTA_CORRECAO_REGISTRADA');
  }, 90_000);
});
