import { validarEntrada } from '../../src/domain/validation';

const semCertificado = { temCertificado: false };

function campos(corpo: unknown, contexto = semCertificado) {
  const resultado = validarEntrada(corpo, contexto);
  if (resultado.ok) throw new Error('expected a refusal');
  return resultado.campos.map((c) => `${c.campo}:${c.regra}`);
}

describe('validation - settings body', () => {
  it('validation - an empty body gives the defaults', () => {
    const resultado = validarEntrada({}, semCertificado);
    expect(resultado.ok).toBe(true);
    if (!resultado.ok) return;
    expect(resultado.valor.configuracao).toMatchObject({
      ambiente: 'HOMOLOGAÇÃO',
      seriePadrao: 1,
      series: [1],
      emissaoAutomatica: false,
      timeoutSegundos: 30,
    });
    expect(resultado.valor.nfseSenha).toEqual({ acao: 'manter' });
    expect(resultado.valor.certificado).toEqual({ acao: 'manter' });
  });

  it('validation - ambiente with or without accents, any case', () => {
    for (const [entrada, esperado] of [
      ['PRODUCAO', 'PRODUÇÃO'],
      ['produção', 'PRODUÇÃO'],
      ['HOMOLOGACAO', 'HOMOLOGAÇÃO'],
    ]) {
      const r = validarEntrada({ ambiente: entrada }, semCertificado);
      expect(r.ok && r.valor.configuracao.ambiente).toBe(esperado);
    }
    expect(campos({ ambiente: 'TESTE' })).toEqual(['ambiente:valores_permitidos']);
  });

  it('validation - reports every broken field at once', () => {
    expect(
      campos({
        ambiente: 'X',
        seriePadrao: 1000,
        timeoutSegundos: 0,
        emissaoAutomatica: 'sim',
        extra: 1,
        empresa: { cnpj: '11222333000182', uf: 'XX', codigoMunicipio: '3550309', regimeTributario: 'MEI', outro: true },
        nfse: { codigoCidade: '123', codigoServico: '99.99', endpoint: 'ftp://x' },
      }).sort(),
    ).toEqual(
      [
        'ambiente:valores_permitidos',
        'seriePadrao:intervalo',
        'timeoutSegundos:intervalo',
        'emissaoAutomatica:tipo',
        'extra:campo_desconhecido',
        'empresa.cnpj:cnpj_digito_verificador',
        'empresa.uf:uf_inexistente',
        'empresa.codigoMunicipio:ibge_digito_verificador',
        'empresa.regimeTributario:valores_permitidos',
        'empresa.outro:campo_desconhecido',
        'nfse.codigoCidade:ibge_formato',
        'nfse.codigoServico:lc116_item_inexistente',
        'nfse.endpoint:url',
      ].sort(),
    );
  });

  it('validation - series must contain seriePadrao, without repeats', () => {
    expect(campos({ seriePadrao: 2, series: [1, 3] })).toEqual(['series:contem_serie_padrao']);
    expect(campos({ series: [1, 1] })).toEqual(['series:series_repetidas']);
    expect(campos({ series: [] })).toEqual(['series:tamanho_lista']);
    expect(campos({ series: [1, 'a'] })).toEqual(['series[1]:tipo']);
    const r = validarEntrada({ seriePadrao: 2, series: [3, 2] }, semCertificado);
    expect(r.ok && r.valor.configuracao.series).toEqual([2, 3]);
  });

  it('validation - timeout is bounded', () => {
    expect(campos({ timeoutSegundos: 4 })).toEqual(['timeoutSegundos:intervalo']);
    expect(campos({ timeoutSegundos: 121 })).toEqual(['timeoutSegundos:intervalo']);
    expect(campos({ timeoutSegundos: 30.5 })).toEqual(['timeoutSegundos:tipo']);
    expect(validarEntrada({ timeoutSegundos: 120 }, semCertificado).ok).toBe(true);
  });

  it('validation - the municipality must belong to the UF', () => {
    expect(campos({ empresa: { uf: 'PR', codigoMunicipio: '3550308' } })).toEqual(['empresa.codigoMunicipio:ibge_uf_divergente']);
  });

  it('validation - DAS rate defaults to 6 for Simples Nacional and is refused for other regimes', () => {
    const r = validarEntrada({ empresa: { regimeTributario: 'SIMPLES_NACIONAL' } }, semCertificado);
    expect(r.ok && r.valor.configuracao.empresa.aliquotaDas).toBe(6);
    expect(campos({ empresa: { regimeTributario: 'LUCRO_REAL', aliquotaDas: 6 } })).toEqual(['empresa.aliquotaDas:somente_simples_nacional']);
    expect(campos({ empresa: { regimeTributario: 'SIMPLES_NACIONAL', aliquotaDas: 0 } })).toEqual(['empresa.aliquotaDas:intervalo']);
  });

  it('validation - the start of activity is a calendar day YYYY-MM-DD (the tax simulation reads the Simples Nacional first year from it)', () => {
    const r = validarEntrada({ empresa: { inicioAtividade: '2024-02-29' } }, semCertificado);
    expect(r.ok && r.valor.configuracao.empresa.inicioAtividade).toBe('2024-02-29');
    expect(validarEntrada({}, semCertificado)).toMatchObject({ ok: true, valor: { configuracao: { empresa: { inicioAtividade: null } } } });
    expect(campos({ empresa: { inicioAtividade: '01/03/2024' } })).toEqual(['empresa.inicioAtividade:data_formato']);
    expect(campos({ empresa: { inicioAtividade: '2025-02-29' } })).toEqual(['empresa.inicioAtividade:data_inexistente']);
    expect(campos({ empresa: { inicioAtividade: '1899-12-31' } })).toEqual(['empresa.inicioAtividade:data_inexistente']);
    expect(campos({ empresa: { inicioAtividade: 20240101 } })).toEqual(['empresa.inicioAtividade:tipo']);
  });

  it('validation - service code keeps both forms and checks they agree', () => {
    const r = validarEntrada({ nfse: { codigoServico: '170102' } }, semCertificado);
    expect(r.ok && r.valor.configuracao.nfse).toMatchObject({ codigoServico: '17.01', codigoServicoNacional: '170102' });
    const volta = validarEntrada({ nfse: { codigoServico: '17.01', codigoServicoNacional: '170102' } }, semCertificado);
    expect(volta.ok && volta.valor.configuracao.nfse.codigoServicoNacional).toBe('170102');
    expect(campos({ nfse: { codigoServico: '17.01', codigoServicoNacional: '010701' } })).toEqual(['nfse.codigoServicoNacional:lc116_codigos_divergentes']);
    expect(campos({ nfse: { codigoServico: '1701' } })).toEqual(['nfse.codigoServico:lc116_formato']);
  });

  it('validation - https required for the NFS-e endpoint in every environment', () => {
    expect(campos({ ambiente: 'PRODUÇÃO', nfse: { endpoint: 'http://nfse.example.gov.br/ws' } })).toEqual(['nfse.endpoint:https_em_producao']);
    expect(campos({ nfse: { endpoint: 'http://nfse.example.gov.br/ws' } })).toEqual(['nfse.endpoint:https_obrigatorio']);
    expect(campos({ nfse: { endpoint: 'https://sefin.nfse.gov.br/SefinNacional?x=1' } })).toEqual(['nfse.endpoint:url']);
    const r = validarEntrada({ nfse: { endpoint: 'https://sefin.nfse.gov.br/SefinNacional/' } }, semCertificado);
    expect(r.ok && r.valor.configuracao.nfse.endpoint).toBe('https://sefin.nfse.gov.br/SefinNacional');
  });

  it('validation - NFS-e provider, NBS and signature profile', () => {
    const r = validarEntrada({ nfse: { provedor: 'NACIONAL', codigoNbs: '1.1403.10.00', algoritmoAssinatura: 'RSA-SHA256', canonicalizacao: 'C14N_EXCLUSIVA' } }, semCertificado);
    expect(r.ok && r.valor.configuracao.nfse).toMatchObject({ provedor: 'NACIONAL', codigoNbs: '114031000', algoritmoAssinatura: 'RSA-SHA256', canonicalizacao: 'C14N_EXCLUSIVA' });
    // Defaults: the manual's RSA-SHA1 with inclusive C14N.
    const padrao = validarEntrada({ nfse: {} }, semCertificado);
    expect(padrao.ok && padrao.valor.configuracao.nfse).toMatchObject({ provedor: null, algoritmoAssinatura: 'RSA-SHA1', canonicalizacao: 'C14N' });
    expect(campos({ nfse: { provedor: 'GINFES', codigoNbs: '12345', algoritmoAssinatura: 'RSA-MD5', canonicalizacao: 'c14n11' } })).toEqual([
      'nfse.provedor:provedor_desconhecido',
      'nfse.algoritmoAssinatura:algoritmo_desconhecido',
      'nfse.canonicalizacao:canonicalizacao_desconhecida',
      'nfse.codigoNbs:nbs_formato',
    ]);
  });

  it('validation - secrets: omitted or masked keeps, null removes, text sets', () => {
    const acao = (senha: unknown) => {
      const r = validarEntrada(senha === undefined ? { nfse: {} } : { nfse: { senha } }, semCertificado);
      return r.ok ? r.valor.nfseSenha : null;
    };
    expect(acao(undefined)).toEqual({ acao: 'manter' });
    expect(acao('••••••••')).toEqual({ acao: 'manter' });
    expect(acao('•••')).toEqual({ acao: 'manter' });
    expect(acao(null)).toEqual({ acao: 'remover' });
    expect(acao('nova')).toEqual({ acao: 'definir', valor: 'nova' });
  });

  it('validation - certificate: read-only fields of the GET are accepted back and ignored; a password alone is refused', () => {
    const volta = validarEntrada(
      { empresa: { cnpj: '11222333000181' }, certificadoA1: { titular: 'X', cnpj: '1', validoAte: 'y', diasParaExpirar: 3, aviso: null, senha: '••••••••' } },
      { temCertificado: true },
    );
    expect(volta.ok && volta.valor.certificado).toEqual({ acao: 'manter' });
    expect(campos({ certificadoA1: { senha: 'nova' } })).toEqual(['certificadoA1.senha:requer_arquivo']);
    expect(campos({ certificadoA1: { arquivoBase64: 'AAAA', senha: '••••' }, empresa: { cnpj: '11222333000181' } })).toEqual([
      'certificadoA1.senha:mascara_com_arquivo',
    ]);
    expect(campos({ certificadoA1: { arquivoBase64: 'não é base64', senha: 'x' }, empresa: { cnpj: '11222333000181' } })).toEqual([
      'certificadoA1.arquivoBase64:base64',
    ]);
    expect(campos({ certificadoA1: { arquivoBase64: 'A'.repeat(100_000), senha: 'x' }, empresa: { cnpj: '11222333000181' } })).toEqual([
      'certificadoA1.arquivoBase64:tamanho_maximo',
    ]);
  });

  it('validation - a certificate (new or kept) needs the company CNPJ', () => {
    expect(campos({ certificadoA1: { arquivoBase64: 'AAAA', senha: 'x' } })).toEqual(['empresa.cnpj:obrigatorio_com_certificado']);
    expect(campos({}, { temCertificado: true })).toEqual(['empresa.cnpj:obrigatorio_com_certificado']);
    expect(validarEntrada({ certificadoA1: null }, { temCertificado: true }).ok).toBe(true);
  });

  it('validation - CBS/IBS due days take the ICMS/ISS shape', () => {
    const resultado = validarEntrada({ vencimentos: { cbs: { dia: 20, ajuste: 'PRORROGAR' }, is: { dia: 25, ajuste: 'ANTECIPAR' } } }, semCertificado);
    expect(resultado.ok && resultado.valor.configuracao.vencimentos).toEqual({
      icms: null,
      iss: null,
      cbs: { dia: 20, ajuste: 'PRORROGAR' },
      ibs: null,
      is: { dia: 25, ajuste: 'ANTECIPAR' },
    });
    expect(campos({ vencimentos: { ibs: { dia: 32, ajuste: 'PRORROGAR' } } })).toEqual(['vencimentos.ibs.dia:intervalo']);
  });

  it('validation - CBS/IBS reference rates per year: sorted, each year once, IBS only from 2029', () => {
    const resultado = validarEntrada({ aliquotasReferencia: [{ ano: 2030, ibsUf: 15.5, ibsMun: 2.25 }, { ano: 2027, cbs: 8.5 }] }, semCertificado);
    expect(resultado.ok && resultado.valor.configuracao.aliquotasReferencia).toEqual([
      { ano: 2027, cbs: 8.5, ibsUf: null, ibsMun: null },
      { ano: 2030, cbs: null, ibsUf: 15.5, ibsMun: 2.25 },
    ]);
    expect(validarEntrada({}, semCertificado)).toMatchObject({ ok: true, valor: { configuracao: { aliquotasReferencia: [] } } });
    expect(
      campos({
        aliquotasReferencia: [
          { ano: 2026, cbs: 9 },
          { ano: 2028, ibsUf: 1 },
          { ano: 2029, cbs: 51, ibsMun: 0.12345 },
          { ano: 2029, cbs: 9 },
          { ano: 2031 },
          { cbs: 'nove', taxa: 1 },
          7,
        ],
      }).sort(),
    ).toEqual(
      [
        'aliquotasReferencia[0].ano:intervalo',
        'aliquotasReferencia[1].ibsUf:nao_se_aplica',
        'aliquotasReferencia[2].cbs:intervalo',
        'aliquotasReferencia[2].ibsMun:casas_decimais',
        'aliquotasReferencia[3].ano:repetido',
        'aliquotasReferencia[4]:obrigatorio',
        'aliquotasReferencia[5].taxa:campo_desconhecido',
        'aliquotasReferencia[5].ano:obrigatorio',
        'aliquotasReferencia[5].cbs:tipo',
        'aliquotasReferencia[6]:tipo',
      ].sort(),
    );
    expect(campos({ aliquotasReferencia: { 2027: 9 } })).toEqual(['aliquotasReferencia:tipo']);
  });

  it('validation - a non-object body is refused', () => {
    expect(campos([])).toEqual([':tipo']);
    expect(campos('texto')).toEqual([':tipo']);
  });
});
