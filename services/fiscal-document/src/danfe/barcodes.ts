import bwipjs from 'bwip-js/node';

/**
 * The DANFE's barcodes as vector shapes, encoded by bwip-js (the Barcode Writer in Pure PostScript port):
 * `raw` gives the bar widths (Code-128) or the module matrix (QR code), which are drawn as filled rectangles,
 * so the PDF prints sharp at any resolution.
 */
export interface Desenho {
  rect(x: number, y: number, w: number, h: number): unknown;
  fill(cor: string): unknown;
}

/** 1/300 inch in points: a module of a whole number of these has its edges on the pixels of a 300/600 dpi device. */
const PONTO_300DPI = 72 / 300;

/**
 * Code-128 of the 44-digit access key, centred in `largura`. With an even count of digits BWIPP chooses code set
 * C throughout (start 105, two digits per symbol), which is what the MOC asks for (CODE-128C). The module is
 * 1/100 inch (0.254 mm) when it fits, else the largest multiple of 1/300 inch that does, and the symbol starts
 * on that grid: bars whose edges fall between device pixels are rounded unevenly, which readers take for other
 * symbols (a checksum failure). Quiet zones of 10 modules.
 */
export function desenharCode128(pdf: Desenho, texto: string, x: number, y: number, largura: number, altura: number): void {
  const [simbolo] = bwipjs.raw({ bcid: 'code128', text: texto }) as { sbs: number[] }[];
  const modulos = simbolo.sbs.reduce((t, w) => t + w, 0) + 20;
  const m = Math.min(3, Math.floor(largura / modulos / PONTO_300DPI)) * PONTO_300DPI;
  if (m <= 0) throw new Error(`no room for a Code-128 of ${modulos} modules in ${largura} pt`);
  let cx = Math.ceil((x + (largura - modulos * m) / 2) / m) * m + 10 * m;
  // Bar width reduction, as barcode printing does for ink spread: rasterizers (and printers) darken every pixel a
  // bar touches, so a bar drawn at its full width comes out wider and the spaces narrower.
  const reducao = m * 0.1;
  simbolo.sbs.forEach((w, i) => {
    // Bars and spaces alternate, a bar first.
    if (i % 2 === 0) pdf.rect(cx + reducao, y, w * m - 2 * reducao, altura);
    cx += w * m;
  });
  pdf.fill('#000000');
}

/** QR code (error correction M), `lado` points square including a 4-module quiet zone. */
export function desenharQrCode(pdf: Desenho, texto: string, x: number, y: number, lado: number): void {
  const [simbolo] = bwipjs.raw({ bcid: 'qrcode', text: texto, eclevel: 'M' } as bwipjs.RawOptions) as { pixs: number[]; pixx: number; pixy: number }[];
  const m = lado / (simbolo.pixx + 8);
  for (let linha = 0; linha < simbolo.pixy; linha += 1) {
    // One rectangle per run of dark modules in a row: fewer shapes, no seams inside a run.
    let inicio = -1;
    for (let coluna = 0; coluna <= simbolo.pixx; coluna += 1) {
      const escuro = coluna < simbolo.pixx && simbolo.pixs[linha * simbolo.pixx + coluna] === 1;
      if (escuro && inicio < 0) inicio = coluna;
      if (!escuro && inicio >= 0) {
        pdf.rect(x + (4 + inicio) * m, y + (4 + linha) * m, (coluna - inicio) * m, m);
        inicio = -1;
      }
    }
  }
  pdf.fill('#000000');
}
