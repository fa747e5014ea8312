import { alcanceDaOperacao, ehSimplesRemessa } from '../../src/domain/cfop';
import { justificativaValida, validarEmissao, type ContextoEmissao } from '../../src/domain/document-input';
import { escalar, totalItemCentavos } from '../../src/domain/money';
import { somarImpostos } from '../../src/domain/taxes';

const ctx: ContextoEmissao = { regime: 'LUCRO_PRESUMIDO', ufEmitente: 'SP', series: [1, 2], seriePadrao: 1, codigoServicoPadrao: '01.07' };
const item = { codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 10, ncm: '94033000', cfop: '5102', cst: '00' };

describe('fiscal document rules', () => {
  test('money - item totals exact: quantity x price rounded half up to the centavo; 5 decimals refused', () => {
    expect(totalItemCentavos(3, 3.3333)).toBe(1000); // 9.9999 -> 10.00
    expect(totalItemCentavos(1, 0.005)).toBe(1); // 0.005 -> 0.01 (half up)
    expect(totalItemCentavos(1, 0.0049)).toBe(0);
    expect(totalItemCentavos(0.1, 0.2)).toBe(2); // 0.02, where 0.1 * 0.2 in doubles is 0.020000000000000004
    expect(totalItemCentavos(1.5, 19.99)).toBe(2999); // 29.985 -> 29.99
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

  test('validation - never throws on any input shape, and names each bad field', () => {
    for (const entrada of [null, 42, 'x', [], { modelo: 'XYZ' }, { itens: 'no' }, { referencia: {}, modelo: 'NFE', itens: [null, 1, 'a'] }]) {
      const r = validarEmissao(entrada, ctx);
      expect(r.ok).toBe(false);
    }
    const r = validarEmissao({ referencia: 'x'.repeat(61), modelo: 'NFE', destinatario: { documento: '12.ABC.345/01DE-35' }, itens: Array(991).fill(item), extra: 1 }, ctx);
    expect(r.ok ? [] : r.campos.map((c) => `${c.campo}:${c.regra}`)).toEqual(['extra:campo_desconhecido', 'referencia:tamanho', 'itens:maximo']);
    const misto = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { documento: '11222333000181' }, itens: [item, { ...item, cfop: '5949' }] }, ctx);
    expect(misto.ok ? [] : misto.campos.map((c) => c.regra)).toEqual(['cfop_misto']);
    const nfse = validarEmissao({ referencia: 'R', modelo: 'NFSE', destinatario: { documento: '11222333000181' }, itens: [{ codigo: 'S', descricao: 'Serviço', quantidade: 1, valorUnitario: 1, aliquotaIss: 6, codigoServico: '99.99' }] }, ctx);
    expect(nfse.ok ? [] : nfse.campos.map((c) => `${c.campo}:${c.regra}`)).toEqual(['itens[0].codigoServico:lc116_item_inexistente', 'itens[0].aliquotaIss:aliquota_iss_faixa']);
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
});
