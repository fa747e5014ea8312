import { connect, type NatsConnection } from '@nats-io/transport-node';
import { graphql, newCompanyId, rest, sessionFor, stackEnv } from '../support/env';
import { cteInterno } from './cte-helpers';
import { DOCUMENTOS, emitir, ENDERECO_CLIENTE, empresaFiscal, eventosDoDocumento, nfeVenda, referenciaNova, type EmpresaFiscal } from './fiscal-helpers';

/** Mod 11 over ASCII-48 values, weights 2..9 from the right (written again here so the test does not trust the code). */
function dv(chave43: string): number {
  let soma = 0;
  for (let i = 0; i < 43; i += 1) soma += (chave43.charCodeAt(42 - i) - 48) * (2 + (i % 8));
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

let nc: NatsConnection;
let sn: EmpresaFiscal;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
  sn = await empresaFiscal({ regime: 'SIMPLES_NACIONAL' });
});
afterAll(() => nc.close());

describe('fiscal documents - emission', () => {
  it('fiscal documents - an NF-e is authorized with number 1, a valid 44-character key, exact totals and the engine\'s taxes', async () => {
    const corpo = nfeVenda();
    const resposta = await emitir(sn.admin, corpo);
    expect(resposta.status).toBe(201);
    const doc = resposta.body.dados;
    expect(doc).toMatchObject({ referencia: corpo.referencia, modelo: 'NFE', serie: 1, numero: 1, situacao: 'AUTORIZADO', ambiente: 'HOMOLOGAÇÃO', emitenteCnpj: sn.cnpj });
    // 2 x 250.50 = 501.00; 3 x 3.3333 = 9.9999, rounded half up to 10.00: 511.00.
    expect(doc.valorTotal).toBe(511);
    expect(doc.destinatarioDocumento).toBe('11222333000181');
    const chave: string = doc.chaveAcesso;
    expect(chave).toMatch(/^\d{44}$/);
    expect(chave.slice(0, 2)).toBe('35'); // SP
    const emitido = new Date(new Date(doc.emitidoEm).getTime() - 3 * 3_600_000);
    expect(chave.slice(2, 6)).toBe(`${String(emitido.getUTCFullYear()).slice(2)}${String(emitido.getUTCMonth() + 1).padStart(2, '0')}`);
    expect(chave.slice(6, 20)).toBe(sn.cnpj);
    expect(chave.slice(20, 22)).toBe('55');
    expect(chave.slice(22, 25)).toBe('001');
    expect(chave.slice(25, 34)).toBe('000000001');
    expect(chave[34]).toBe('1');
    expect(chave.slice(35, 43)).not.toBe('00000001');
    expect(Number(chave[43])).toBe(dv(chave.slice(0, 43)));
    expect(doc.protocolo).toMatch(/^\d{15}$/);
    expect(doc.cStat).toBe('100');
    expect(new Date(doc.prazoCancelamento).getTime() - new Date(doc.autorizadoEm).getTime()).toBe(24 * 3_600_000);
    // Simples Nacional: the DAS, at the company's 6% (no annex given): 511.00 x 6% = 30.66.
    const das = doc.impostos.find((l: { tributo: string }) => l.tributo === 'DAS');
    expect(das).toMatchObject({ valor: 30.66, informativo: false });

    const eventos = await eventosDoDocumento(nc, doc.id, 1);
    expect(eventos).toHaveLength(1);
    expect(eventos[0]).toMatchObject({ subject: 'fiscal.v1.ERP_DOCUMENTO_AUTORIZADO', msgId: `autorizacao:${doc.id}` });
    expect(eventos[0].payload).toMatchObject({ companyId: sn.companyId, documentoId: doc.id, chaveAcesso: chave, numero: 1, valorTotal: 511, protocolo: doc.protocolo });
  });

  it('fiscal documents - the same referencia with the same content answers the same document (200); other content is REFERENCIA_REUTILIZADA', async () => {
    const corpo = nfeVenda();
    const primeira = await emitir(sn.admin, corpo);
    expect(primeira.status).toBe(201);
    const segunda = await emitir(sn.usuario, corpo);
    expect(segunda.status).toBe(200);
    expect(segunda.body.dados).toEqual(primeira.body.dados);
    const outra = await emitir(sn.admin, { ...corpo, itens: corpo.itens.slice(0, 1) });
    expect(outra.status).toBe(409);
    expect(outra.body).toMatchObject({ sucesso: false, codigo: 'REFERENCIA_REUTILIZADA', documentoId: primeira.body.dados.id });
  });

  it('fiscal documents - a replay is judged by what was stored, not by today\'s settings; a rejected document is refused again the same way', async () => {
    const propria = await empresaFiscal();
    const corpo = nfeVenda();
    const primeira = await emitir(propria.usuario, corpo);
    expect(primeira.body.dados).toMatchObject({ serie: 1, numero: 1 });
    // The company now issues on series 2 only: the same request (no series named) still answers its document.
    const lido = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: propria.admin })).body.dados;
    expect((await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: propria.admin, body: { ...lido, series: [2], seriePadrao: 2 } })).status).toBe(200);
    const replay = await emitir(propria.usuario, corpo);
    expect([replay.status, replay.body.dados]).toEqual([200, primeira.body.dados]);
    // The same content written differently (spaces, key order, an explicit null) is the same content.
    const reescrito = { itens: corpo.itens, destinatario: { ...corpo.destinatario, nome: ` ${corpo.destinatario.nome} ` }, modelo: 'NFE', referencia: ` ${corpo.referencia} `, serie: null };
    expect((await emitir(propria.usuario, reescrito)).status).toBe(200);
    // A new document follows today's settings.
    expect((await emitir(propria.usuario, nfeVenda())).body.dados).toMatchObject({ serie: 2, numero: 1 });

    const recusado = nfeVenda({ itens: [{ codigo: 'X', descricao: 'Sem NCM real', quantidade: 1, valorUnitario: 10, ncm: '00000000', cfop: '5102', csosn: '102' }] });
    const antes = await emitir(propria.usuario, recusado);
    expect([antes.status, antes.body.codigo, antes.body.cStat]).toEqual([422, 'DOCUMENTO_REJEITADO', '778']);
    const depois = await emitir(propria.usuario, recusado);
    expect(depois.status).toBe(422);
    expect(depois.body).toEqual(antes.body);
  });

  it('fiscal documents - money within the NF-e layout; a value only the tax engine refuses comes back named as the item', async () => {
    const item = { codigo: 'P', descricao: 'Turbina', ncm: '84111100', cfop: '5102', csosn: '102' };
    const fora = await emitir(sn.admin, nfeVenda({ itens: [{ ...item, quantidade: 1e10, valorUnitario: 1e10 }, { ...item, quantidade: 1e11, valorUnitario: 1 }] }));
    expect(fora.status).toBe(400);
    expect(fora.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toEqual(['itens[0]:valor_item_maximo', 'itens[1].quantidade:faixa']);
    // R$ 5 trillion fits the layout's vProd but passes the engine's ceiling of R$ 1 trillion.
    const acima = await emitir(sn.admin, nfeVenda({ itens: [{ ...item, quantidade: 100, valorUnitario: 50_000_000_000 }] }));
    expect(acima.status).toBe(400);
    expect(acima.body).toMatchObject({ codigo: 'DOCUMENTO_INVALIDO', campos: [expect.objectContaining({ campo: 'itens[0]', regra: 'ACIMA_DO_LIMITE' })] });
  });

  it('fiscal documents - every invalid field is reported at once (400 DOCUMENTO_INVALIDO with campos)', async () => {
    const resposta = await emitir(sn.admin, {
      referencia: referenciaNova(),
      modelo: 'NFE',
      destinatario: { documento: '123.456.789-00', uf: 'XX', codigoMunicipio: '3550309' },
      itens: [
        { codigo: 'A', descricao: 'x', quantidade: -1, valorUnitario: 10, ncm: '1234567', cfop: '6102', cst: '00' },
        { codigo: 'B', descricao: 'y', quantidade: 1, valorUnitario: 0.00001, ncm: '12345678', cfop: '5102', csosn: '999' },
      ],
      chavesNfeTransportadas: ['1'],
      competencia: '13/2026',
    });
    expect(resposta.status).toBe(400);
    expect(resposta.body.codigo).toBe('DOCUMENTO_INVALIDO');
    const campos = resposta.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`).sort();
    expect(campos).toEqual(
      [
        'destinatario.documento:cpf_digito_verificador',
        'destinatario.uf:uf_inexistente',
        'destinatario.codigoMunicipio:municipio_digito_verificador',
        'itens[0].quantidade:faixa',
        'itens[0].ncm:ncm_formato',
        'itens[0].cst:cst_simples',
        'itens[0].csosn:csosn_invalido',
        'itens[1].valorUnitario:casas_decimais',
        'itens[1].csosn:csosn_invalido',
        'chavesNfeTransportadas:somente_cte',
        'competencia:somente_nfse',
      ].sort(),
    );
    // The CFOP of item 0 is judged against the recipient's UF, which was itself invalid: 6 for "another state".
    expect(campos.some((c: string) => c.startsWith('itens[0].cfop'))).toBe(false);
  });

  it('fiscal documents - the CFOP must match the operation: 6 for another state, 5 inside it, NFC-e only 5', async () => {
    const interestadual = await emitir(sn.admin, nfeVenda({ destinatario: { documento: '11222333000181', uf: 'RJ' } }));
    expect(interestadual.status).toBe(400);
    expect(interestadual.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toEqual(['itens[0].cfop:cfop_operacao', 'itens[1].cfop:cfop_operacao']);
    const item = { codigo: 'P-1', descricao: 'Cadeira', quantidade: 1, valorUnitario: 100, ncm: '94013000', cfop: '6102', csosn: '102' };
    const rio = { documento: '11222333000181', uf: 'RJ', codigoMunicipio: '3304557', endereco: { ...ENDERECO_CLIENTE, municipio: 'Rio de Janeiro', cep: '20040003' } };
    const ok = await emitir(sn.admin, { referencia: referenciaNova(), modelo: 'NFE', destinatario: rio, itens: [item] });
    expect(ok.status).toBe(201);
  });

  it('fiscal documents - a recipient abroad (UF EX) takes a CFOP of 7; 5 or 6 is refused', async () => {
    // The export itself (exterior, exportacao) is nfe-export.test.ts; here only the CFOP against the reach.
    const exterior = { nome: 'Importer Inc', uf: 'EX', exterior: { codigoPais: '2496', nomePais: 'Estados Unidos', logradouro: '5th Avenue', numero: '1', cidade: 'New York' } };
    const exportacao = { ufSaidaPais: 'SP', localExportacao: 'Porto de Santos' };
    const item = { codigo: 'P', descricao: 'Cadeira', quantidade: 1, valorUnitario: 100, ncm: '94013000', csosn: '300' };
    const regras = (r: { body: { campos: { campo: string; regra: string }[] } }) => r.body.campos.map((c) => `${c.campo}:${c.regra}`);
    const com7 = await emitir(sn.admin, nfeVenda({ destinatario: exterior, exportacao, itens: [{ ...item, cfop: '7102' }] }));
    expect(com7.status).toBe(201);
    for (const cfop of ['5102', '6102']) {
      const errado = await emitir(sn.admin, nfeVenda({ destinatario: exterior, exportacao, itens: [{ ...item, cfop }] }));
      expect(regras(errado)).toEqual(['itens[0].cfop:cfop_operacao']);
    }
  });

  it('fiscal documents - NFC-e: an anonymous consumer is allowed, a CNPJ is not, and it is numbered apart from the NF-e', async () => {
    const item = { codigo: 'P-1', descricao: 'Café', quantidade: 1, valorUnitario: 12.5, ncm: '09012100', cfop: '5102', csosn: '102' };
    const anonima = await emitir(sn.admin, { referencia: referenciaNova('NFCE'), modelo: 'NFCE', itens: [item] });
    expect(anonima.status).toBe(201);
    expect(anonima.body.dados).toMatchObject({ modelo: 'NFCE', numero: 1, destinatarioDocumento: null });
    expect(anonima.body.dados.chaveAcesso.slice(20, 22)).toBe('65');
    expect(new Date(anonima.body.dados.prazoCancelamento).getTime() - new Date(anonima.body.dados.autorizadoEm).getTime()).toBe(30 * 60_000);
    const comCnpj = await emitir(sn.admin, { referencia: referenciaNova('NFCE'), modelo: 'NFCE', destinatario: { documento: '11222333000181' }, itens: [item] });
    expect(comCnpj.status).toBe(400);
    expect(comCnpj.body.campos[0]).toMatchObject({ campo: 'destinatario.documento', regra: 'nfce_consumidor_cpf' });
    const comCpf = await emitir(sn.admin, { referencia: referenciaNova('NFCE'), modelo: 'NFCE', destinatario: { documento: '529.982.247-25' }, itens: [item] });
    expect(comCpf.body.dados).toMatchObject({ numero: 2, destinatarioDocumento: '52998224725' });
  });

  it('fiscal documents - a CT-e names the NF-e it carries; an NFS-e has the 50-digit national key and its competence', async () => {
    const empresa = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const nfe = await emitir(empresa.admin, nfeVenda({ itens: [{ codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 1000, ncm: '94033000', cfop: '5102', cst: '00' }] }));
    expect(nfe.status).toBe(201);
    const cte = await emitir(empresa.admin, cteInterno(nfe.body.dados.chaveAcesso, { cst: '00' }, 150));
    expect(cte.status).toBe(201);
    expect(cte.body.dados).toMatchObject({ modelo: 'CTE', numero: 1, valorTotal: 150 });
    expect(cte.body.dados.chaveAcesso.slice(20, 22)).toBe('57');
    const semChave = await emitir(empresa.admin, { ...cteInterno(nfe.body.dados.chaveAcesso, { cst: '00' }, 1), chavesNfeTransportadas: undefined, chaveCteReferenciada: nfe.body.dados.chaveAcesso });
    expect(semChave.status).toBe(400);
    expect(semChave.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toEqual(['chaveCteReferenciada:somente_nfe', 'chavesNfeTransportadas:obrigatorio']);

    // This month in Brasília (UTC-3), and its end: the first instant of the next month, 03:00 UTC.
    const brasilia = new Date(Date.now() - 3 * 3_600_000);
    const competencia = `${String(brasilia.getUTCMonth() + 1).padStart(2, '0')}/${brasilia.getUTCFullYear()}`;
    const fimDoMes = new Date(Date.UTC(brasilia.getUTCFullYear(), brasilia.getUTCMonth() + 1, 1, 3)).toISOString();
    const nfse = await emitir(empresa.admin, {
      referencia: referenciaNova('NFSE'),
      modelo: 'NFSE',
      destinatario: { documento: '11222333000181', nome: 'Tomador Servicos Ltda' },
      itens: [{ codigo: 'S', descricao: 'Suporte técnico', quantidade: 10, valorUnitario: 120, aliquotaIss: 2 }],
      competencia,
    });
    expect(nfse.status).toBe(201);
    expect(nfse.body.dados.chaveAcesso).toMatch(/^355030822\d{41}$/);
    expect(nfse.body.dados.chaveAcesso.slice(9, 23)).toBe(empresa.cnpj);
    expect(nfse.body.dados).toMatchObject({ competencia, valorTotal: 1200 });
    // The deadline of an NFS-e is the end of its competence month (Brasília).
    expect(nfse.body.dados.prazoCancelamento).toBe(fimDoMes);
    // ISS 2% of 1,200.00 = 24.00.
    expect(nfse.body.dados.impostos.find((l: { tributo: string }) => l.tributo === 'ISS')).toMatchObject({ valor: 24, aliquota: 2 });
  });

  it('fiscal documents - Simples Remessa makes no tax debit on the product value', async () => {
    const resposta = await emitir(sn.admin, nfeVenda({ itens: [{ codigo: 'D', descricao: 'Amostra', quantidade: 1, valorUnitario: 300, ncm: '94013000', cfop: '5949', csosn: '400' }] }));
    expect(resposta.status).toBe(201);
    expect(resposta.body.dados).toMatchObject({ simplesRemessa: true, impostos: [] });
  });

  it('fiscal documents - a CT-e takes a transport CFOP only, so the Simples Remessa rule (the NF-e\'s) never applies to it', async () => {
    const lp = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const nfe = (await emitir(lp.admin, nfeVenda({ itens: [{ codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 100, ncm: '94033000', cfop: '5102', cst: '00' }] }))).body.dados;
    const corpo = cteInterno(nfe.chaveAcesso);
    const remessa = await emitir(lp.admin, { ...corpo, itens: corpo.itens.map((i) => ({ ...i, cfop: '5949' })) });
    expect([remessa.status, remessa.body.campos?.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)]).toEqual([400, ['itens[0].cfop:cfop_transporte']]);
    const cte = await emitir(lp.admin, corpo);
    expect(cte.status).toBe(201);
    expect(cte.body.dados.simplesRemessa).toBe(false);
    // SP internal 18 %: 80.00 x 18 % = 14.40 of ICMS on the service.
    expect(cte.body.dados.impostos.find((l: { tributo: string }) => l.tributo === 'ICMS')).toMatchObject({ base: 80, valor: 14.4 });
  });

  it('fiscal documents - settings are required: incomplete, no certificate, production', async () => {
    const semNada = await sessionFor(newCompanyId('fiscal'), 'admin');
    const incompleta = await emitir(semNada, nfeVenda());
    expect(incompleta.status).toBe(422);
    expect(incompleta.body).toMatchObject({ codigo: 'CONFIGURACAO_INCOMPLETA', faltando: ['empresa.cnpj', 'empresa.uf', 'empresa.codigoMunicipio', 'empresa.regimeTributario'] });
    const semCertificado = await empresaFiscal({ certificado: false });
    expect((await emitir(semCertificado.admin, nfeVenda())).body.codigo).toBe('CERTIFICADO_AUSENTE');
    // PRODUÇÃO always goes to the real SEFAZ, out of reach from here: the NF-e is numbered, sent, and pending (202)
    // until a query settles it; never authorized by the local authority.
    const producao = await empresaFiscal({ ambiente: 'PRODUÇÃO' });
    const pendente = await emitir(producao.admin, nfeVenda());
    expect([pendente.status, pendente.body.dados?.situacao, pendente.body.dados?.ambiente]).toEqual([202, 'PENDENTE', 'PRODUÇÃO']);
  });

  it('fiscal documents - reading: REST by id, GraphQL by id and by list with filters and pages; another company sees nothing', async () => {
    const empresa = await empresaFiscal();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await emitir(empresa.admin, nfeVenda())).body.dados.id);
    const nfce = await emitir(empresa.admin, { referencia: referenciaNova('NFCE'), modelo: 'NFCE', itens: [{ codigo: 'C', descricao: 'Café', quantidade: 1, valorUnitario: 5, ncm: '09012100', cfop: '5102', csosn: '102' }] });

    const lido = await rest('GET', `${DOCUMENTOS}/${ids[0]}`, { bearer: empresa.usuario });
    expect(lido.status).toBe(200);
    expect(lido.body.dados.id).toBe(ids[0]);

    const consulta = 'query($m: ModeloBusca, $p: Int, $d: String) { documentosFiscais(modelo: $m, primeiros: $p, depois: $d) { itens { id modelo numero } proximo } }';
    const pagina1 = await graphql(consulta, { m: 'NFE', p: 2 }, empresa.usuario);
    expect(pagina1.data?.documentosFiscais.itens.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    const pagina2 = await graphql(consulta, { m: 'NFE', p: 2, d: pagina1.data?.documentosFiscais.proximo }, empresa.usuario);
    expect(pagina2.data?.documentosFiscais).toEqual({ itens: [{ id: ids[0], modelo: 'NFE', numero: 1 }], proximo: null });
    const todos = await graphql('{ documentosFiscais(situacao: AUTORIZADO) { itens { modelo } } }', {}, empresa.usuario);
    expect(todos.data?.documentosFiscais.itens.map((d: { modelo: string }) => d.modelo)).toEqual(['NFCE', 'NFE', 'NFE', 'NFE']);

    const estranha = await sessionFor(newCompanyId('outra'), 'admin');
    expect((await rest('GET', `${DOCUMENTOS}/${ids[0]}`, { bearer: estranha })).body).toMatchObject({ sucesso: false, codigo: 'DOCUMENTO_NAO_ENCONTRADO' });
    const porId = await graphql('query($id: ID!) { documentoFiscal(id: $id) { id } }', { id: nfce.body.dados.id }, estranha);
    expect(porId.data?.documentoFiscal).toBeNull();
    const ruim = await graphql('{ documentosFiscais(primeiros: 0) { proximo } }', {}, empresa.usuario);
    expect(ruim.errors?.[0]?.extensions?.code).toBe('PRIMEIROS_INVALIDO');
    const cursor = await graphql('{ documentosFiscais(depois: "lixo") { proximo } }', {}, empresa.usuario);
    expect(cursor.errors?.[0]?.extensions?.code).toBe('CURSOR_INVALIDO');
  });

  it('fiscal documents - GraphQL emission returns the same fields; without a session it is refused', async () => {
    const mutacao = 'mutation($i: EmitirDocumentoFiscalInput!) { emitirDocumentoFiscal(input: $i) { numero situacao valorTotal simplesRemessa modalidadeFrete impostos { tributo valor informativo } } }';
    const { referencia: _r, ...resto } = nfeVenda();
    const emitido = await graphql(mutacao, { i: { referencia: referenciaNova('GQL'), ...resto, modalidadeFrete: 1 } }, sn.usuario);
    expect(emitido.errors).toBeUndefined();
    expect(emitido.data?.emitirDocumentoFiscal).toMatchObject({ situacao: 'AUTORIZADO', valorTotal: 511, simplesRemessa: false, modalidadeFrete: 1 });
    const rest3 = await emitir(sn.usuario, nfeVenda({ modalidadeFrete: 3 }));
    expect([rest3.status, rest3.body.dados.modalidadeFrete]).toEqual([201, 3]);
    const invalida = await emitir(sn.usuario, nfeVenda({ modalidadeFrete: 7 }));
    expect(invalida.body.campos).toEqual([expect.objectContaining({ campo: 'modalidadeFrete', regra: 'modalidade_frete_invalida' })]);
    const invalido = await graphql(mutacao, { i: { referencia: referenciaNova('GQL'), modelo: 'NFE', itens: [] } }, sn.usuario);
    expect(invalido.errors?.[0]?.extensions).toMatchObject({ code: 'DOCUMENTO_INVALIDO', campos: expect.arrayContaining([expect.objectContaining({ campo: 'itens' })]) });
    const anonimo = await rest('POST', DOCUMENTOS, { body: nfeVenda() });
    expect(anonimo.status).toBe(401);
  });
});
