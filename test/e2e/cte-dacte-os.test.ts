import { rest, stackEnv } from '../support/env';
import { CHAVE_NFE, cteOsProcBaixado, cteOsSpRj, cteProcBaixado, cteSpRj, textoCte } from './cte-helpers';
import { lerCodigo128, lerQrCode, pdfParaPng, textoDoPdf } from './danfe-helpers';
import { DOCUMENTOS, emitir, empresaFiscal } from './fiscal-helpers';

/**
 * The DACTE OS of a CT-e OS (model 67) and the latest CC-e printed on the DACTE (either model), read the way a
 * person's tools would: pdftoppm, the Code-128 by @zxing/library, the QR code by jsQR, the text by pdftotext.
 */
async function dacte(usuario: string, id: string): Promise<{ pdf: Buffer; disposicao: string | null }> {
  const r = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${encodeURIComponent(id)}/danfe.pdf`, { headers: { authorization: `Bearer ${usuario}` } });
  expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  return { pdf: Buffer.from(await r.arrayBuffer()), disposicao: r.headers.get('content-disposition') };
}

const texto = (pdf: Buffer) => textoDoPdf(pdf).replace(/\s+/g, ' ');

describe('ct-e DACTE OS and the CC-e on the DACTE', () => {
  it('dacte os - model 67: key as Code-128C, QR code, the taker, the service and the TAF; the latest CC-e printed once registered', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, cteOsSpRj())).body.dados;
    expect(doc.situacao).toBe('AUTORIZADO');
    const { raiz } = await cteOsProcBaixado(e.usuario, doc.id);
    const { pdf, disposicao } = await dacte(e.usuario, doc.id);
    expect(disposicao).toContain(`${doc.chaveAcesso}-dacte-os.pdf`);
    const png = pdfParaPng(pdf, 'dacte-os');
    expect(lerCodigo128(png)).toEqual({ texto: doc.chaveAcesso, inicio: 105 });
    expect(lerQrCode(png)).toBe(textoCte(raiz, 'qrCodCTe'));
    const antes = texto(pdf);
    for (const esperado of ['DACTE OS', 'MODELO 67', 'TOMADOR DO SERVIÇO', 'Fretamento de ônibus', 'TAF 123456789012', '4.150,00', '498,00', 'São Paulo - SP', 'Rio de Janeiro - RJ', doc.protocolo]) {
      expect([esperado, antes.includes(esperado)]).toEqual([esperado, true]);
    }
    expect(antes).not.toContain('CARTA DE CORREÇÃO');

    const carta = await rest('POST', `${DOCUMENTOS}/${doc.id}/carta-correcao`, { bearer: e.admin, body: { alteracoes: [{ grupo: 'compl', campo: 'xObs', valor: 'Embarque na plataforma 12' }] } });
    expect([carta.status, carta.body.dados?.cStat]).toEqual([201, '135']);
    const depois = texto((await dacte(e.usuario, doc.id)).pdf);
    expect(depois).toContain('CARTA DE CORREÇÃO ELETRÔNICA');
    expect(depois).toContain(`CC-e 1 de`);
    expect(depois).toContain(`(protocolo ${carta.body.dados.protocolo}): compl.xObs: Embarque na plataforma 12`);
  }, 90_000);

  it('dacte - model 57: the latest of two CC-e is the one printed', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, cteSpRj([CHAVE_NFE]))).body.dados;
    await cteProcBaixado(e.usuario, doc.id);
    for (const valor of ['Entrega pelo portão 2', 'Entrega pelo portão 3']) {
      const carta = await rest('POST', `${DOCUMENTOS}/${doc.id}/carta-correcao`, { bearer: e.admin, body: { alteracoes: [{ grupo: 'compl', campo: 'xObs', valor }] } });
      expect([carta.status, carta.body.dados?.cStat]).toEqual([201, '135']);
    }
    const t = texto((await dacte(e.usuario, doc.id)).pdf);
    expect(t).toContain('CC-e 2 de');
    expect(t).toContain('compl.xObs: Entrega pelo portão 3');
    expect(t).not.toContain('portão 2');
  }, 90_000);
});
