import type { EnderecoEmpresa } from '@erp/contracts';
import { cepFormatado } from './format';

/**
 * The drawing primitives every printed document shares (DANFE, DANFCE, and the DACTE and DANFSe to come): text
 * cut to a width, a labelled box, a section title, a diagonal mark, the PDF's bytes. pdfkit underneath.
 */

export type Pdf = PDFKit.PDFDocument;

/** Caption and value sizes of a labelled box (points). */
export const ROTULO = 5.5;
export const VALOR = 8;

export const SEM_VALOR_FISCAL = 'SEM VALOR FISCAL - HOMOLOGAÇÃO';
export const MENSAGEM_HOMOLOGACAO = 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL';
export const MENSAGEM_LOCAL = 'Autorizada pelo autorizador local (desenvolvimento e testes): não foi transmitida à SEFAZ.';

/** The standard PDF fonts encode WinAnsi: anything else would print as garbage, so it prints as '?'. */
export const imprimivel = (texto: string) => texto.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');

export function paraBuffer(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    pdf.on('data', (parte: Buffer) => partes.push(parte));
    pdf.on('end', () => resolve(Buffer.concat(partes)));
    pdf.on('error', reject);
    pdf.end();
  });
}

/** A text cut to a width, with an ellipsis, on one line. */
export function cortado(pdf: Pdf, texto: string, largura: number): string {
  let t = imprimivel(texto);
  if (pdf.widthOfString(t) <= largura) return t;
  while (t.length > 0 && pdf.widthOfString(`${t}…`) > largura) t = t.slice(0, -1);
  return `${t}…`;
}

export function linha1(pdf: Pdf, texto: string, x: number, y: number, largura: number, opcoes: { tamanho?: number; negrito?: boolean; alinhamento?: 'left' | 'center' | 'right' } = {}): void {
  pdf.font(opcoes.negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(opcoes.tamanho ?? VALOR);
  pdf.text(cortado(pdf, texto, largura), x, y, { width: largura, align: opcoes.alinhamento ?? 'left', lineBreak: false });
}

/** A labelled box of the DANFE: the caption small at the top, the value below. */
export function campo(pdf: Pdf, x: number, y: number, largura: number, altura: number, rotulo: string, valor: string, opcoes: { negrito?: boolean; alinhamento?: 'left' | 'center' | 'right'; tamanho?: number } = {}): void {
  pdf.lineWidth(0.5).rect(x, y, largura, altura).stroke();
  linha1(pdf, rotulo, x + 2, y + 1.5, largura - 4, { tamanho: ROTULO });
  linha1(pdf, valor, x + 2, y + altura - (opcoes.tamanho ?? VALOR) - 2.5, largura - 4, { tamanho: opcoes.tamanho ?? VALOR, negrito: opcoes.negrito, alinhamento: opcoes.alinhamento });
}

/** A diagonal mark across a region centred at (cx, cy), behind what is drawn after it. */
export function marcaDagua(pdf: Pdf, texto: string, cor: string, cx: number, cy: number, tamanho: number): void {
  pdf.save();
  pdf.rotate(-30, { origin: [cx, cy] });
  pdf.font('Helvetica-Bold').fontSize(tamanho).fillColor(cor).opacity(0.35);
  const largura = pdf.widthOfString(texto) + 10;
  pdf.text(texto, cx - largura / 2, cy - tamanho / 2, { width: largura, align: 'center', lineBreak: false });
  pdf.restore();
  pdf.fillColor('#000000').opacity(1);
}

/** Street, number and complement, as one line of the DANFE. */
export const logradouroCompleto = (e: EnderecoEmpresa) => `${e.logradouro}, ${e.numero}${e.complemento ? ` - ${e.complemento}` : ''}`;

/** The issuer's address as the printed documents show it (up to three lines). */
export function linhasEndereco(e: EnderecoEmpresa | null, uf: string): string[] {
  if (!e) return [`UF: ${uf}`];
  return [logradouroCompleto(e), `${e.bairro} - CEP ${cepFormatado(e.cep)}`, `${e.municipio} - ${uf}${e.telefone ? `  Fone: ${e.telefone}` : ''}`];
}
