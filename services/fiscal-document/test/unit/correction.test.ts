import { materiasVedadas, textoCorrecao } from '../../src/domain/correction';

describe('correction letter (CC-e) - text and forbidden matters', () => {
  test('cc-e - the text: trimmed and collapsed, typographic quotes made plain, 15 to 1,000 Latin-1 characters', () => {
    expect(textoCorrecao('  Onde se lê “Rua Augusta,   500”  ')).toEqual({ texto: 'Onde se lê "Rua Augusta, 500"' });
    expect(textoCorrecao('curto demais')).toEqual({ erro: expect.stringContaining('15 a 1000') });
    expect(textoCorrecao('x'.repeat(1001))).toEqual({ erro: expect.stringContaining('15 a 1000') });
    expect(textoCorrecao('x'.repeat(1000))).toEqual({ texto: 'x'.repeat(1000) });
    expect(textoCorrecao('Correção com emoji 😀 no texto')).toEqual({ erro: expect.stringContaining('Latin-1') });
    expect(textoCorrecao(42)).toEqual({ erro: expect.stringContaining('obrigatória') });
  });

  test('cc-e - what may be corrected passes: an address, the carrier, a product description, the CFOP, the delivery date', () => {
    for (const texto of [
      'Onde se lê "Rua Augusta, 500", leia-se "Rua Augusta, 550".',
      'Transportadora: Rápido Paulista Ltda, placa ABC1D23.',
      'Descrição do item 1: Cadeira de escritório giratória preta.',
      'CFOP correto do item 2: 5.405. Data de entrega combinada: 30/11.',
      'Telefone do destinatário: (11) 3000-0000; pedido do cliente 4512.',
    ]) {
      expect([texto, materiasVedadas(texto)]).toEqual([texto, []]);
    }
  });

  test('cc-e - what the law forbids is refused by matter: values, quantities, tax figures, the parties, the dates', () => {
    expect(materiasVedadas('O valor unitário correto é R$ 12,50')).toEqual(['VALORES']);
    expect(materiasVedadas('Preço do item 1 errado')).toEqual(['VALORES']);
    expect(materiasVedadas('Quantidade correta: 12 caixas')).toEqual(['QUANTIDADES']);
    expect(materiasVedadas('Alíquota do ICMS deveria ser 12%')).toEqual(['TRIBUTOS']);
    expect(materiasVedadas('Base de cálculo e CST do item 2')).toEqual(['TRIBUTOS']);
    expect(materiasVedadas('O CNPJ do destinatário é 11.222.333/0001-81')).toEqual(['PARTES']);
    expect(materiasVedadas('Razão social correta: Outra Empresa Ltda')).toEqual(['PARTES']);
    expect(materiasVedadas('A data de saída correta é 28/11/2026')).toEqual(['DATAS']);
    expect(materiasVedadas('Data da emissão e quantidade erradas')).toEqual(['QUANTIDADES', 'DATAS']);
    // Whole words only: "Pisos" is not PIS, "valoriza" is not a value, "IPIranga" not IPI.
    expect(materiasVedadas('Pisos cerâmicos entregues na Rua Ipiranga; o cliente valoriza a entrega')).toEqual([]);
  });
});
