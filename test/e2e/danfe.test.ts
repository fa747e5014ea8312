import { validarXml } from '@erp/fiscal-schemas';
import { rest, sessionFor, stackEnv } from '../support/env';
import { lerCodigo128, lerQrCode, pdfParaPng, textoDoPdf } from './danfe-helpers';
import { DOCUMENTOS, emitir, empresaFiscal, nfeVenda, referenciaNova, type EmpresaFiscal } from './fiscal-helpers';
import { cteInterno } from './cte-helpers';

/**
 * DANFE / DANFCE and XML of the stack's documents, authorized in HOMOLOGAÇÃO by the local authority over the SEFAZ
 * path: the DANFE is made of the nfeProc and marked "SEM VALOR FISCAL - HOMOLOGAÇÃO"; in homologation SEFAZ wants
 * the recipient's name (NF-e) and the first item's description (NFC-e) replaced by its fixed text, so the DANFE
 * shows that text. The PDF is rendered to PNG by pdftoppm and its barcodes decoded by @zxing/library; the XML is
 * checked against the official procNFe schema.
 */
async function baixar(caminho: string, sessao?: string): Promise<{ status: number; tipo: string | null; disposicao: string | null; corpo: Buffer }> {
  const r = await fetch(`${stackEnv.gatewayUrl}${caminho}`, { headers: sessao ? { authorization: `Bearer ${sessao}` } : {} });
  return { status: r.status, tipo: r.headers.get('content-type'), disposicao: r.headers.get('content-disposition'), corpo: Buffer.from(await r.arrayBuffer()) };
}

const json = (b: Buffer) => JSON.parse(b.toString('utf8'));
/** pdftotext keeps the layout: runs of spaces between boxes are noise here. */
const compacto = (texto: string) => texto.replace(/\s+/g, ' ');

let e: EmpresaFiscal;
beforeAll(async () => {
  e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
}, 30_000);

const item = { codigo: 'MESA-01', descricao: 'Mesa de reunião em madeira maciça', quantidade: 2, valorUnitario: 1250.5, ncm: '94033000', cfop: '5102', cst: '00' };

/** The text SEFAZ requires in homologation in place of the recipient's name (NF-e) and the first item's description (NFC-e). */
const TEXTO_HOMOLOGACAO = 'EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

describe('danfe - documents of the stack', () => {
  it('danfe - NF-e: a PDF made of the nfeProc, marked SEM VALOR FISCAL - HOMOLOGAÇÃO, whose Code-128C decodes to the access key; header, recipient, items, tax totals and protocol are there', async () => {
    const doc = (await emitir(e.admin, nfeVenda({ itens: [item] }))).body.dados;
    expect(doc.situacao).toBe('AUTORIZADO');
    const r = await baixar(`${DOCUMENTOS}/${doc.id}/danfe.pdf`, e.usuario);
    expect(r.status).toBe(200);
    expect(r.tipo).toBe('application/pdf');
    expect(r.disposicao).toBe(`inline; filename="${doc.chaveAcesso}-danfe.pdf"`);
    expect(r.corpo.subarray(0, 5).toString()).toBe('%PDF-');

    const codigo = lerCodigo128(pdfParaPng(r.corpo, 'danfe-local-nfe'));
    expect(codigo).toEqual({ texto: doc.chaveAcesso, inicio: 105 });

    const texto = compacto(textoDoPdf(r.corpo));
    for (const trecho of [
      'DANFE',
      'Documento Auxiliar da Nota Fiscal Eletrônica',
      'Empresa Fiscal de Teste Ltda',
      `Nº ${String(doc.numero).padStart(9, '0').replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3')}`,
      'SÉRIE 001',
      doc.chaveAcesso.replace(/(.{4})(?=.)/g, '$1 '),
      `${doc.protocolo} - `,
      `NF-E ${TEXTO_HOMOLOGACAO}`,
      '11.222.333/0001-81',
      'Rua Augusta, 500',
      'Mesa de reunião em madeira maciça',
      '2.501,00',
      'VALOR TOTAL DA NOTA',
      'SEM VALOR FISCAL - HOMOLOGAÇÃO',
      'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL',
    ]) {
      expect(texto).toContain(trecho);
    }
    const icms = doc.impostos.find((i: any) => i.tributo === 'ICMS');
    expect(texto).toContain(icms.valor.toFixed(2).replace('.', ','));

    // The XML is the authorized nfeProc, within the official schema.
    const xml = await baixar(`${DOCUMENTOS}/${doc.id}/xml`, e.usuario);
    expect([xml.status, xml.disposicao]).toEqual([200, `attachment; filename="${doc.chaveAcesso}-procNFe.xml"`]);
    expect(await validarXml('nfe-PL_010_V1.30', 'procNFe_v4.00.xsd', xml.corpo.toString('utf8'))).toEqual({ ok: true });
  }, 60_000);

  it('danfe - NFC-e: the DANFCE carries the QR code, which decodes to the v3 URL with the key, and the consultation by key', async () => {
    const doc = (
      await emitir(e.admin, {
        referencia: referenciaNova('NFCE'),
        modelo: 'NFCE',
        itens: [{ codigo: 'CAFE', descricao: 'Café torrado 500 g', quantidade: 3, valorUnitario: 21.9, ncm: '09012100', cfop: '5102', cst: '00' }],
      })
    ).body.dados;
    expect(doc).toMatchObject({ modelo: 'NFCE', situacao: 'AUTORIZADO' });
    const r = await baixar(`${DOCUMENTOS}/${doc.id}/danfe.pdf`, e.admin);
    expect(r.status).toBe(200);
    expect(r.disposicao).toContain(`${doc.chaveAcesso}-danfce.pdf`);
    const url = lerQrCode(pdfParaPng(r.corpo, 'danfce-local'));
    expect(url).toBe(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${doc.chaveAcesso}|3|2`);
    const texto = compacto(textoDoPdf(r.corpo));
    for (const trecho of ['Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica', 'CONSUMIDOR NÃO IDENTIFICADO', 'CAFE NOTA FISCAL EMITIDA EM AMBIENTE DE', '65,70', 'Consulte pela Chave de Acesso em', doc.chaveAcesso.replace(/(.{4})(?=.)/g, '$1 '), 'SEM VALOR FISCAL']) {
      expect(texto).toContain(trecho);
    }
  }, 60_000);

  it('danfe - company scope and refusals: another company\'s id is 404 DOCUMENTO_NAO_ENCONTRADO on both routes, no session 401, a rejected NF-e 422, a CT-e has no DANFE', async () => {
    const doc = (await emitir(e.admin, nfeVenda({ itens: [item] }))).body.dados;
    const outra = await sessionFor(`outra-${e.companyId}`, 'admin');
    for (const rota of ['danfe.pdf', 'xml']) {
      const r = await baixar(`${DOCUMENTOS}/${doc.id}/${rota}`, outra);
      expect(r.status).toBe(404);
      expect(json(r.corpo).codigo).toBe('DOCUMENTO_NAO_ENCONTRADO');
      expect((await baixar(`${DOCUMENTOS}/nao-existe/${rota}`, e.admin)).status).toBe(404);
      expect((await baixar(`${DOCUMENTOS}/${doc.id}/${rota}`)).status).toBe(401);
    }
    const rejeitada = await emitir(e.admin, nfeVenda({ itens: [{ ...item, ncm: '00000000' }] }));
    expect(rejeitada.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '778' });
    const semDanfe = await baixar(`${DOCUMENTOS}/${rejeitada.body.documentoId}/danfe.pdf`, e.admin);
    expect(semDanfe.status).toBe(422);
    expect(json(semDanfe.corpo)).toMatchObject({ codigo: 'DOCUMENTO_NAO_AUTORIZADO', situacao: 'REJEITADO' });

    const cte = await emitir(e.admin, cteInterno(doc.chaveAcesso, { cst: '00' }, 150));
    // A CT-e's printed document is its DACTE (test/e2e/cte-dacte.test.ts reads it).
    const dacte = await baixar(`${DOCUMENTOS}/${cte.body.dados.id}/danfe.pdf`, e.admin);
    expect(dacte.status).toBe(200);
    expect((await rest('GET', `${DOCUMENTOS}/${doc.id}`, { bearer: e.admin })).status).toBe(200);
  }, 60_000);
});
