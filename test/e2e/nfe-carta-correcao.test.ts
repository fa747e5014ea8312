import { connect, type NatsConnection } from '@nats-io/transport-node';
import { validarXml } from '@erp/fiscal-schemas';
import { graphql, rest, stackEnv } from '../support/env';
import { textoDoPdf } from './danfe-helpers';
import { DOCUMENTOS, cancelar, emitir, empresaFiscal, eventosDoDocumento, nfeVenda, type EmpresaFiscal } from './fiscal-helpers';

/**
 * The correction letter (CC-e, event 110110) of an NF-e through the gateway, REST and GraphQL, registered by the local
 * authority (official schema of the event and its rules): the text, the sequence claimed by a unique insert (raced),
 * the limit of 20, the matters the law forbids, a cancelled document, the procEventoNFe served as XML, the latest
 * letter printed on the DANFE, the event to accounting on NATS.
 */
let nc: NatsConnection;
let empresa: EmpresaFiscal;
const TEXTO = 'Onde se lê "Rua Augusta, 500", leia-se "Rua Augusta, 550". Transportadora: Rápido Paulista Ltda.';

beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
  empresa = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
}, 60_000);
afterAll(async () => {
  await nc.close();
});

const itemLp = { codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 1000, ncm: '94033000', cfop: '5102', cst: '00' };
const novaNfe = async () => (await emitir(empresa.admin, nfeVenda({ itens: [itemLp] }))).body.dados;
const corrigir = (id: string, body: unknown, sessao = empresa.admin) => rest('POST', `${DOCUMENTOS}/${id}/carta-correcao`, { bearer: sessao, body });
const MUTACAO = `mutation ($id: ID!, $correcao: String) { registrarCartaCorrecao(id: $id, correcao: $correcao) { documentoId sequencia correcao protocolo registradaEm cStat motivo } }`;

describe('nf-e correction letter (CC-e)', () => {
  it('cc-e - REST then GraphQL: sequences 1 and 2, protocol from the authority, the latest procEventoNFe as XML (official schema), ERP_NFE_CARTA_CORRECAO on NATS', async () => {
    const doc = await novaNfe();
    const primeira = await corrigir(doc.id, { correcao: `  ${TEXTO}  ` });
    expect([primeira.status, primeira.body.codigo]).toEqual([201, undefined]);
    expect(primeira.body.dados).toMatchObject({ documentoId: doc.id, sequencia: 1, correcao: TEXTO, cStat: '135', protocolo: expect.stringMatching(/^\d{15}$/) });

    const segunda = await graphql(MUTACAO, { id: doc.id, correcao: 'Complemento do endereço de entrega: fundos, portão azul.' }, empresa.admin);
    expect(segunda.errors).toBeUndefined();
    expect(segunda.data!.registrarCartaCorrecao).toMatchObject({ sequencia: 2, cStat: '135' });
    const lista = await graphql(`query ($id: ID!) { cartasCorrecao(id: $id) { sequencia correcao } }`, { id: doc.id }, empresa.usuario);
    expect(lista.data!.cartasCorrecao.map((c: any) => c.sequencia)).toEqual([1, 2]);

    const xml = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${doc.id}/carta-correcao.xml`, { headers: { authorization: `Bearer ${empresa.usuario}` } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-disposition')).toContain(`${doc.chaveAcesso}-cce-02-procEventoNFe.xml`);
    const texto = await xml.text();
    expect(await validarXml('nfe-PL_010_V1.30', 'procEventoNFe_v1.00.xsd', texto)).toEqual({ ok: true });
    expect(texto).toContain('<tpEvento>110110</tpEvento>');
    expect(texto).toContain('<nSeqEvento>2</nSeqEvento>');
    expect(texto).toContain('<xCondUso>A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N');
    expect(texto).toContain('<cStat>135</cStat>');

    // The DANFE prints the latest letter with the additional data.
    const pdf = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${doc.id}/danfe.pdf`, { headers: { authorization: `Bearer ${empresa.usuario}` } });
    const paginas = textoDoPdf(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(paginas).toContain(`CARTA DE CORREÇÃO 2`);
    expect(paginas).toContain('fundos, portão azul');

    const eventos = (await eventosDoDocumento(nc, doc.id, 3)).filter((e) => e.subject === 'fiscal.v1.ERP_NFE_CARTA_CORRECAO');
    expect(eventos.map((e) => [e.msgId, e.payload.sequencia])).toEqual([
      [`carta-correcao:${doc.id}:1`, 1],
      [`carta-correcao:${doc.id}:2`, 2],
    ]);
    expect(eventos[0].payload).toMatchObject({ companyId: empresa.companyId, chaveAcesso: doc.chaveAcesso, correcao: TEXTO, protocolo: primeira.body.dados.protocolo });
  }, 90_000);

  it('cc-e - raced: 8 letters at once take 8 distinct sequences; the letters go up to 20 and the 21st is refused (LIMITE_CORRECOES)', async () => {
    const doc = await novaNfe();
    const juntas = await Promise.all(Array.from({ length: 8 }, (_, i) => corrigir(doc.id, { correcao: `Observação de entrega número ${i + 1}: portaria lateral.` })));
    expect(juntas.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(juntas.map((r) => r.body.dados.sequencia).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (let i = 9; i <= 20; i += 1) expect((await corrigir(doc.id, { correcao: `Observação de entrega número ${i}: portaria lateral.` })).body.dados.sequencia).toBe(i);
    const excesso = await corrigir(doc.id, { correcao: 'Observação de entrega número 21: portaria lateral.' });
    expect([excesso.status, excesso.body.codigo, excesso.body.limite]).toEqual([422, 'LIMITE_CORRECOES', 20]);
  }, 120_000);

  it('cc-e - refused: text out of 15-1,000, forbidden matters (values, quantities, tax figures, parties, dates), a user who is not admin, a cancelled NF-e, an NFC-e', async () => {
    const doc = await novaNfe();
    expect((await corrigir(doc.id, { correcao: 'curto' })).body).toMatchObject({ codigo: 'CORRECAO_INVALIDA', campo: 'correcao' });
    expect((await corrigir(doc.id, { correcao: 'x'.repeat(1001) })).body).toMatchObject({ codigo: 'CORRECAO_INVALIDA', campo: 'correcao' });
    expect((await corrigir(doc.id, {})).body).toMatchObject({ codigo: 'CORRECAO_INVALIDA', campo: 'correcao' });
    const vedada = await corrigir(doc.id, { correcao: 'O valor unitário correto é R$ 950,00 e a quantidade 2.' });
    expect([vedada.status, vedada.body.codigo, vedada.body.materias]).toEqual([422, 'CORRECAO_MATERIA_VEDADA', ['VALORES', 'QUANTIDADES']]);
    for (const [texto, materia] of [
      ['Alíquota do ICMS deve ser 12% neste item.', 'TRIBUTOS'],
      ['O CNPJ do destinatário é outro: 11.444.777/0001-61.', 'PARTES'],
      ['A data de saída correta é 28/11/2026.', 'DATAS'],
    ]) {
      expect((await corrigir(doc.id, { correcao: texto })).body.materias).toEqual([materia]);
    }
    expect((await corrigir(doc.id, { correcao: TEXTO }, empresa.usuario)).status).toBe(403);
    const gql = await graphql(MUTACAO, { id: doc.id, correcao: 'curto' }, empresa.admin);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'CORRECAO_INVALIDA', campo: 'correcao' });

    expect((await cancelar(empresa.admin, doc.id, 'Pedido cancelado pelo cliente antes do envio')).status).toBe(200);
    const cancelado = await corrigir(doc.id, { correcao: TEXTO });
    expect([cancelado.status, cancelado.body.codigo]).toEqual([409, 'DOCUMENTO_JA_CANCELADO']);

    const nfce = await emitir(empresa.admin, { referencia: `CCE-NFCE-${Date.now()}`, modelo: 'NFCE', itens: [itemLp] });
    expect((await corrigir(nfce.body.dados.id, { correcao: TEXTO })).body.codigo).toBe('CORRECAO_INDISPONIVEL');
    expect((await corrigir('nao-existe', { correcao: TEXTO })).body.codigo).toBe('DOCUMENTO_NAO_ENCONTRADO');
    const semCarta = await rest('GET', `${DOCUMENTOS}/${nfce.body.dados.id}/carta-correcao.xml`, { bearer: empresa.usuario });
    expect(semCarta.body.codigo).toBe('XML_INDISPONIVEL');
  }, 90_000);
});
