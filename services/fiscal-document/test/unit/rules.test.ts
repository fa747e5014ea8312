import { alcanceDaOperacao, ehSimplesRemessa } from '../../src/domain/cfop';
import { justificativaValida } from '../../src/domain/cancellation';
import { impressaoDaEntrada, referenciaDaEntrada, validarEmissao, type ContextoEmissao } from '../../src/domain/emission-input';
import { escalar, totalItemCentavos } from '../../src/domain/money';
import { somarImpostos } from '../../src/domain/taxes';

// 2026-03-01 01:00 UTC is still 28 February in Brasília.
const ctx: ContextoEmissao = { regime: 'LUCRO_PRESUMIDO', ufEmitente: 'SP', series: [1, 2], seriePadrao: 1, codigoServicoPadrao: '01.07', emitidoEm: new Date('2026-03-01T01:00:00Z') };
const item = { codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 10, ncm: '94033000', cfop: '5102', cst: '00' };

describe('fiscal document rules', () => {
  test('money - item totals exact: quantity x price rounded half up to the centavo; 5 decimals refused', () => {
    expect(totalItemCentavos(3, 3.3333)).toBe(1000n); // 9.9999 -> 10.00
    expect(totalItemCentavos(1, 0.005)).toBe(1n); // 0.005 -> 0.01 (half up)
    expect(totalItemCentavos(1, 0.0049)).toBe(0n);
    expect(totalItemCentavos(0.1, 0.2)).toBe(2n); // 0.02, where 0.1 * 0.2 in doubles is 0.020000000000000004
    expect(totalItemCentavos(1.5, 19.99)).toBe(2999n); // 29.985 -> 29.99
    expect(totalItemCentavos(99_999_999_999.9999, 99_999_999_999.9999)).toBe(999_999_999_999_998_000_000_000n);
    expect(escalar(0.00001, 4)).toBeNull();
    expect(escalar(1e21, 4)).toBeNull();
  });

  test('CFOP - reach from the UFs; Simples Remessa CFOPs', () => {
    expect(alcanceDaOperacao('SP', 'SP')).toBe('INTERNA');
    expect(alcanceDaOperacao('SP', null)).toBe('INTERNA');
    expect(alcanceDaOperacao('SP', 'RJ')).toBe('INTERESTADUAL');
    expect(alcanceDaOperacao('SP', 'EX')).toBe('EXTERIOR');
    for (const cfop of ['5949', '6949', '5901', '6901', '5902', '6902', '5904', '6904', '5922', '6922']) expect(ehSimplesRemessa(cfop)).toBe(true);
    expect(ehSimplesRemessa('5102')).toBe(false);
  });

  test('validation - a valid NF-e: totals, default series, recipient normalized', () => {
    const r = validarEmissao({ referencia: ' PED-1 ', modelo: 'NFE', destinatario: { documento: '529.982.247-25' }, itens: [item, { ...item, quantidade: 2.5, valorUnitario: 4 }] }, ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.valor).toMatchObject({ referencia: 'PED-1', serie: 1, valorTotalCentavos: 2000, simplesRemessa: false, destinatario: { documento: '52998224725', tipoDocumento: 'CPF' } });
  });

  test('validation - the recipient\'s address (enderDest): normalized CEP and phone, with the UF and the city code; each bad field named', () => {
    const endereco = { logradouro: ' Rua Boa Vista ', numero: 'S/N', bairro: 'Centro', municipio: 'São Paulo', cep: '01014-000', telefone: '(11) 3333-4444' };
    const ok = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181', uf: 'SP', codigoMunicipio: '3550308', endereco }, itens: [item] }, ctx);
    expect(ok.ok && ok.valor.destinatario?.endereco).toEqual({ logradouro: 'Rua Boa Vista', numero: 'S/N', complemento: null, bairro: 'Centro', municipio: 'São Paulo', cep: '01014000', telefone: '1133334444' });
    const semEndereco = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181' }, itens: [item] }, ctx);
    expect(semEndereco.ok && semEndereco.valor.destinatario?.endereco).toBeNull();

    const ruim = validarEmissao(
      { referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181', endereco: { logradouro: 7, numero: '', bairro: 'C', cep: '0101400', telefone: '12', pais: 'BR' } }, itens: [item] },
      ctx,
    );
    expect(ruim.ok ? [] : ruim.campos.map((c) => `${c.campo}:${c.regra}`).sort()).toEqual([
      'destinatario.codigoMunicipio:obrigatorio_com_endereco',
      'destinatario.endereco.bairro:tamanho_minimo',
      'destinatario.endereco.cep:cep_formato',
      'destinatario.endereco.logradouro:tipo',
      'destinatario.endereco.municipio:obrigatorio',
      'destinatario.endereco.numero:obrigatorio',
      'destinatario.endereco.pais:campo_desconhecido',
      'destinatario.endereco.telefone:telefone_formato',
      'destinatario.uf:obrigatorio_com_endereco',
    ]);
    const naoObjeto = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181', uf: 'SP', codigoMunicipio: '3550308', endereco: 'Rua A, 1' }, itens: [item] }, ctx);
    expect(naoObjeto.ok ? [] : naoObjeto.campos.map((c) => c.campo)).toEqual(['destinatario.endereco']);
    const exterior = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181', uf: 'EX', codigoMunicipio: '3550308', endereco }, itens: [{ ...item, cfop: '7102', cst: '41' }] }, ctx);
    // Abroad the Brazilian fields do not apply: the recipient is described in destinatario.exterior (export.test.ts).
    expect(exterior.ok ? [] : exterior.campos.map((c) => `${c.campo}:${c.regra}`)).toEqual([
      'destinatario.documento:nao_se_aplica_exterior',
      'destinatario.codigoMunicipio:nao_se_aplica_exterior',
      'destinatario.endereco:nao_se_aplica_exterior',
      'destinatario.nome:obrigatorio',
      'destinatario.exterior:obrigatorio_exterior',
      'exportacao:obrigatorio_exterior',
    ]);
  });

  test('validation - never throws on any input shape, and names each bad field', () => {
    for (const entrada of [null, 42, 'x', [], { modelo: 'XYZ' }, { itens: 'no' }, { referencia: {}, modelo: 'NFE', itens: [null, 1, 'a'] }]) {
      const r = validarEmissao(entrada, ctx);
      expect(r.ok).toBe(false);
    }
    const r = validarEmissao({ referencia: 'x'.repeat(61), modelo: 'NFE', destinatario: { documento: '12.ABC.345/01DE-35' }, itens: Array(991).fill(item), extra: 1 }, ctx);
    expect(r.ok ? [] : r.campos.map((c) => `${c.campo}:${c.regra}`)).toEqual(['extra:campo_desconhecido', 'referencia:tamanho_maximo', 'itens:maximo']);
    const misto = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181' }, itens: [item, { ...item, cfop: '5949' }] }, ctx);
    expect(misto.ok ? [] : misto.campos.map((c) => c.regra)).toEqual(['cfop_misto']);
    const nfse = validarEmissao({ referencia: 'R', modelo: 'NFSE', destinatario: { documento: '11222333000181' }, itens: [{ codigo: 'S', descricao: 'Serviço', quantidade: 1, valorUnitario: 1, aliquotaIss: 6, codigoServico: '99.99' }] }, ctx);
    expect(nfse.ok ? [] : nfse.campos.map((c) => `${c.campo}:${c.regra}`)).toEqual(['itens[0].codigoServico:lc116_item_inexistente', 'itens[0].aliquotaIss:aliquota_iss_faixa']);
  });

  test('validation - an invalid recipient field other than the UF still lets the CFOP be judged; an invalid UF does not', () => {
    const campos = (destinatario: Record<string, unknown>, cfop: string) => {
      const r = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario, itens: [{ ...item, cfop }] }, ctx);
      return r.ok ? [] : r.campos.map((c) => `${c.campo}:${c.regra}`);
    };
    expect(campos({ documento: '123.456.789-00', uf: 'SP' }, '6102')).toEqual(['destinatario.documento:cpf_digito_verificador', 'itens[0].cfop:cfop_operacao']);
    expect(campos({ documento: '11222333000181', nome: 'X', uf: 'RJ' }, '5102')).toEqual(['destinatario.nome:tamanho_minimo', 'itens[0].cfop:cfop_operacao']);
    // Abroad, the Brazilian fields are refused as not applying; the CFOP is still judged (7).
    expect(campos({ documento: '11222333000181', inscricaoEstadual: 'abc', nome: 'Importer', uf: 'EX' }, '6102')).toEqual([
      'destinatario.documento:nao_se_aplica_exterior',
      'destinatario.inscricaoEstadual:nao_se_aplica_exterior',
      'destinatario.exterior:obrigatorio_exterior',
      'itens[0].cfop:cfop_operacao',
      'exportacao:obrigatorio_exterior',
    ]);
    // A bad CPF with a valid UF of another state: the CFOP is judged against that UF (6), not as an internal sale.
    expect(campos({ documento: '123.456.789-00', uf: 'RJ' }, '6102')).toEqual(['destinatario.documento:cpf_digito_verificador']);
    expect(campos({ documento: '11222333000181', uf: 'ZZ' }, '6102')).toEqual(['destinatario.uf:uf_inexistente']);
  });

  test('fingerprint - the content as sent, without the referencia: spaces, key order, null and empty lists do not count; a deeper body has none', () => {
    const base = { referencia: 'A', modelo: 'NFE', itens: [item], destinatario: { documento: '11222333000181', uf: 'SP' } };
    const mesma = impressaoDaEntrada(base);
    expect(impressaoDaEntrada({ destinatario: { uf: ' SP ', documento: '11222333000181' }, itens: [item], modelo: 'NFE', referencia: 'B', serie: null, chavesNfeTransportadas: [] })).toBe(mesma);
    expect(impressaoDaEntrada({ ...base, serie: 2 })).not.toBe(mesma);
    expect(impressaoDaEntrada({ ...base, itens: [{ ...item, quantidade: 2 }] })).not.toBe(mesma);
    let fundo: unknown = 1;
    for (let i = 0; i < 20; i += 1) fundo = [fundo];
    expect(impressaoDaEntrada({ ...base, itens: fundo })).toBeNull();
    expect(referenciaDaEntrada({ referencia: ' PED-1 ' })).toBe('PED-1');
    expect([referenciaDaEntrada({ referencia: 'x'.repeat(61) }), referenciaDaEntrada({}), referenciaDaEntrada('x')]).toEqual([null, null, null]);
  });

  test('validation - Simples Remessa is an NF-e rule (as in the tax engine): a CT-e refuses such a CFOP, an NFC-e is not flagged', () => {
    const nfe = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181' }, itens: [{ ...item, cfop: '5949' }] }, ctx);
    expect(nfe.ok && nfe.valor.simplesRemessa).toBe(true);
    const cte = validarEmissao(
      { referencia: 'R', modelo: 'CTE', destinatario: { documento: '11222333000181' }, itens: [{ ...item, ncm: undefined, cfop: '5949' }], chavesNfeTransportadas: ['35210320695448000184550010000035891981839923'] },
      ctx,
    );
    // Not flagged: a CT-e is refused for want of its transport group (its CFOP is judged there: cfop_transporte).
    expect(cte.ok ? cte.valor.simplesRemessa : cte.campos.map((c) => `${c.campo}:${c.regra}`)).toEqual(['cte:obrigatorio']);
    const nfce = validarEmissao({ referencia: 'R', modelo: 'NFCE', itens: [{ ...item, cfop: '5949' }, item] }, ctx);
    expect(nfce.ok ? nfce.valor.simplesRemessa : nfce.campos).toBe(false);
  });

  test('validation - an NFS-e competence from January of the previous year up to the month of issue (Brasília)', () => {
    const competencia = (valor: string) => {
      const r = validarEmissao({ referencia: 'R', modelo: 'NFSE', destinatario: { documento: '11222333000181' }, itens: [{ codigo: 'S', descricao: 'Serviço', quantidade: 1, valorUnitario: 100 }], competencia: valor }, ctx);
      return r.ok ? r.valor.competencia : r.campos.map((c) => c.regra).join();
    };
    expect(competencia('02/2026')).toBe('02/2026');
    expect(competencia('03/2026')).toBe('competencia_futura');
    expect(competencia('12/2099')).toBe('competencia_futura');
    expect(competencia('01/2025')).toBe('01/2025');
    expect(competencia('12/2024')).toBe('competencia_antiga');
    expect(competencia('01/2000')).toBe('competencia_antiga');
    expect(competencia('13/2026')).toBe('formato');
  });

  test('validation - modalidadeFrete: NF-e only, one of 0-4 or 9, 0 when a CT-e documents the freight; default 0 with that CT-e, else 9', () => {
    const nfe = (extra: Record<string, unknown>) => validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181' }, itens: [item], ...extra }, ctx);
    const valor = (extra: Record<string, unknown>) => {
      const r = nfe(extra);
      return r.ok ? r.valor.modalidadeFrete : r.campos.map((c) => c.regra).join();
    };
    const cte = '35210320695448000184570010000035891981839920';
    expect([valor({}), valor({ modalidadeFrete: 1 }), valor({ modalidadeFrete: 4 }), valor({ chaveCteReferenciada: cte })]).toEqual([9, 1, 4, 0]);
    expect([valor({ modalidadeFrete: 5 }), valor({ modalidadeFrete: '1' }), valor({ modalidadeFrete: 1, chaveCteReferenciada: cte })]).toEqual([
      'modalidade_frete_invalida',
      'modalidade_frete_invalida',
      'frete_incoerente',
    ]);
    const nfce = validarEmissao({ referencia: 'R', modelo: 'NFCE', itens: [item], modalidadeFrete: 0 }, ctx);
    expect(nfce.ok ? [] : nfce.campos.map((c) => `${c.campo}:${c.regra}`)).toEqual(['modalidadeFrete:somente_nfe']);
  });

  test('validation - quantities, prices and totals within the NF-e layout (qCom/vUnCom 11 integer digits, vProd/vNF 13.2)', () => {
    const campos = (itens: Record<string, unknown>[]) => {
      const r = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181' }, itens }, ctx);
      return r.ok ? r.valor.valorTotalCentavos : r.campos.map((c) => `${c.campo}:${c.regra}`);
    };
    expect(campos([{ ...item, quantidade: 99_999_999_999.9999, valorUnitario: 1 }])).toBe(10_000_000_000_000);
    expect(campos([{ ...item, quantidade: 100_000_000_000, valorUnitario: 1 }])).toEqual(['itens[0].quantidade:faixa']);
    expect(campos([{ ...item, quantidade: 1, valorUnitario: 1e11 }])).toEqual(['itens[0].valorUnitario:faixa']);
    expect(campos([{ ...item, quantidade: 1e10, valorUnitario: 1e10 }])).toEqual(['itens[0]:valor_item_maximo']);
    expect(campos([{ ...item, quantidade: 1, valorUnitario: 0.0049 }])).toEqual(['itens[0]:valor_item_minimo']);
    const metade = { ...item, quantidade: 50_000_000_000, valorUnitario: 100 };
    expect(campos([metade, metade])).toEqual(['itens:valor_total_maximo']);
  });

  test('justificativa - 15 to 255 characters after trimming', () => {
    expect(justificativaValida('  Erro de digitação!  ')).toBe('Erro de digitação!');
    expect(justificativaValida('  14 caracteres!  ')).toBeNull();
    expect(justificativaValida('x'.repeat(255))).toHaveLength(255);
    expect(justificativaValida('x'.repeat(256))).toBeNull();
    expect(justificativaValida('quinze\u0000caracteres')).toBeNull();
    expect(justificativaValida(15)).toBeNull();
  });

  test('taxes - the document adds up its items\' lines per tax; mixed rates show the effective rate', () => {
    const linha = (tributo: 'ICMS' | 'CBS', base: number, aliquota: number, valor: number, informativo = false) => ({
      tributo,
      baseCentavos: base,
      aliquota,
      valorCentavos: valor,
      informativo,
      vencimento: null,
      fundamento: '',
      naoCalculavel: false,
      motivo: null,
    });
    const somados = somarImpostos([
      [linha('ICMS', 10000, 18, 1800), linha('CBS', 10000, 0.9, 90, true)],
      [linha('ICMS', 5000, 12, 600), linha('CBS', 5000, 0.9, 45, true)],
    ]);
    // ICMS: 1800 + 600 = 2400 on 15000: 16%. CBS: 0.9% on both.
    expect(somados).toEqual([
      { tributo: 'ICMS', baseCentavos: 15000, aliquota: 16, valorCentavos: 2400, informativo: false },
      { tributo: 'CBS', baseCentavos: 15000, aliquota: 0.9, valorCentavos: 135, informativo: true },
    ]);
  });

  it('leaves out a line the engine could not compute instead of showing a 0 due', () => {
    const irpj = { tributo: 'IRPJ' as const, baseCentavos: 0, aliquota: 15, valorCentavos: 0, informativo: false, vencimento: null, fundamento: '', naoCalculavel: true, motivo: 'sem lucro real' };
    const pis = { ...irpj, tributo: 'PIS' as const, baseCentavos: 10000, aliquota: 1.65, valorCentavos: 165, naoCalculavel: false, motivo: null };
    expect(somarImpostos([[pis, irpj]]).map((l) => l.tributo)).toEqual(['PIS']);
  });
});
