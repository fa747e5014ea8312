import { simular, validarEntrada, type ErroCampo } from '../../src/domain';

const valida = { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP' };
const erros = (entrada: unknown, opcoes?: unknown): ErroCampo[] => {
  const v = validarEntrada(entrada, opcoes);
  return v.ok ? [] : v.erros;
};
const codigos = (entrada: unknown, opcoes?: unknown) => erros(entrada, opcoes).map((e) => [e.campo, e.regra]);
const com = (extra: object) => ({ ...valida, ...extra });

describe('validacao - every invalid field reported at once as { campo, codigo, mensagem }', () => {
  it('entrada - anything but an object is TIPO_INVALIDO on "entrada"', () => {
    for (const x of [undefined, null, 42, 'texto', true, [], [valida], Number.NaN]) {
      expect(codigos(x)).toEqual([['entrada', 'TIPO_INVALIDO']]);
    }
  });

  it('obrigatorios - an empty object names tipoDocumento, valor, dataOperacao and regime', () => {
    expect(codigos({})).toEqual([
      ['tipoDocumento', 'OBRIGATORIO'],
      ['valor', 'OBRIGATORIO'],
      ['dataOperacao', 'OBRIGATORIO'],
      ['regime', 'OBRIGATORIO'],
    ]);
    // The regime and the UF may come from the company settings instead.
    expect(codigos({ tipoDocumento: 'NFE', valor: 1, dataOperacao: '2026-01-01' }, { empresa: { regime: 'LUCRO_REAL', uf: 'MG' } })).toEqual([]);
    expect(codigos({ tipoDocumento: 'NFE', valor: 1, dataOperacao: '2026-01-01', regime: 'LUCRO_REAL' })).toEqual([['ufOrigem', 'OBRIGATORIO']]);
    expect(codigos({ tipoDocumento: 'NFSE', valor: 1, dataOperacao: '2026-01-01', regime: 'LUCRO_REAL' })).toEqual([]);
  });

  it('tudo errado - one error per bad field, all in one answer, each with a message', () => {
    const lista = erros({
      tipoDocumento: 'NFX',
      valor: -1,
      dataOperacao: '2026-02-30',
      regime: 'MEI',
      ufOrigem: 'XX',
      ufDestino: 'sp',
      ncm: '1234.56.78',
      aliquotaIpi: 'dez',
      cfop: '51',
      aliquotaIss: 6,
      atividade: 'PADARIA',
      anexoSimples: 'VI',
      receitaBruta12Meses: Number.NaN,
      comprasCreditaveis: Number.POSITIVE_INFINITY,
      baseAcumuladaTrimestre: -5,
      receitaAcumuladaAno: '100',
      lucroRealTrimestre: 1e15,
      mercadoriaImportada: 'sim',
      aliquotaIs: -1,
      aliquotaIcmsCompras: 41,
    });
    expect(lista.map((e) => [e.campo, e.regra])).toEqual([
      ['tipoDocumento', 'VALOR_NAO_PERMITIDO'],
      ['valor', 'NAO_POSITIVO'],
      ['dataOperacao', 'DATA_INEXISTENTE'],
      ['regime', 'VALOR_NAO_PERMITIDO'],
      ['ufOrigem', 'UF_DESCONHECIDA'],
      ['ufDestino', 'UF_DESCONHECIDA'],
      ['ncm', 'NCM_INVALIDO'],
      ['aliquotaIpi', 'NAO_NUMERICO'],
      ['cfop', 'CFOP_INVALIDO'],
      ['aliquotaIss', 'FORA_DO_INTERVALO'],
      ['atividade', 'VALOR_NAO_PERMITIDO'],
      ['anexoSimples', 'VALOR_NAO_PERMITIDO'],
      ['receitaBruta12Meses', 'NAO_NUMERICO'],
      ['comprasCreditaveis', 'NAO_NUMERICO'],
      ['baseAcumuladaTrimestre', 'NEGATIVO'],
      ['receitaAcumuladaAno', 'NAO_NUMERICO'],
      ['lucroRealTrimestre', 'ACIMA_DO_LIMITE'],
      ['mercadoriaImportada', 'TIPO_INVALIDO'],
      ['aliquotaIs', 'FORA_DO_INTERVALO'],
      ['aliquotaIcmsCompras', 'FORA_DO_INTERVALO'],
    ]);
    for (const e of lista) expect(e.erro.length).toBeGreaterThan(10);
  });

  it('valor - positive, at most 2 decimals, at most R$ 1 trillion; strings are not numbers', () => {
    expect(codigos(com({ valor: 0 }))).toEqual([['valor', 'NAO_POSITIVO']]);
    expect(codigos(com({ valor: 1.005 }))).toEqual([['valor', 'CASAS_DECIMAIS']]);
    expect(codigos(com({ valor: 0.1 + 0.2 }))).toEqual([['valor', 'CASAS_DECIMAIS']]);
    expect(codigos(com({ valor: '1000' }))).toEqual([['valor', 'NAO_NUMERICO']]);
    expect(codigos(com({ valor: Number.NaN }))).toEqual([['valor', 'NAO_NUMERICO']]);
    expect(codigos(com({ valor: Number.NEGATIVE_INFINITY }))).toEqual([['valor', 'NAO_NUMERICO']]);
    expect(codigos(com({ valor: 1_000_000_000_000 }))).toEqual([]);
    expect(codigos(com({ valor: 1_000_000_000_000.01 }))).toEqual([['valor', 'ACIMA_DO_LIMITE']]);
    expect(codigos(com({ valor: 0.01 }))).toEqual([]);
    expect(erros(com({ valor: 2e12 }))[0].erro).toContain('R$ 1.000.000.000.000,00');
  });

  it('dataOperacao - YYYY-MM-DD, a real day, from 2026-01-01 to 2040-12-31', () => {
    expect(codigos(com({ dataOperacao: '2026-01-01' }))).toEqual([]);
    expect(codigos(com({ dataOperacao: '2040-12-31' }))).toEqual([]);
    expect(codigos(com({ dataOperacao: '2028-02-29' }))).toEqual([]);
    expect(codigos(com({ dataOperacao: '2025-12-31' }))).toEqual([['dataOperacao', 'FORA_DO_PERIODO']]);
    expect(codigos(com({ dataOperacao: '2041-01-01' }))).toEqual([['dataOperacao', 'FORA_DO_PERIODO']]);
    expect(codigos(com({ dataOperacao: '2027-02-29' }))).toEqual([['dataOperacao', 'DATA_INEXISTENTE']]);
    expect(codigos(com({ dataOperacao: '2026-13-01' }))).toEqual([['dataOperacao', 'DATA_INEXISTENTE']]);
    expect(codigos(com({ dataOperacao: '10/03/2026' }))).toEqual([['dataOperacao', 'FORMATO_INVALIDO']]);
    expect(codigos(com({ dataOperacao: '2026-03-10T10:00:00Z' }))).toEqual([['dataOperacao', 'FORMATO_INVALIDO']]);
    expect(codigos(com({ dataOperacao: 20260310 }))).toEqual([['dataOperacao', 'TIPO_INVALIDO']]);
  });

  it('aliquotaIss - 2% to 5% inclusive, at most 4 decimals', () => {
    const nfse = (aliquotaIss: unknown) => codigos({ tipoDocumento: 'NFSE', valor: 10, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', aliquotaIss });
    expect([nfse(2), nfse(5), nfse(3.25), nfse(2.0001)]).toEqual([[], [], [], []]);
    expect(nfse(1.99)).toEqual([['aliquotaIss', 'FORA_DO_INTERVALO']]);
    expect(nfse(5.01)).toEqual([['aliquotaIss', 'FORA_DO_INTERVALO']]);
    expect(nfse(2.00001)).toEqual([['aliquotaIss', 'CASAS_DECIMAIS']]);
  });

  it('ncm and cfop - 8 and 4 digits; the CFOP is an outgoing one and agrees with the UFs', () => {
    expect(codigos(com({ ncm: '22030000' }))).toEqual([]);
    expect(codigos(com({ ncm: '2203000' }))).toEqual([['ncm', 'NCM_INVALIDO']]);
    expect(codigos(com({ ncm: 22030000 }))).toEqual([['ncm', 'TIPO_INVALIDO']]);
    expect(codigos(com({ cfop: '5.102' }))).toEqual([['cfop', 'CFOP_INVALIDO']]);
    expect(codigos(com({ cfop: '1102' }))).toEqual([['cfop', 'CFOP_NAO_E_SAIDA']]);
    expect(codigos(com({ cfop: '5102', ufDestino: 'BA' }))).toEqual([['cfop', 'CFOP_INCOERENTE_COM_UF']]);
    expect(codigos(com({ cfop: '6102', ufDestino: 'SP' }))).toEqual([['cfop', 'CFOP_INCOERENTE_COM_UF']]);
    expect(codigos(com({ cfop: '6102' }))).toEqual([['ufDestino', 'OBRIGATORIO']]);
    expect(codigos(com({ cfop: '6102', ufDestino: 'BA' }))).toEqual([]);
    expect(codigos(com({ cfop: '7101', ufDestino: 'BA' }))).toEqual([['ufDestino', 'NAO_SE_APLICA']]);
    expect(codigos(com({ cfop: '7101' }))).toEqual([]);
  });

  it('anexoSimples - must tax the document: I/II for goods, III for the CT-e, III/IV/V for services', () => {
    expect(codigos(com({ anexoSimples: 'III' }))).toEqual([['anexoSimples', 'ANEXO_INCOMPATIVEL']]);
    expect(codigos({ tipoDocumento: 'NFSE', valor: 1, dataOperacao: '2026-03-10', regime: 'SIMPLES_NACIONAL', anexoSimples: 'I' })).toEqual([['anexoSimples', 'ANEXO_INCOMPATIVEL']]);
    expect(codigos({ tipoDocumento: 'CTE', ufOrigem: 'SP', valor: 1, dataOperacao: '2026-03-10', regime: 'SIMPLES_NACIONAL', anexoSimples: 'V' })).toEqual([['anexoSimples', 'ANEXO_INCOMPATIVEL']]);
    expect(codigos(com({ anexoSimples: 'II' }))).toEqual([]);
  });

  it('NFC-e - only inside the issuer\'s state', () => {
    expect(codigos(com({ tipoDocumento: 'NFCE', ufDestino: 'RJ' }))).toEqual([['ufDestino', 'NAO_SE_APLICA']]);
    expect(codigos(com({ tipoDocumento: 'NFCE', ufDestino: 'SP' }))).toEqual([]);
  });

  it('null is absent; inherited properties are not input', () => {
    expect(codigos(com({ ncm: null, aliquotaIpi: null, cfop: null, atividade: null, lucroRealTrimestre: null, ufDestino: null }))).toEqual([]);
    const herdado = Object.create({ valor: 1000 }) as Record<string, unknown>;
    Object.assign(herdado, { tipoDocumento: 'NFSE', dataOperacao: '2026-03-10', regime: 'LUCRO_REAL' });
    expect(codigos(herdado)).toEqual([['valor', 'OBRIGATORIO']]);
  });

  it('lucroRealTrimestre may be negative (a loss); the other money fields may not', () => {
    expect(codigos(com({ regime: 'LUCRO_REAL', lucroRealTrimestre: -50000.5 }))).toEqual([]);
    for (const campo of ['receitaBruta12Meses', 'comprasCreditaveis', 'baseAcumuladaTrimestre', 'receitaAcumuladaAno']) {
      expect(codigos(com({ [campo]: -0.01 }))).toEqual([[campo, 'NEGATIVO']]);
    }
  });

  it('opcoes - company rate, due-day rules and reference rates are checked too', () => {
    expect(codigos(valida, { empresa: { aliquotaDas: 0 } })).toEqual([['empresa.aliquotaDas', 'FORA_DO_INTERVALO']]);
    expect(codigos(valida, { empresa: { aliquotaDas: 33.01 } })).toEqual([['empresa.aliquotaDas', 'FORA_DO_INTERVALO']]);
    expect(codigos(valida, { empresa: { uf: 'XX', regime: 'X' } })).toEqual([
      ['empresa.regime', 'VALOR_NAO_PERMITIDO'],
      ['empresa.uf', 'UF_DESCONHECIDA'],
    ]);
    expect(codigos(valida, { vencimentos: { ICMS: { dia: 0, ajuste: 'PRORROGAR' }, ISS: { dia: 1.5, ajuste: 'X' }, DAS: { dia: 10, ajuste: 'ANTECIPAR' } } })).toEqual([
      ['vencimentos.DAS', 'VALOR_NAO_PERMITIDO'],
      ['vencimentos.ICMS.dia', 'FORA_DO_INTERVALO'],
      ['vencimentos.ISS.dia', 'FORA_DO_INTERVALO'],
      ['vencimentos.ISS.ajuste', 'VALOR_NAO_PERMITIDO'],
    ]);
    expect(codigos(valida, { aliquotasReferencia: { '2026': { cbs: 9 }, '2030': { cbs: 60, ibsUf: 'x' }, abc: {} } })).toEqual([
      ['aliquotasReferencia.2026', 'VALOR_NAO_PERMITIDO'],
      ['aliquotasReferencia.2030.cbs', 'FORA_DO_INTERVALO'],
      ['aliquotasReferencia.2030.ibsUf', 'NAO_NUMERICO'],
      ['aliquotasReferencia.abc', 'VALOR_NAO_PERMITIDO'],
    ]);
    expect(codigos(valida, 'x')).toEqual([['opcoes', 'TIPO_INVALIDO']]);
  });

  it('never throws - a throwing getter, a proxy, and thousands of random shapes all get an answer', () => {
    const hostil = { tipoDocumento: 'NFE', get valor(): number { throw new Error('boom'); } };
    expect(codigos(hostil)).toEqual([['entrada', 'TIPO_INVALIDO']]);
    const proxy = new Proxy({}, { ownKeys: () => { throw new Error('boom'); }, getOwnPropertyDescriptor: () => { throw new Error('boom'); } });
    expect(() => simular(proxy)).not.toThrow();
    expect(() => simular(valida, new Proxy({}, { get: () => { throw new Error('boom'); } }) as never)).not.toThrow();

    const estranhos: unknown[] = [undefined, null, Number.NaN, Infinity, -Infinity, -0, 0, 1e308, -1e308, 5e-324, '', 'x', '2026-03-10', [], {}, true, Symbol('s'), () => 1, 10n, new Date(), { a: 1 }];
    const campos = ['tipoDocumento', 'valor', 'dataOperacao', 'regime', 'ufOrigem', 'ufDestino', 'ncm', 'aliquotaIpi', 'cfop', 'aliquotaIss', 'atividade', 'anexoSimples', 'receitaBruta12Meses', 'comprasCreditaveis', 'baseAcumuladaTrimestre', 'receitaAcumuladaAno', 'lucroRealTrimestre', 'mercadoriaImportada', 'produtoZonaFrancaManaus', 'aliquotaIs', 'aliquotaIcmsCompras'];
    let semente = 7;
    const aleatorio = (n: number) => {
      semente = (semente * 1103515245 + 12345) % 2147483648;
      return semente % n;
    };
    for (let i = 0; i < 3000; i++) {
      const entrada: Record<string, unknown> = { ...valida };
      for (let k = 0; k < 1 + aleatorio(4); k++) entrada[campos[aleatorio(campos.length)]] = estranhos[aleatorio(estranhos.length)];
      const s = simular(entrada);
      if (s.ok) {
        expect(Number.isSafeInteger(s.resultado.totalDevidoCentavos)).toBe(true);
      } else {
        expect(s.erros.length).toBeGreaterThan(0);
        for (const e of s.erros) expect(typeof e.campo === 'string' && typeof e.regra === 'string' && e.erro.length > 0).toBe(true);
      }
    }
  });

  it('limits - the largest accepted values compute without losing a centavo', () => {
    const s = simular({ tipoDocumento: 'NFSE', valor: 1_000_000_000_000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5, baseAcumuladaTrimestre: 1_000_000_000_000, receitaAcumuladaAno: 1_000_000_000_000 });
    expect(s.ok).toBe(true);
    // ISS 5% of R$ 1 trillion = R$ 50 billion, exactly.
    expect(s.ok && s.resultado.linhas.find((l) => l.tributo === 'ISS')?.valorCentavos).toBe(5_000_000_000_000);
  });
});
