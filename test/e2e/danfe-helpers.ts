import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource, type Result } from '@zxing/library';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * Reading a DANFE the way a person's tools would: the PDF's first page rendered to PNG by poppler's `pdftoppm`
 * (installed by scripts/bootstrap.sh), the PNG read by pngjs, the Code-128 decoded by @zxing/library and the QR code
 * by jsQR, the text extracted by poppler's `pdftotext`. `DANFE_PNG_DIR` keeps each PDF and its rendered page (for a look, or
 * docs/danfe-exemplo.png: `pdftoppm -png -r 110 -singlefile danfe-sefaz-nfe.pdf docs/danfe-exemplo`).
 */

function temporario(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'erp-danfe-'));
}

/** The first page at `dpi`, without anti-aliasing (crisp bars, as a printer prints them). */
export function pdfParaPng(pdf: Buffer, nome = 'danfe', dpi = 300): PNG {
  const dir = temporario();
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', '-aa', 'no', '-aaVector', 'no', path.join(dir, 'doc.pdf'), path.join(dir, 'pagina')]);
    const png = fs.readFileSync(path.join(dir, 'pagina.png'));
    if (process.env.DANFE_PNG_DIR) {
      fs.mkdirSync(process.env.DANFE_PNG_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.DANFE_PNG_DIR, `${nome}.png`), png);
      fs.writeFileSync(path.join(process.env.DANFE_PNG_DIR, `${nome}.pdf`), pdf);
    }
    return PNG.sync.read(png);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every page (`pdftotext -layout`). */
export function textoDoPdf(pdf: Buffer): string {
  const dir = temporario();
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const luminancia = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return (png.data[i] * 299 + png.data[i + 1] * 587 + png.data[i + 2] * 114) / 1000;
};

function decodificar(largura: number, altura: number, lum: Uint8ClampedArray, formato: BarcodeFormat): Result {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [formato]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, largura, altura))), hints);
}

/**
 * The QR code of the page, read by jsQR. @zxing/library's QR detector missed about one DANFCE page in ten at any
 * resolution (its finder-pattern search, not the code: jsQR reads those pages, even at 100 dpi), so zxing reads
 * only the Code-128 here.
 */
export function lerQrCode(png: PNG): string {
  const lido = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!lido) throw new Error('no QR code found on the page');
  return lido.data;
}

/** Bars and spaces of a Code-128 at 300 dpi are at most 4 modules (about 12 px); text has wider gaps. */
const MAIOR_ELEMENTO = 16;
const MENOS_ELEMENTOS = 60;

/** The widest stretch of a row made only of narrow runs (a barcode's bars and spaces), as `de-ate-runs`. */
function trechoDenso(png: PNG, y: number): string | null {
  let melhor: { de: number; ate: number; runs: number } | null = null;
  let inicio = -1;
  let runs = 0;
  let x = 0;
  const fechar = (fim: number) => {
    if (runs >= MENOS_ELEMENTOS && (!melhor || runs > melhor.runs)) melhor = { de: inicio, ate: fim, runs };
    inicio = -1;
    runs = 0;
  };
  while (x < png.width) {
    const escuro = luminancia(png, x, y) < 128;
    let fim = x;
    while (fim < png.width && luminancia(png, fim, y) < 128 === escuro) fim += 1;
    if (fim - x > MAIOR_ELEMENTO) fechar(x);
    else {
      if (inicio < 0) {
        // A stretch starts on a bar: the quiet zone before it is the long white run that closed the last one.
        if (!escuro) {
          x = fim;
          continue;
        }
        inicio = x;
      }
      runs += 1;
    }
    x = fim;
  }
  fechar(png.width);
  const m = melhor as { de: number; ate: number; runs: number } | null;
  return m ? `${m.de}-${m.ate}-${m.runs}` : null;
}

/**
 * The Code-128 of a page. The symbol is located first (the longest band of consecutive rows with the same
 * stretch of narrow bars: text never repeats that way row after row) and decoded alone on a white margin:
 * @zxing/library's Code128Reader only finds a start pattern at the first dark pixel of a row (its shifting of
 * the pattern counters drops two of them), so the box lines to the left of the symbol would hide it.
 * Answers the text and the first codeword (105 = start C).
 */
export function lerCodigo128(png: PNG): { texto: string; inicio: number } {
  let melhor = { de: 0, ate: -1, assinatura: '' };
  let atual = { de: 0, assinatura: '' as string | null };
  for (let y = 0; y <= png.height; y += 1) {
    const assinatura = y < png.height ? trechoDenso(png, y) : null;
    if (assinatura !== atual.assinatura) {
      if (atual.assinatura && y - atual.de > melhor.ate - melhor.de + 1) melhor = { de: atual.de, ate: y - 1, assinatura: atual.assinatura };
      atual = { de: y, assinatura };
    }
  }
  if (melhor.ate - melhor.de < 30) throw new Error('no barcode-like band on the page');
  const [de, ate] = melhor.assinatura.split('-').map(Number);
  const margem = 40;
  const largura = ate - de + 2 * margem;
  const altura = melhor.ate - melhor.de + 1 + 2 * margem;
  const lum = new Uint8ClampedArray(largura * altura).fill(255);
  for (let y = 0; y <= melhor.ate - melhor.de; y += 1) {
    for (let x = 0; x < ate - de; x += 1) lum[(y + margem) * largura + x + margem] = luminancia(png, de + x, melhor.de + y);
  }
  const resultado = decodificar(largura, altura, lum, BarcodeFormat.CODE_128);
  return { texto: resultado.getText(), inicio: resultado.getRawBytes()[0] };
}
