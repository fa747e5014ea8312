import { stackEnv } from '../support/env';
import { CHAVE_NFE, cteProcBaixado, cteSpRj, textoCte } from './cte-helpers';
import { lerCodigo128, lerQrCode, pdfParaPng, textoDoPdf } from './danfe-helpers';
import { cancelar, DOCUMENTOS, emitir, empresaFiscal } from './fiscal-helpers';

/**
 * The DACTE of a CT-e authorized by the local authority, read the way a person's tools would: page 1 rendered by
 * pdftoppm, the Code-128 of the key decoded by @zxing/library, the QR code by jsQR, the text by pdftotext; the
 * homologation mark, and the cancellation mark once cancelled.
 */
async function dacte(usuario: string, id: string): Promise<{ pdf: Buffer; disposicao: string | null }> {
  const r = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${encodeURIComponent(id)}/danfe.pdf`, { headers: { authorization: `Bearer ${usuario}` } });
  expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  return { pdf: Buffer.from(await r.arrayBuffer()), disposicao: r.headers.get('content-disposition') };
}

describe('ct-e DACTE', () => {
  it('dacte - A4 with the key as Code-128C, the QR code of infCTeSupl, the parties, values and the HOMOLOGAÇÃO mark; CANCELADO once cancelled', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, cteSpRj([CHAVE_NFE]))).body.dados;
    expect(doc.situacao).toBe('AUTORIZADO');
    const { raiz } = await cteProcBaixado(e.usuario, doc.id);
    const { pdf, disposicao } = await dacte(e.usuario, doc.id);
    expect(disposicao).toContain(`${doc.chaveAcesso}-dacte.pdf`);
    const png = pdfParaPng(pdf, 'dacte');
    expect(lerCodigo128(png)).toEqual({ texto: doc.chaveAcesso, inicio: 105 });
    expect(lerQrCode(png)).toBe(textoCte(raiz, 'qrCodCTe'));
    const texto = textoDoPdf(pdf).replace(/\s+/g, ' ');
    for (const esperado of ['DACTE', 'São Paulo - SP', 'Rio de Janeiro - RJ', '1.050,00', '126,00', 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL', doc.protocolo, 'REMETENTE']) {
      expect([esperado, texto.includes(esperado)]).toEqual([esperado, true]);
    }
    expect(texto).not.toContain('CANCELADO');

    expect((await cancelar(e.admin, doc.id, 'Frete cancelado pelo cliente antes da coleta')).status).toBe(200);
    const cancelado = textoDoPdf((await dacte(e.usuario, doc.id)).pdf).replace(/\s+/g, ' ');
    expect(cancelado).toContain('CT-e CANCELADO em');
  }, 90_000);
});
