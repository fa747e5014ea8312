import { validarEmissao, type ContextoEmissao } from '../../src/domain/emission-input';

const normal: ContextoEmissao = { regime: 'LUCRO_PRESUMIDO', ufEmitente: 'SP', series: [1], seriePadrao: 1, codigoServicoPadrao: null, emitidoEm: new Date('2026-11-27T12:00:00Z') };
const simples: ContextoEmissao = { ...normal, regime: 'SIMPLES_NACIONAL' };
const contribuinte = { documento: '11222333000181', uf: 'SP', inscricaoEstadual: '110042490114' };
const item = { codigo: 'B', descricao: 'Cerveja', quantidade: 10, valorUnitario: 5, ncm: '22030000', cfop: '5401', cest: '0302100' };
const regras = (entrada: object, ctx = normal) => {
  const r = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: contribuinte, ...entrada }, ctx);
  return r.ok ? [] : r.campos.map((c) => `${c.campo}:${c.regra}`);
};

describe('emission input - ICMS-ST, base reduction, deferral, Simples Nacional credit', () => {
  test('emission input - each situation requires its inputs, naming the item and the field', () => {
    expect(regras({ itens: [item, { ...item, cst: '10' }] }, normal)).toEqual(['itens[0].cst:cst_invalido', 'itens[1].icmsSt:obrigatorio_situacao']);
    expect(regras({ itens: [{ ...item, cst: '20', cest: null }] })).toEqual(['itens[0].reducaoBaseIcms:obrigatorio_situacao']);
    expect(regras({ itens: [{ ...item, cst: '51', cest: null }] })).toEqual(['itens[0].diferimentoIcms:obrigatorio_situacao']);
    expect(regras({ itens: [{ ...item, cst: '70' }] })).toEqual(['itens[0].reducaoBaseIcms:obrigatorio_situacao', 'itens[0].icmsSt:obrigatorio_situacao']);
    expect(regras({ itens: [{ ...item, csosn: '203' }] }, simples)).toEqual(['itens[0].icmsSt:obrigatorio_situacao']);
    // The CEST goes with every ST situation (rule 806).
    expect(regras({ itens: [{ ...item, cst: '30', cest: null, icmsSt: { mva: 40 } }] })).toEqual(['itens[0].cest:cest_obrigatorio']);
  });

  test('emission input - accepted with what each situation needs', () => {
    expect(regras({ itens: [{ ...item, cst: '10', icmsSt: { mva: 40, aliquotaFcp: 2 } }] })).toEqual([]);
    expect(regras({ itens: [{ ...item, cst: '70', reducaoBaseIcms: 33.33, icmsSt: { base: 70, reducaoBase: 10, aliquota: 18 } }] })).toEqual([]);
    expect(regras({ itens: [{ ...item, cst: '51', cest: null, diferimentoIcms: 100 }] })).toEqual([]);
    expect(regras({ itens: [{ ...item, csosn: '202', icmsSt: { mva: 40 } }] }, simples)).toEqual([]);
    expect(regras({ itens: [{ ...item, csosn: '101', cest: null }], simplesNacional: { anexo: 'I', receitaBruta12Meses: 300000 } }, simples)).toEqual([]);
  });

  test('emission input - inputs where the situation does not use them, bad values, MVA and base together', () => {
    expect(regras({ itens: [{ ...item, cst: '00', cest: null, reducaoBaseIcms: 10, icmsSt: { mva: 40 } }] })).toEqual([
      'itens[0].reducaoBaseIcms:nao_se_aplica',
      'itens[0].icmsSt:nao_se_aplica',
    ]);
    expect(regras({ itens: [{ ...item, cst: '10', icmsSt: { mva: 40, base: 70 } }] })).toEqual(['itens[0].icmsSt.base:st_mva_ou_base']);
    expect(regras({ itens: [{ ...item, cst: '10', icmsSt: { aliquota: 18 } }] })).toEqual(['itens[0].icmsSt.mva:obrigatorio']);
    expect(regras({ itens: [{ ...item, cst: '10', icmsSt: { mva: -1, aliquotaFcp: 3, x: 1 } }] })).toEqual([
      'itens[0].icmsSt.x:campo_desconhecido',
      'itens[0].icmsSt.mva:percentual_faixa',
      'itens[0].icmsSt.aliquotaFcp:percentual_faixa',
    ]);
    expect(regras({ itens: [{ ...item, cst: '20', cest: null, reducaoBaseIcms: 100 }] })).toEqual(['itens[0].reducaoBaseIcms:percentual_faixa']);
    expect(regras({ itens: [{ ...item, cst: '51', cest: null, diferimentoIcms: 'todo' }] })).toEqual(['itens[0].diferimentoIcms:percentual_faixa']);
  });

  test('emission input - CSOSN 101 / 201 need the Simples band (pCredSN); a regime-normal issuer cannot give one', () => {
    expect(regras({ itens: [{ ...item, csosn: '101', cest: null }] }, simples)).toEqual(['simplesNacional:obrigatorio_credito_sn']);
    expect(regras({ itens: [{ ...item, csosn: '101', cest: null }], simplesNacional: { anexo: 'III', receitaBruta12Meses: 0 } }, simples)).toEqual([
      'simplesNacional.anexo:anexo_invalido',
      'simplesNacional.receitaBruta12Meses:valor_invalido',
    ]);
    expect(regras({ itens: [{ ...item, cst: '00', cest: null }], simplesNacional: { anexo: 'I', receitaBruta12Meses: 1 } })).toEqual(['simplesNacional:somente_simples']);
  });
});
