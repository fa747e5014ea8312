import { graphql, rest, stackEnv } from '../support/env';
import { criarPfx, criarPfxLegadoRc2 } from '../../services/settings/test/support/certificados';
import { CAMINHO, CNPJ, CNPJ_ALFANUMERICO, corpoCompleto, empresaNova, obter, salvar } from './settings-helpers';

const MASCARA = /^•+$/;
const DIA = 86_400_000;

describe('settings - REST GET/PUT /api/erp/faturamento/configuracao', () => {
  it('settings - GET of a company that saved nothing returns the defaults', async () => {
    const { admin } = await empresaNova();
    const resposta = await obter(admin);
    expect(resposta.status).toBe(200);
    expect(resposta.body.sucesso).toBe(true);
    expect(resposta.body.dados).toMatchObject({
      ambiente: 'HOMOLOGAÇÃO',
      seriePadrao: 1,
      series: [1],
      emissaoAutomatica: false,
      timeoutSegundos: 30,
      certificadoA1: null,
      versao: 0,
      atualizadoEm: null,
      nfse: { codigoCidade: null, codigoServico: null, senha: null },
      empresa: { cnpj: null, regimeTributario: null },
    });
  });

  it('settings - PUT then GET returns what was saved, normalized', async () => {
    const { admin } = await empresaNova();
    const put = await salvar(admin, corpoCompleto());
    expect(put.status).toBe(200);
    const get = await obter(admin);
    expect(get.body.dados).toMatchObject({
      ambiente: 'PRODUÇÃO',
      seriePadrao: 2,
      series: [1, 2, 5],
      emissaoAutomatica: true,
      timeoutSegundos: 45,
      versao: 1,
      empresa: {
        cnpj: CNPJ,
        razaoSocial: 'Empresa de Teste Ltda',
        inscricaoEstadual: '110042490114',
        uf: 'SP',
        codigoMunicipio: '3550308',
        regimeTributario: 'SIMPLES_NACIONAL',
        aliquotaDas: 7.5,
      },
      nfse: {
        provedor: 'ABRASF_2_04',
        endpoint: 'https://nfse.prefeitura.example.gov.br/ws',
        codigoCidade: '3550308',
        inscricaoMunicipal: '1234567',
        codigoServico: '01.07',
        codigoServicoNacional: '010701',
        usuario: 'usuario-ws',
      },
    });
    expect(get.body.dados).toEqual(put.body.dados);
    expect(typeof get.body.dados.atualizadoEm).toBe('string');
  });

  it('settings - accepts ambiente without accents and the 6-digit national service code', async () => {
    const { admin } = await empresaNova();
    const put = await salvar(admin, { ambiente: 'HOMOLOGACAO', nfse: { codigoServico: '170102' } });
    expect(put.status).toBe(200);
    expect(put.body.dados.ambiente).toBe('HOMOLOGAÇÃO');
    expect(put.body.dados.nfse).toMatchObject({ codigoServico: '17.01', codigoServicoNacional: '170102' });
  });

  it('settings - passwords come back masked as bullets, never in clear', async () => {
    const { admin } = await empresaNova();
    await salvar(admin, corpoCompleto());
    const get = await obter(admin);
    expect(get.body.dados.nfse.senha).toMatch(MASCARA);
    expect(JSON.stringify(get.body)).not.toContain('senha-do-web-service-123');
  });

  it('settings - the mask sent back, or the secret omitted, keeps the stored password; null removes it', async () => {
    const { admin } = await empresaNova();
    await salvar(admin, corpoCompleto());
    const lido = (await obter(admin)).body.dados;
    // A UI round trip: the whole GET body goes back with one change.
    const volta = await salvar(admin, { ...lido, timeoutSegundos: 60 });
    expect(volta.status).toBe(200);
    expect(volta.body.dados.timeoutSegundos).toBe(60);
    expect(volta.body.dados.nfse.senha).toMatch(MASCARA);
    const { senha: _omitida, ...nfseSemSenha } = lido.nfse;
    const semSenha = await salvar(admin, { ...lido, nfse: nfseSemSenha });
    expect(semSenha.body.dados.nfse.senha).toMatch(MASCARA);
    // The stored password is still the original one (checked through the raw store in settings-encryption).
    const removida = await salvar(admin, { ...lido, nfse: { ...lido.nfse, senha: null } });
    expect(removida.body.dados.nfse.senha).toBeNull();
  });

  it('settings - a company never sees another company settings', async () => {
    const a = await empresaNova('a');
    const b = await empresaNova('b');
    await salvar(a.admin, corpoCompleto());
    const deB = await obter(b.admin);
    expect(deB.body.dados.versao).toBe(0);
    expect(deB.body.dados.empresa.cnpj).toBeNull();
    await salvar(b.admin, { timeoutSegundos: 90 });
    expect((await obter(a.admin)).body.dados.timeoutSegundos).toBe(45);
  });

  it('settings - a non-admin may read but not save (403 FORBIDDEN)', async () => {
    const { usuario } = await empresaNova();
    expect((await obter(usuario)).status).toBe(200);
    const put = await salvar(usuario, { timeoutSegundos: 60 });
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ sucesso: false, codigo: 'FORBIDDEN' });
  });

  it('settings - no session or a bad one is 401 UNAUTHENTICATED, at the service too', async () => {
    for (const resposta of [
      await rest('GET', CAMINHO),
      await rest('PUT', CAMINHO, { body: { timeoutSegundos: 60 } }),
      await rest('GET', CAMINHO, { bearer: 'nao-e-um-jwt' }),
    ]) {
      expect(resposta.status).toBe(401);
      expect(resposta.body.codigo).toBe('UNAUTHENTICATED');
    }
    const direto = await fetch(`${stackEnv.serviceUrl('settings')}${CAMINHO}`, { headers: { authorization: 'Bearer x.y.z' } });
    expect(direto.status).toBe(401);
  });

  it('settings - malformed JSON and non-object bodies are 400 CORPO_INVALIDO, never 500', async () => {
    const { admin } = await empresaNova();
    for (const body of ['{"ambiente":', 'null', '[1,2]', '"texto"', '{"__proto__":{"x":1}}']) {
      const resposta = await salvar(admin, body);
      expect(resposta.status).toBe(400);
      expect(['CORPO_INVALIDO', 'CONFIGURACAO_INVALIDA']).toContain(resposta.body.codigo);
    }
    expect((await salvar(admin, '{"ambiente":')).body.codigo).toBe('CORPO_INVALIDO');
    expect((await salvar(admin, '[1,2]')).body.codigo).toBe('CORPO_INVALIDO');
  });

  it('settings - a body over 256 KiB is 413 CORPO_GRANDE_DEMAIS', async () => {
    const { admin } = await empresaNova();
    const resposta = await salvar(admin, { nfse: { provedor: 'x'.repeat(300 * 1024) } });
    expect(resposta.status).toBe(413);
    expect(resposta.body.codigo).toBe('CORPO_GRANDE_DEMAIS');
  });
});

describe('settings - field rules (400 CONFIGURACAO_INVALIDA with every broken field)', () => {
  const casos: [string, Record<string, unknown>, string, string][] = [
    ['unknown field', { desconhecido: 1 }, 'desconhecido', 'campo_desconhecido'],
    ['unknown nested field', { nfse: { cidade: 'x' } }, 'nfse.cidade', 'campo_desconhecido'],
    ['ambiente', { ambiente: 'TESTE' }, 'ambiente', 'valores_permitidos'],
    ['seriePadrao range', { seriePadrao: 1000 }, 'seriePadrao', 'intervalo'],
    ['seriePadrao type', { seriePadrao: '1' }, 'seriePadrao', 'tipo'],
    ['series contains seriePadrao', { seriePadrao: 3, series: [1, 2] }, 'series', 'contem_serie_padrao'],
    ['series repeated', { series: [1, 1] }, 'series', 'series_repetidas'],
    ['emissaoAutomatica', { emissaoAutomatica: 'sim' }, 'emissaoAutomatica', 'tipo'],
    ['timeout lower bound', { timeoutSegundos: 1 }, 'timeoutSegundos', 'intervalo'],
    ['timeout upper bound', { timeoutSegundos: 3600 }, 'timeoutSegundos', 'intervalo'],
    ['CNPJ digits', { empresa: { cnpj: '11222333000182' } }, 'empresa.cnpj', 'cnpj_digito_verificador'],
    ['alphanumeric CNPJ digits', { empresa: { cnpj: '12ABC34501DE36' } }, 'empresa.cnpj', 'cnpj_digito_verificador'],
    ['CNPJ format', { empresa: { cnpj: '123' } }, 'empresa.cnpj', 'cnpj_formato'],
    ['UF', { empresa: { uf: 'XX' } }, 'empresa.uf', 'uf_inexistente'],
    ['IBGE check digit', { empresa: { codigoMunicipio: '3550309' } }, 'empresa.codigoMunicipio', 'ibge_digito_verificador'],
    ['IBGE of another UF', { empresa: { uf: 'RJ', codigoMunicipio: '3550308' } }, 'empresa.codigoMunicipio', 'ibge_uf_divergente'],
    ['regime', { empresa: { regimeTributario: 'MEI' } }, 'empresa.regimeTributario', 'valores_permitidos'],
    ['DAS rate range', { empresa: { regimeTributario: 'SIMPLES_NACIONAL', aliquotaDas: 50 } }, 'empresa.aliquotaDas', 'intervalo'],
    ['DAS outside Simples', { empresa: { regimeTributario: 'LUCRO_REAL', aliquotaDas: 6 } }, 'empresa.aliquotaDas', 'somente_simples_nacional'],
    ['IE format', { empresa: { inscricaoEstadual: 'ABC' } }, 'empresa.inscricaoEstadual', 'inscricao_estadual_formato'],
    ['NFS-e city format', { nfse: { codigoCidade: '35503' } }, 'nfse.codigoCidade', 'ibge_formato'],
    ['NFS-e city check digit', { nfse: { codigoCidade: '4106903' } }, 'nfse.codigoCidade', 'ibge_digito_verificador'],
    ['LC 116 item', { nfse: { codigoServico: '03.01' } }, 'nfse.codigoServico', 'lc116_item_inexistente'],
    ['LC 116 format', { nfse: { codigoServico: '1.07' } }, 'nfse.codigoServico', 'lc116_formato'],
    ['endpoint URL', { nfse: { endpoint: 'nao e url' } }, 'nfse.endpoint', 'url'],
    ['https in production', { ambiente: 'PRODUCAO', nfse: { endpoint: 'http://x.example/ws' } }, 'nfse.endpoint', 'https_em_producao'],
    ['text type', { nfse: { provedor: 12 } }, 'nfse.provedor', 'tipo'],
    ['certificate without file', { certificadoA1: { senha: 'x' } }, 'certificadoA1.senha', 'requer_arquivo'],
    ['certificate size', { empresa: { cnpj: CNPJ }, certificadoA1: { arquivoBase64: 'A'.repeat(90_000), senha: 'x' } }, 'certificadoA1.arquivoBase64', 'tamanho_maximo'],
    ['certificate base64', { empresa: { cnpj: CNPJ }, certificadoA1: { arquivoBase64: '%%%', senha: 'x' } }, 'certificadoA1.arquivoBase64', 'base64'],
  ];

  it.each(casos)('settings - refuses %s', async (_nome, corpo, campo, regra) => {
    const { admin } = await empresaNova();
    const resposta = await salvar(admin, corpo);
    expect(resposta.status).toBe(400);
    expect(resposta.body).toMatchObject({ sucesso: false, codigo: 'CONFIGURACAO_INVALIDA' });
    expect(resposta.body.campos).toContainEqual({ campo, regra, erro: expect.any(String) });
    // nothing was saved
    expect((await obter(admin)).body.dados.versao).toBe(0);
  });

  it('settings - accepts an official IBGE exception code and an alphanumeric CNPJ', async () => {
    const { admin } = await empresaNova();
    const resposta = await salvar(admin, { empresa: { cnpj: CNPJ_ALFANUMERICO, uf: 'PI', codigoMunicipio: '2201919' } });
    expect(resposta.status).toBe(200);
    expect(resposta.body.dados.empresa).toMatchObject({ cnpj: CNPJ_ALFANUMERICO, codigoMunicipio: '2201919' });
  });

  it('settings - reports all broken fields in one response', async () => {
    const { admin } = await empresaNova();
    const resposta = await salvar(admin, {
      ambiente: 'X',
      timeoutSegundos: 0,
      empresa: { cnpj: '11222333000182', codigoMunicipio: '1' },
      nfse: { codigoServico: '99.99' },
    });
    expect(resposta.status).toBe(400);
    expect(resposta.body.campos.map((c: { campo: string }) => c.campo).sort()).toEqual(
      ['ambiente', 'empresa.cnpj', 'empresa.codigoMunicipio', 'nfse.codigoServico', 'timeoutSegundos'].sort(),
    );
  });
});

describe('settings - A1 certificate', () => {
  const comCertificado = (pfx: Buffer, senha: string, cnpj = CNPJ) => ({
    empresa: { cnpj },
    certificadoA1: { arquivoBase64: pfx.toString('base64'), senha },
  });

  it('settings - stores a certificate and returns only its metadata with a masked password', async () => {
    const { admin } = await empresaNova();
    const pfx = criarPfx('senha-pfx', { razaoSocial: 'EMPRESA DE TESTE LTDA', cnpjNoNome: CNPJ });
    const put = await salvar(admin, comCertificado(pfx, 'senha-pfx'));
    expect(put.status).toBe(200);
    const { certificadoA1 } = (await obter(admin)).body.dados;
    expect(certificadoA1).toMatchObject({
      titular: `EMPRESA DE TESTE LTDA:${CNPJ}`,
      cnpj: CNPJ,
      emissor: 'AC TESTE RFB v5',
      diasParaExpirar: expect.any(Number),
      aviso: null,
    });
    expect(certificadoA1.senha).toMatch(MASCARA);
    expect(new Date(certificadoA1.validoAte).getTime()).toBeGreaterThan(Date.now());
    expect(Object.keys(certificadoA1).sort()).toEqual(
      ['aviso', 'cnpj', 'diasParaExpirar', 'emissor', 'numeroSerie', 'senha', 'titular', 'validoAte', 'validoDe'].sort(),
    );
  });

  it('settings - accepts a legacy RC2-40 file and a CNPJ given only in the otherName', async () => {
    const { admin } = await empresaNova();
    const pfx = criarPfxLegadoRc2('legado', { cnpjNoNome: null, cnpjOtherName: CNPJ_ALFANUMERICO });
    const put = await salvar(admin, comCertificado(pfx, 'legado', CNPJ_ALFANUMERICO));
    expect(put.status).toBe(200);
    expect(put.body.dados.certificadoA1.cnpj).toBe(CNPJ_ALFANUMERICO);
  });

  it('settings - warns from 30 days before expiry', async () => {
    const { admin } = await empresaNova();
    const pfx = criarPfx('s', { validoAte: new Date(Date.now() + 10 * DIA) });
    const put = await salvar(admin, comCertificado(pfx, 's'));
    expect(put.body.dados.certificadoA1.diasParaExpirar).toBeGreaterThanOrEqual(9);
    expect(put.body.dados.certificadoA1.diasParaExpirar).toBeLessThanOrEqual(10);
    expect(put.body.dados.certificadoA1.aviso).toEqual(expect.stringContaining('expira'));
  });

  it.each([
    ['wrong password', () => comCertificado(criarPfx('certa'), 'errada'), 'CERTIFICADO_SENHA_INVALIDA'],
    ['wrong password on a legacy file', () => comCertificado(criarPfxLegadoRc2('certa'), 'errada'), 'CERTIFICADO_SENHA_INVALIDA'],
    ['a file that is not PKCS#12', () => comCertificado(Buffer.from('isto não é um pfx, é texto'), 'x'), 'CERTIFICADO_FORMATO_INVALIDO'],
    ['an expired certificate', () => comCertificado(criarPfx('s', { validoDe: new Date(Date.now() - 400 * DIA), validoAte: new Date(Date.now() - DIA) }), 's'), 'CERTIFICADO_EXPIRADO'],
    ['a certificate of another CNPJ', () => comCertificado(criarPfx('s', { cnpjNoNome: CNPJ }), 's', CNPJ_ALFANUMERICO), 'CERTIFICADO_CNPJ_DIVERGENTE'],
    ['a certificate without CNPJ', () => comCertificado(criarPfx('s', { cnpjNoNome: null }), 's'), 'CERTIFICADO_SEM_CNPJ'],
  ])('settings - refuses %s with its own code', async (_nome, corpo, codigo) => {
    const { admin } = await empresaNova();
    const resposta = await salvar(admin, corpo());
    expect(resposta.status).toBe(400);
    expect(resposta.body).toMatchObject({ sucesso: false, codigo, erro: expect.any(String) });
    expect((await obter(admin)).body.dados.certificadoA1).toBeNull();
  });

  it('settings - the stored certificate survives a round trip, and a CNPJ change against it is refused', async () => {
    const { admin } = await empresaNova();
    await salvar(admin, comCertificado(criarPfx('s'), 's'));
    const lido = (await obter(admin)).body.dados;
    const volta = await salvar(admin, { ...lido, emissaoAutomatica: true });
    expect(volta.status).toBe(200);
    expect(volta.body.dados.certificadoA1).toMatchObject({ cnpj: CNPJ, numeroSerie: lido.certificadoA1.numeroSerie });
    const outroCnpj = await salvar(admin, { ...lido, empresa: { ...lido.empresa, cnpj: CNPJ_ALFANUMERICO } });
    expect(outroCnpj.status).toBe(400);
    expect(outroCnpj.body.codigo).toBe('CERTIFICADO_CNPJ_DIVERGENTE');
    const removido = await salvar(admin, { ...lido, certificadoA1: null });
    expect(removido.body.dados.certificadoA1).toBeNull();
  });
});

describe('settings - GraphQL on the same model', () => {
  const CONSULTA = '{ configuracaoFiscal { ambiente seriePadrao timeoutSegundos versao nfse { senha codigoServico } certificadoA1 { cnpj senha } } }';
  const SALVAR = `mutation($e: ConfiguracaoFiscalEntrada!) {
    salvarConfiguracaoFiscal(entrada: $e) { ambiente versao nfse { senha codigoServicoNacional } empresa { cnpj aliquotaDas } }
  }`;

  it('settings - configuracaoFiscal returns the defaults, then what REST saved', async () => {
    const { admin } = await empresaNova();
    const antes = await graphql(CONSULTA, {}, admin);
    expect(antes.data?.configuracaoFiscal).toEqual({
      ambiente: 'HOMOLOGAÇÃO',
      seriePadrao: 1,
      timeoutSegundos: 30,
      versao: 0,
      nfse: { senha: null, codigoServico: null },
      certificadoA1: null,
    });
    await salvar(admin, corpoCompleto());
    const depois = await graphql(CONSULTA, {}, admin);
    expect(depois.data?.configuracaoFiscal).toMatchObject({ ambiente: 'PRODUÇÃO', versao: 1, nfse: { codigoServico: '01.07' } });
    expect(depois.data?.configuracaoFiscal.nfse.senha).toMatch(MASCARA);
  });

  it('settings - salvarConfiguracaoFiscal saves with the same rules and masks', async () => {
    const { admin } = await empresaNova();
    const r = await graphql(
      SALVAR,
      { e: { ambiente: 'producao', empresa: { cnpj: CNPJ, regimeTributario: 'SIMPLES_NACIONAL' }, nfse: { codigoServico: '01.07', senha: 'x' } } },
      admin,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.salvarConfiguracaoFiscal).toMatchObject({
      ambiente: 'PRODUÇÃO',
      versao: 1,
      nfse: { codigoServicoNacional: '010701' },
      empresa: { cnpj: CNPJ, aliquotaDas: 6 },
    });
    expect(r.data?.salvarConfiguracaoFiscal.nfse.senha).toMatch(MASCARA);
  });

  it('settings - salvarConfiguracaoFiscal reports broken fields with CONFIGURACAO_INVALIDA and campos', async () => {
    const { admin } = await empresaNova();
    const r = await graphql(SALVAR, { e: { timeoutSegundos: 0, empresa: { cnpj: '11222333000182' } } }, admin);
    expect(r.errors?.[0]?.extensions?.code).toBe('CONFIGURACAO_INVALIDA');
    expect(r.errors?.[0]?.extensions?.campos).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campo: 'timeoutSegundos', regra: 'intervalo' }),
        expect.objectContaining({ campo: 'empresa.cnpj', regra: 'cnpj_digito_verificador' }),
      ]),
    );
  });

  it('settings - salvarConfiguracaoFiscal refuses a non-admin with FORBIDDEN', async () => {
    const { usuario } = await empresaNova();
    const r = await graphql(SALVAR, { e: { timeoutSegundos: 60 } }, usuario);
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
