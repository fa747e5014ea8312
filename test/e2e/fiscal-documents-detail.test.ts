import { graphql, rest } from '../support/env';
import { cancelar, DOCUMENTOS, emitir, empresaFiscal, nfeVenda, type EmpresaFiscal } from './fiscal-helpers';

/** The detail of a document through the gateway (GraphQL `detalheDocumentoFiscal`): what the page's detail route shows. */
const DETALHE = `query Detalhe($id: ID!) {
  detalheDocumentoFiscal(id: $id) {
    documento { id numero situacao valorTotal }
    destinatario { documento tipoDocumento nome uf logradouro numero bairro municipio cep }
    itens { numero codigo descricao quantidade unidade valorUnitario valorTotal ncm cfop csosn impostos { tributo base aliquota valor informativo } }
    eventos { tipo descricao em protocolo detalhe }
    arquivos { tipo nome caminho }
  }
}`;

let empresa: EmpresaFiscal;
beforeAll(async () => {
  empresa = await empresaFiscal();
});

describe('fiscal documents - detail', () => {
  it('fiscal documents detail - items with their taxes, the recipient by name and address, events in order and files that download', async () => {
    const doc = (await emitir(empresa.admin, nfeVenda())).body.dados;
    const justificativa = 'pedido cancelado pelo cliente no balcão';
    expect((await cancelar(empresa.admin, doc.id, justificativa)).status).toBe(200);

    const resposta = await graphql(DETALHE, { id: doc.id }, empresa.usuario);
    expect(resposta.errors).toBeUndefined();
    const detalhe = resposta.data!.detalheDocumentoFiscal;
    expect(detalhe.documento).toEqual({ id: doc.id, numero: doc.numero, situacao: 'CANCELADO', valorTotal: 511 });
    expect(detalhe.destinatario).toEqual({
      documento: '11222333000181',
      tipoDocumento: 'CNPJ',
      nome: 'Cliente Comprador Ltda',
      uf: 'SP',
      logradouro: 'Rua Augusta',
      numero: '500',
      bairro: 'Consolação',
      municipio: 'São Paulo',
      cep: '01304000',
    });
    // 2 x 250.50 = 501.00; 3 x 3.3333 = 9.9999 -> 10.00 (half up); each with its own lines.
    expect(detalhe.itens.map((i: any) => [i.numero, i.codigo, i.quantidade, i.valorUnitario, i.valorTotal, i.ncm, i.cfop, i.csosn])).toEqual([
      [1, 'P-1', 2, 250.5, 501, '94013000', '5102', '102'],
      [2, 'P-2', 3, 3.3333, 10, '73181500', '5102', '102'],
    ]);
    for (const item of detalhe.itens) expect(item.impostos.length).toBeGreaterThan(0);
    // Each item's DAS line (Simples, 6%): 501.00 x 6% = 30.06; 10.00 x 6% = 0.60; together the document's 30.66.
    const das = detalhe.itens.map((i: any) => i.impostos.find((l: any) => l.tributo === 'DAS')?.valor);
    expect(das).toEqual([30.06, 0.6]);

    expect(detalhe.eventos.map((e: any) => e.tipo)).toEqual(['AUTORIZACAO', 'CANCELAMENTO']);
    expect(detalhe.eventos[0].protocolo).toMatch(/^\d{15}$/);
    expect(detalhe.eventos[1]).toMatchObject({ detalhe: justificativa, protocolo: expect.stringMatching(/^\d{15}$/) });

    const tipos = detalhe.arquivos.map((a: any) => a.tipo);
    expect(tipos).toContain('DANFE');
    for (const arquivo of detalhe.arquivos) {
      const baixado = await rest('GET', arquivo.caminho, { bearer: empresa.usuario });
      expect([arquivo.tipo, baixado.status]).toEqual([arquivo.tipo, 200]);
    }
  });

  it("fiscal documents detail - another company's id, an unknown id: null, nothing of it shown", async () => {
    const doc = (await emitir(empresa.admin, nfeVenda())).body.dados;
    const outra = await empresaFiscal();
    expect((await graphql(DETALHE, { id: doc.id }, outra.admin)).data).toEqual({ detalheDocumentoFiscal: null });
    expect((await graphql(DETALHE, { id: 'nao-existe' }, empresa.admin)).data).toEqual({ detalheDocumentoFiscal: null });
    expect((await rest('GET', `${DOCUMENTOS}/${doc.id}`, { bearer: outra.admin })).status).toBe(404);
  });

  it('fiscal documents detail - a short-lived file link: asked with the session, opened without it, never for another company', async () => {
    const doc = (await emitir(empresa.admin, nfeVenda())).body.dados;
    const pedido = await rest('POST', `${DOCUMENTOS}/${doc.id}/link-arquivo`, { bearer: empresa.usuario, body: { arquivo: 'danfe' } });
    expect(pedido.status).toBe(200);
    const { url, expiraEm } = pedido.body.dados;
    expect(url).toMatch(/^\/api\/erp\/faturamento\/documentos\/arquivos\/[A-Za-z0-9_-]{43}$/);
    // Two minutes from now (give or take the request's time).
    expect(Math.abs(new Date(expiraEm).getTime() - Date.now() - 120_000)).toBeLessThan(10_000);
    const aberto = await rest('GET', url);
    expect([aberto.status, aberto.headers.get('content-type'), aberto.headers.get('referrer-policy')]).toEqual([200, 'application/pdf', 'no-referrer']);
    // The same link again (a reload of the tab) within its time: the same file.
    expect((await rest('GET', url)).status).toBe(200);

    const outra = await empresaFiscal();
    expect((await rest('POST', `${DOCUMENTOS}/${doc.id}/link-arquivo`, { bearer: outra.admin, body: { arquivo: 'danfe' } })).body.codigo).toBe('DOCUMENTO_NAO_ENCONTRADO');
    expect((await rest('POST', `${DOCUMENTOS}/${doc.id}/link-arquivo`, { body: { arquivo: 'danfe' } })).status).toBe(401);
    expect((await rest('POST', `${DOCUMENTOS}/${doc.id}/link-arquivo`, { bearer: empresa.admin, body: { arquivo: '../senha' } })).body).toMatchObject({
      codigo: 'DOCUMENTO_INVALIDO',
      campos: [{ campo: 'arquivo' }],
    });
    // A token changed by one character, or made up: not found, like an expired one.
    const trocado = url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A');
    expect((await rest('GET', trocado)).body.codigo).toBe('DOCUMENTO_NAO_ENCONTRADO');
    expect((await rest('GET', `${DOCUMENTOS}/arquivos/curto`)).status).toBe(404);
  });
});
