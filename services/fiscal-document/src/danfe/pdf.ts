import PDFDocument from 'pdfkit';
import type { EnderecoEmpresa } from '@erp/contracts';
import { desenharCode128, desenharQrCode } from './barcodes';
import type { DadosDanfe, ItemDanfe } from './data';
import { cepFormatado, chaveEmGrupos, data, dataHora, decimal, documentoFormatado, hora, modalidadeFrete, moeda, numeroNota } from './format';

/**
 * The DANFE (NF-e, A4 portrait) and the DANFCE (NFC-e, 80 mm roll) as PDF, with pdfkit. Layouts after the MOC
 * NF-e "Manual de Especificações Técnicas do DANFE" (blocks: receipt stub, issuer, DANFE box with the
 * Code-128C of the key, operation and protocol, recipient, tax totals, transport, items, additional data) and
 * its Anexo I for the DANFCE (issuer, items, totals, payment, "consulte pela chave", consumer, protocol,
 * QR code, Lei 12.741 taxes). A document in homologation carries "SEM VALOR FISCAL", as SEFAZ requires; one
 * issued by the local authorizer says also that SEFAZ never saw it.
 */

type Pdf = PDFKit.PDFDocument;

const SEM_VALOR_FISCAL = 'SEM VALOR FISCAL - HOMOLOGAÇÃO';
const MENSAGEM_HOMOLOGACAO = 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL';
const MENSAGEM_LOCAL = 'Autorizada pelo autorizador local (desenvolvimento e testes): não foi transmitida à SEFAZ.';

/** The standard PDF fonts encode WinAnsi: anything else would print as garbage, so it prints as '?'. */
const imprimivel = (texto: string) => texto.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');

function paraBuffer(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    pdf.on('data', (parte: Buffer) => partes.push(parte));
    pdf.on('end', () => resolve(Buffer.concat(partes)));
    pdf.on('error', reject);
    pdf.end();
  });
}

export function gerarDanfe(dados: DadosDanfe): Promise<Buffer> {
  return dados.modelo === 'NFCE' ? gerarDanfce(dados) : gerarDanfeNfe(dados);
}

// ---- NF-e: A4 ----

const A4 = { largura: 595.28, altura: 841.89 };
const M = 18;
const W = A4.largura - 2 * M;
const ROTULO = 5.5;
const VALOR = 8;

interface Coluna {
  titulo: string;
  largura: number;
  alinhamento: 'left' | 'center' | 'right';
  valor: (item: ItemDanfe) => string;
}

const COLUNAS: Coluna[] = [
  { titulo: 'CÓDIGO', largura: 45, alinhamento: 'left', valor: (i) => i.codigo },
  { titulo: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', largura: 145, alinhamento: 'left', valor: (i) => i.descricao },
  { titulo: 'NCM/SH', largura: 36, alinhamento: 'center', valor: (i) => i.ncm },
  { titulo: 'CST/ CSOSN', largura: 26, alinhamento: 'center', valor: (i) => i.situacaoTributaria },
  { titulo: 'CFOP', largura: 22, alinhamento: 'center', valor: (i) => i.cfop },
  { titulo: 'UN', largura: 20, alinhamento: 'center', valor: (i) => i.unidade },
  { titulo: 'QUANT.', largura: 38, alinhamento: 'right', valor: (i) => decimal(i.quantidade, 4) },
  { titulo: 'VALOR UNIT.', largura: 40, alinhamento: 'right', valor: (i) => decimal(i.valorUnitario) },
  { titulo: 'VALOR TOTAL', largura: 42, alinhamento: 'right', valor: (i) => moeda(i.valorCentavos) },
  { titulo: 'B.CÁLC. ICMS', largura: 38, alinhamento: 'right', valor: (i) => moeda(i.bcIcmsCentavos) },
  { titulo: 'VALOR ICMS', largura: 34, alinhamento: 'right', valor: (i) => moeda(i.icmsCentavos) },
  { titulo: 'VALOR IPI', largura: 30, alinhamento: 'right', valor: (i) => moeda(i.ipiCentavos) },
  { titulo: 'ALÍQ. ICMS', largura: 22, alinhamento: 'right', valor: (i) => (i.aliquotaIcms ? decimal(i.aliquotaIcms) : '') },
  { titulo: 'ALÍQ. IPI', largura: W - 538, alinhamento: 'right', valor: (i) => (i.aliquotaIpi ? decimal(i.aliquotaIpi) : '') },
];

/** A text cut to a width, with an ellipsis, on one line. */
function cortado(pdf: Pdf, texto: string, largura: number): string {
  let t = imprimivel(texto);
  if (pdf.widthOfString(t) <= largura) return t;
  while (t.length > 0 && pdf.widthOfString(`${t}…`) > largura) t = t.slice(0, -1);
  return `${t}…`;
}

function linha1(pdf: Pdf, texto: string, x: number, y: number, largura: number, opcoes: { tamanho?: number; negrito?: boolean; alinhamento?: 'left' | 'center' | 'right' } = {}): void {
  pdf.font(opcoes.negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(opcoes.tamanho ?? VALOR);
  pdf.text(cortado(pdf, texto, largura), x, y, { width: largura, align: opcoes.alinhamento ?? 'left', lineBreak: false });
}

/** A labelled box of the DANFE: the caption small at the top, the value below. */
function campo(pdf: Pdf, x: number, y: number, largura: number, altura: number, rotulo: string, valor: string, opcoes: { negrito?: boolean; alinhamento?: 'left' | 'center' | 'right'; tamanho?: number } = {}): void {
  pdf.lineWidth(0.5).rect(x, y, largura, altura).stroke();
  linha1(pdf, rotulo, x + 2, y + 1.5, largura - 4, { tamanho: ROTULO });
  linha1(pdf, valor, x + 2, y + altura - (opcoes.tamanho ?? VALOR) - 2.5, largura - 4, { tamanho: opcoes.tamanho ?? VALOR, negrito: opcoes.negrito, alinhamento: opcoes.alinhamento });
}

function titulo(pdf: Pdf, texto: string, y: number): number {
  linha1(pdf, texto, M, y + 1, W, { tamanho: 6.5, negrito: true });
  return y + 9;
}

/** A diagonal mark across a region centred at (cx, cy), behind what is drawn after it. */
function marcaDagua(pdf: Pdf, texto: string, cor: string, cx: number, cy: number, tamanho: number): void {
  pdf.save();
  pdf.rotate(-30, { origin: [cx, cy] });
  pdf.font('Helvetica-Bold').fontSize(tamanho).fillColor(cor).opacity(0.35);
  const largura = pdf.widthOfString(texto) + 10;
  pdf.text(texto, cx - largura / 2, cy - tamanho / 2, { width: largura, align: 'center', lineBreak: false });
  pdf.restore();
  pdf.fillColor('#000000').opacity(1);
}

/** Street, number and complement, as one line of the DANFE. */
const logradouroCompleto = (e: EnderecoEmpresa) => `${e.logradouro}, ${e.numero}${e.complemento ? ` - ${e.complemento}` : ''}`;

function enderecoEmitente(dados: DadosDanfe): string[] {
  const e = dados.emitente.endereco;
  if (!e) return [`UF: ${dados.emitente.uf}`];
  return [
    logradouroCompleto(e),
    `${e.bairro} - CEP ${cepFormatado(e.cep)}`,
    `${e.municipio} - ${dados.emitente.uf}${e.telefone ? `  Fone: ${e.telefone}` : ''}`,
  ];
}

const protocoloTexto = (dados: DadosDanfe) => (dados.protocolo ? `${dados.protocolo.numero} - ${dataHora(dados.protocolo.em)}` : '');

/** The issuer / DANFE / key block with the operation and registration rows (every page). Returns its bottom and where the page count goes. */
function cabecalho(pdf: Pdf, dados: DadosDanfe, y: number): { fim: number; folha: { x: number; y: number } } {
  const wEmit = 232;
  const wDanfe = 100;
  const xChave = M + wEmit + wDanfe;
  const wChave = W - wEmit - wDanfe;
  const h = 118;
  // Issuer.
  pdf.lineWidth(0.5).rect(M, y, wEmit, h).stroke();
  linha1(pdf, 'IDENTIFICAÇÃO DO EMITENTE', M + 2, y + 1.5, wEmit - 4, { tamanho: ROTULO });
  pdf.font('Helvetica-Bold').fontSize(10);
  const nome = imprimivel(dados.emitente.nome ?? documentoFormatado(dados.emitente.cnpj));
  pdf.text(nome, M + 6, y + 22, { width: wEmit - 12, align: 'center', height: 38, ellipsis: true });
  pdf.font('Helvetica').fontSize(7.5);
  enderecoEmitente(dados).forEach((texto, i) => linha1(pdf, texto, M + 6, y + 66 + i * 11, wEmit - 12, { tamanho: 7.5, alinhamento: 'center' }));
  // DANFE box.
  const xd = M + wEmit;
  pdf.rect(xd, y, wDanfe, h).stroke();
  linha1(pdf, 'DANFE', xd, y + 6, wDanfe, { tamanho: 15, negrito: true, alinhamento: 'center' });
  pdf.font('Helvetica').fontSize(6.5).text('Documento Auxiliar da Nota Fiscal Eletrônica', xd + 8, y + 25, { width: wDanfe - 16, align: 'center' });
  linha1(pdf, '0 - ENTRADA', xd + 10, y + 48, 50, { tamanho: 6.5 });
  linha1(pdf, '1 - SAÍDA', xd + 10, y + 57, 50, { tamanho: 6.5 });
  pdf.rect(xd + 68, y + 46, 16, 18).stroke();
  linha1(pdf, '1', xd + 68, y + 50, 16, { tamanho: 11, negrito: true, alinhamento: 'center' });
  linha1(pdf, `Nº ${numeroNota(dados.numero)}`, xd, y + 74, wDanfe, { tamanho: 9, negrito: true, alinhamento: 'center' });
  linha1(pdf, `SÉRIE ${String(dados.serie).padStart(3, '0')}`, xd, y + 86, wDanfe, { tamanho: 9, negrito: true, alinhamento: 'center' });
  const folha = { x: xd, y: y + 100 };
  // Barcode, key, consultation.
  pdf.rect(xChave, y, wChave, 46).stroke();
  desenharCode128(pdf, dados.chave, xChave + 4, y + 5, wChave - 8, 36);
  campo(pdf, xChave, y + 46, wChave, 24, 'CHAVE DE ACESSO', chaveEmGrupos(dados.chave), { negrito: true, alinhamento: 'center' });
  pdf.rect(xChave, y + 70, wChave, h - 70).stroke();
  pdf.font('Helvetica').fontSize(8).text('Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora', xChave + 6, y + 80, {
    width: wChave - 12,
    align: 'center',
  });
  // Operation and protocol; registrations.
  const y2 = y + h;
  campo(pdf, M, y2, wEmit + wDanfe, 20, 'NATUREZA DA OPERAÇÃO', dados.naturezaOperacao);
  campo(pdf, xChave, y2, wChave, 20, dados.protocolo ? 'PROTOCOLO DE AUTORIZAÇÃO DE USO' : 'PROTOCOLO DE AUTORIZAÇÃO DE USO (não informado)', protocoloTexto(dados), { negrito: true, alinhamento: 'center' });
  const terco = W / 3;
  campo(pdf, M, y2 + 20, terco, 20, 'INSCRIÇÃO ESTADUAL', dados.emitente.inscricaoEstadual ?? '');
  campo(pdf, M + terco, y2 + 20, terco, 20, 'INSCRIÇÃO ESTADUAL DO SUBST. TRIBUT.', '');
  campo(pdf, M + 2 * terco, y2 + 20, terco, 20, 'CNPJ', documentoFormatado(dados.emitente.cnpj));
  return { fim: y2 + 40, folha };
}

function canhoto(pdf: Pdf, dados: DadosDanfe, y: number): number {
  const wNf = 110;
  const texto =
    `RECEBEMOS DE ${dados.emitente.nome ?? documentoFormatado(dados.emitente.cnpj)} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO. ` +
    `EMISSÃO: ${data(dados.emitidoEm)}  VALOR TOTAL: R$ ${moeda(dados.totais.nota)}  DESTINATÁRIO: ${dados.destinatario?.nome ?? (dados.destinatario ? documentoFormatado(dados.destinatario.documento) : '')}`;
  pdf.lineWidth(0.5).rect(M, y, W - wNf, 24).stroke();
  pdf.font('Helvetica').fontSize(6).text(imprimivel(texto), M + 3, y + 3, { width: W - wNf - 6, height: 20, ellipsis: true });
  campo(pdf, M, y + 24, 110, 22, 'DATA DE RECEBIMENTO', '');
  campo(pdf, M + 110, y + 24, W - wNf - 110, 22, 'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR', '');
  pdf.rect(M + W - wNf, y, wNf, 46).stroke();
  linha1(pdf, 'NF-e', M + W - wNf, y + 5, wNf, { tamanho: 12, negrito: true, alinhamento: 'center' });
  linha1(pdf, `Nº ${numeroNota(dados.numero)}`, M + W - wNf, y + 21, wNf, { tamanho: 9, negrito: true, alinhamento: 'center' });
  linha1(pdf, `SÉRIE ${String(dados.serie).padStart(3, '0')}`, M + W - wNf, y + 33, wNf, { tamanho: 9, negrito: true, alinhamento: 'center' });
  pdf.save().dash(3, { space: 2 }).moveTo(M, y + 52).lineTo(M + W, y + 52).stroke().undash().restore();
  return y + 58;
}

function destinatario(pdf: Pdf, dados: DadosDanfe, y0: number): number {
  const y = titulo(pdf, 'DESTINATÁRIO / REMETENTE', y0);
  const d = dados.destinatario;
  campo(pdf, M, y, W - 200, 20, 'NOME / RAZÃO SOCIAL', d?.nome ?? (d ? '' : 'CONSUMIDOR NÃO IDENTIFICADO'));
  campo(pdf, M + W - 200, y, 120, 20, 'CNPJ / CPF', d ? documentoFormatado(d.documento) : '', { alinhamento: 'center' });
  campo(pdf, M + W - 80, y, 80, 20, 'DATA DA EMISSÃO', data(dados.emitidoEm), { alinhamento: 'center' });
  // A recipient given without an address (an NFC-e consumer, a document stored before it was collected): empty boxes.
  const e = d?.endereco ?? null;
  campo(pdf, M, y + 20, W - 300, 20, 'ENDEREÇO', e ? logradouroCompleto(e) : '');
  campo(pdf, M + W - 300, y + 20, 120, 20, 'BAIRRO / DISTRITO', e?.bairro ?? '');
  campo(pdf, M + W - 180, y + 20, 100, 20, 'CEP', e ? cepFormatado(e.cep) : '', { alinhamento: 'center' });
  campo(pdf, M + W - 80, y + 20, 80, 20, 'DATA DA SAÍDA/ENTRADA', data(dados.emitidoEm), { alinhamento: 'center' });
  campo(pdf, M, y + 40, W - 360, 20, 'MUNICÍPIO', e?.municipio ?? '');
  campo(pdf, M + W - 360, y + 40, 30, 20, 'UF', d?.uf ?? '', { alinhamento: 'center' });
  campo(pdf, M + W - 330, y + 40, 90, 20, 'FONE / FAX', e?.telefone ?? '');
  campo(pdf, M + W - 240, y + 40, 160, 20, 'INSCRIÇÃO ESTADUAL', d?.inscricaoEstadual ?? '');
  campo(pdf, M + W - 80, y + 40, 80, 20, 'HORA DA SAÍDA/ENTRADA', hora(dados.emitidoEm), { alinhamento: 'center' });
  return y + 62;
}

function impostos(pdf: Pdf, dados: DadosDanfe, y0: number): number {
  const y = titulo(pdf, 'CÁLCULO DO IMPOSTO', y0);
  const t = dados.totais;
  const linha = (yy: number, campos: [string, string, boolean?][]) => {
    const w = W / campos.length;
    campos.forEach(([rotulo, valor, negrito], i) => campo(pdf, M + i * w, yy, w, 20, rotulo, valor, { alinhamento: 'right', negrito }));
  };
  const opcional = (v: number | null) => (v === null ? '-' : moeda(v));
  linha(y, [
    ['BASE DE CÁLCULO DO ICMS', moeda(t.bcIcms)],
    ['VALOR DO ICMS', moeda(t.icms)],
    ['BASE DE CÁLC. ICMS S.T.', moeda(t.bcIcmsSt)],
    ['VALOR DO ICMS SUBST.', moeda(t.icmsSt)],
    ['VALOR TOTAL DOS PRODUTOS', moeda(t.produtos)],
  ]);
  linha(y + 20, [
    ['VALOR DO FRETE', moeda(t.frete)],
    ['VALOR DO SEGURO', moeda(t.seguro)],
    ['DESCONTO', moeda(t.desconto)],
    ['OUTRAS DESPESAS', moeda(t.outras)],
    ['VALOR TOTAL DO IPI', moeda(t.ipi)],
    ['VALOR TOTAL DA NOTA', moeda(t.nota), true],
  ]);
  linha(y + 40, [
    ['VALOR DO PIS', moeda(t.pis)],
    ['VALOR DA COFINS', moeda(t.cofins)],
    ['VALOR DO IBS (UF + MUN.)', opcional(t.ibs)],
    ['VALOR DA CBS', opcional(t.cbs)],
    ['V. TRIBUTOS (LEI 12.741/2012)', moeda(dados.tributosCentavos)],
  ]);
  return y + 62;
}

function transporte(pdf: Pdf, dados: DadosDanfe, y0: number): number {
  const y = titulo(pdf, 'TRANSPORTADOR / VOLUMES TRANSPORTADOS', y0);
  campo(pdf, M, y, W - 360, 20, 'NOME / RAZÃO SOCIAL', '');
  campo(pdf, M + W - 360, y, 140, 20, 'FRETE POR CONTA', modalidadeFrete(dados.modalidadeFrete));
  campo(pdf, M + W - 220, y, 60, 20, 'CÓDIGO ANTT', '');
  campo(pdf, M + W - 160, y, 60, 20, 'PLACA DO VEÍCULO', '');
  campo(pdf, M + W - 100, y, 30, 20, 'UF', '');
  campo(pdf, M + W - 70, y, 70, 20, 'CNPJ / CPF', '');
  return y + 22;
}

const ADICIONAIS_ALTURA = 78;

function informacoesComplementares(dados: DadosDanfe): string {
  return [
    dados.homologacao ? `${MENSAGEM_HOMOLOGACAO}.` : null,
    dados.autorizadorLocal ? MENSAGEM_LOCAL : null,
    dados.cancelamento ? `NF-e CANCELADA em ${dataHora(dados.cancelamento.em)}${dados.cancelamento.protocolo ? ` (protocolo ${dados.cancelamento.protocolo})` : ''}.` : null,
    dados.informacoesComplementares,
  ]
    .filter((t): t is string => Boolean(t))
    .join(' ');
}

function adicionais(pdf: Pdf, dados: DadosDanfe): void {
  const y = titulo(pdf, 'DADOS ADICIONAIS', A4.altura - M - ADICIONAIS_ALTURA);
  const h = ADICIONAIS_ALTURA - 9;
  const wInfo = W * 0.66;
  pdf.lineWidth(0.5).rect(M, y, wInfo, h).stroke();
  linha1(pdf, 'INFORMAÇÕES COMPLEMENTARES', M + 2, y + 1.5, wInfo - 4, { tamanho: ROTULO });
  pdf.font('Helvetica').fontSize(6.5).text(imprimivel(informacoesComplementares(dados)), M + 3, y + 10, { width: wInfo - 6, height: h - 12, ellipsis: true });
  pdf.rect(M + wInfo, y, W - wInfo, h).stroke();
  linha1(pdf, 'RESERVADO AO FISCO', M + wInfo + 2, y + 1.5, W - wInfo - 4, { tamanho: ROTULO });
}

function alturaItem(pdf: Pdf, item: ItemDanfe): number {
  pdf.font('Helvetica').fontSize(6.5);
  return Math.max(10, pdf.heightOfString(imprimivel(item.descricao), { width: COLUNAS[1].largura - 4 }) + 3);
}

/** The items table from `y` to `limite`: its header, then the rows that fit. Returns how many were drawn. */
function tabelaItens(pdf: Pdf, itens: ItemDanfe[], y0: number, limite: number): number {
  const y = titulo(pdf, 'DADOS DOS PRODUTOS / SERVIÇOS', y0);
  const hCab = 18;
  let x = M;
  pdf.lineWidth(0.5);
  for (const coluna of COLUNAS) {
    pdf.rect(x, y, coluna.largura, hCab).stroke();
    pdf.font('Helvetica-Bold').fontSize(5.5).text(coluna.titulo, x + 1, y + 2.5, { width: coluna.largura - 2, align: 'center', height: hCab - 2 });
    x += coluna.largura;
  }
  let yy = y + hCab;
  let desenhados = 0;
  for (const item of itens) {
    const h = alturaItem(pdf, item);
    if (yy + h > limite) break;
    x = M;
    for (const [i, coluna] of COLUNAS.entries()) {
      const texto = coluna.valor(item);
      if (i === 1) pdf.font('Helvetica').fontSize(6.5).text(imprimivel(texto), x + 2, yy + 2, { width: coluna.largura - 4 });
      else linha1(pdf, texto, x + 2, yy + 2, coluna.largura - 4, { tamanho: 6.5, alinhamento: coluna.alinhamento });
      x += coluna.largura;
    }
    yy += h;
    pdf.save().lineWidth(0.3).strokeColor('#999999').moveTo(M, yy).lineTo(M + W, yy).stroke().restore();
    desenhados += 1;
  }
  // Column rules down to the end of the table area.
  x = M;
  for (const coluna of COLUNAS) {
    pdf.lineWidth(0.5).rect(x, y + hCab, coluna.largura, limite - y - hCab).stroke();
    x += coluna.largura;
  }
  return desenhados;
}

/** Homologation: the mark also in words above the header (the diagonal one is drawn, not read, by text tools). */
function faixaHomologacao(pdf: Pdf, dados: DadosDanfe, y: number): number {
  if (!dados.homologacao) return y;
  linha1(pdf, SEM_VALOR_FISCAL, M, y, W, { tamanho: 9, negrito: true, alinhamento: 'center' });
  return y + 12;
}

function marcas(pdf: Pdf, dados: DadosDanfe, cy: number): void {
  if (dados.homologacao) marcaDagua(pdf, SEM_VALOR_FISCAL, '#b0b0b0', A4.largura / 2, cy, 30);
  if (dados.cancelamento) marcaDagua(pdf, 'CANCELADA', '#d04040', A4.largura / 2, cy + 90, 56);
}

async function gerarDanfeNfe(dados: DadosDanfe): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 0, bufferPages: true, info: { Title: `DANFE NF-e ${dados.chave}`, Author: dados.emitente.nome ?? dados.emitente.cnpj, Subject: 'Documento Auxiliar da Nota Fiscal Eletrônica' } });
  const folhas: { x: number; y: number }[] = [];
  marcas(pdf, dados, 600);
  let y = faixaHomologacao(pdf, dados, canhoto(pdf, dados, M));
  const primeiro = cabecalho(pdf, dados, y);
  folhas.push(primeiro.folha);
  y = destinatario(pdf, dados, primeiro.fim + 2);
  y = impostos(pdf, dados, y);
  y = transporte(pdf, dados, y);
  let restantes = dados.itens;
  const feitos = tabelaItens(pdf, restantes, y, A4.altura - M - ADICIONAIS_ALTURA - 4);
  adicionais(pdf, dados);
  restantes = restantes.slice(feitos);
  while (restantes.length > 0) {
    pdf.addPage({ size: 'A4', margin: 0 });
    marcas(pdf, dados, 470);
    const bloco = cabecalho(pdf, dados, faixaHomologacao(pdf, dados, M));
    folhas.push(bloco.folha);
    const n = tabelaItens(pdf, restantes, bloco.fim + 2, A4.altura - M);
    // A single row taller than a page cannot happen (descriptions are at most 120 characters), but never loop.
    restantes = restantes.slice(Math.max(n, 1));
  }
  folhas.forEach((posicao, i) => {
    pdf.switchToPage(i);
    linha1(pdf, `FOLHA ${i + 1}/${folhas.length}`, posicao.x, posicao.y, 100, { tamanho: 8, alinhamento: 'center' });
  });
  return paraBuffer(pdf);
}

// ---- NFC-e: 80 mm roll ----

const ROLO = 226.77;
const MR = 8;
const WR = ROLO - 2 * MR;

/**
 * Draws the DANFCE from the top and answers the height used (the page is sized to it in a second pass) and
 * where the items and totals run (the homologation mark goes there, never across the QR code).
 */
function desenharDanfce(pdf: Pdf, dados: DadosDanfe): { altura: number; marca: { de: number; ate: number } } {
  let y = MR;
  const centro = (texto: string, tamanho = 7, negrito = false) => {
    pdf.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(tamanho);
    const t = imprimivel(texto);
    pdf.text(t, MR, y, { width: WR, align: 'center' });
    y += pdf.heightOfString(t, { width: WR }) + 1.5;
  };
  const parLinha = (esquerda: string, direita: string, tamanho = 7, negrito = false, divisao = 0.62) => {
    linha1(pdf, esquerda, MR, y, WR * divisao, { tamanho, negrito });
    linha1(pdf, direita, MR + WR * divisao, y, WR * (1 - divisao), { tamanho, negrito, alinhamento: 'right' });
    y += tamanho + 3;
  };
  const regua = () => {
    y += 2;
    pdf.save().lineWidth(0.4).dash(2, { space: 1.5 }).moveTo(MR, y).lineTo(MR + WR, y).stroke().undash().restore();
    y += 4;
  };

  if (dados.homologacao) {
    centro(SEM_VALOR_FISCAL, 9, true);
    regua();
  }
  // Division I: the issuer.
  centro(dados.emitente.nome ?? documentoFormatado(dados.emitente.cnpj), 8, true);
  centro(`CNPJ: ${documentoFormatado(dados.emitente.cnpj)}${dados.emitente.inscricaoEstadual ? `  IE: ${dados.emitente.inscricaoEstadual}` : ''}`, 6.5);
  for (const texto of enderecoEmitente(dados)) centro(texto, 6.5);
  regua();
  centro('DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica', 7, true);
  regua();
  // Division II: the items.
  const inicioItens = y;
  parLinha('CÓDIGO  DESCRIÇÃO', 'QTDE UN x VL UNIT    VL TOTAL', 5.5, true, 0.4);
  dados.itens.forEach((item, i) => {
    pdf.font('Helvetica').fontSize(6.5);
    const descricao = imprimivel(`${String(i + 1).padStart(3, '0')} ${item.codigo} ${item.descricao}`);
    pdf.text(descricao, MR, y, { width: WR });
    y += pdf.heightOfString(descricao, { width: WR }) + 1;
    parLinha(`${decimal(item.quantidade, 0)} ${item.unidade} x ${decimal(item.valorUnitario)}`, moeda(item.valorCentavos), 6.5);
  });
  regua();
  // Division III: totals and payment.
  parLinha('Qtde. total de itens', String(dados.itens.length));
  parLinha('Valor total R$', moeda(dados.totais.produtos));
  if (dados.totais.desconto > 0) parLinha('Desconto R$', moeda(dados.totais.desconto));
  parLinha('Valor a pagar R$', moeda(dados.totais.nota), 8, true);
  parLinha('FORMA DE PAGAMENTO', 'VALOR PAGO R$', 6.5, true);
  parLinha('Outros', moeda(dados.totais.nota), 6.5);
  const fimTotais = y;
  regua();
  // Division IV: fiscal messages.
  if (dados.homologacao) centro(MENSAGEM_HOMOLOGACAO, 7.5, true);
  if (dados.autorizadorLocal) centro(MENSAGEM_LOCAL, 6);
  if (dados.cancelamento) centro(`NFC-e CANCELADA em ${dataHora(dados.cancelamento.em)}`, 8, true);
  // Division V: consultation by key.
  centro('Consulte pela Chave de Acesso em', 6.5, true);
  if (dados.urlChave) centro(dados.urlChave, 6.5);
  centro(chaveEmGrupos(dados.chave), 7, true);
  regua();
  // Division VI: the consumer.
  const d = dados.destinatario;
  centro(d ? `CONSUMIDOR - ${d.tipo} ${documentoFormatado(d.documento)}${d.nome ? ` - ${d.nome}` : ''}` : 'CONSUMIDOR NÃO IDENTIFICADO', 7, true);
  regua();
  // Division VII: identification and protocol.
  centro(`NFC-e nº ${String(dados.numero).padStart(9, '0')}  Série ${String(dados.serie).padStart(3, '0')}  ${dataHora(dados.emitidoEm)}`, 7, true);
  if (dados.protocolo) {
    centro(`Protocolo de autorização: ${dados.protocolo.numero}`, 6.5);
    centro(`Data de autorização: ${dataHora(dados.protocolo.em)}`, 6.5);
  }
  // Division VIII: QR code.
  if (dados.qrCode) {
    const lado = 120;
    y += 2;
    desenharQrCode(pdf, dados.qrCode, MR + (WR - lado) / 2, y, lado);
    y += lado + 1;
    centro('Consulta via leitor de QR Code', 6);
  }
  // Division IX: Lei 12.741/2012; then additional data.
  centro(`Tributos totais incidentes (Lei Federal 12.741/2012): R$ ${moeda(dados.tributosCentavos)}`, 6.5);
  if (dados.informacoesComplementares) {
    regua();
    centro(dados.informacoesComplementares, 6);
  }
  return { altura: y + MR, marca: { de: inicioItens, ate: fimTotais } };
}

async function gerarDanfce(dados: DadosDanfe): Promise<Buffer> {
  // The roll is as long as its content: measured on a throw-away page first (pdfkit sizes a page up front).
  const medida = new PDFDocument({ size: [ROLO, 14_400], margin: 0 });
  const { altura: medido, marca } = desenharDanfce(medida, dados);
  medida.end();
  const altura = Math.min(14_400, Math.ceil(medido));
  const pdf = new PDFDocument({ size: [ROLO, altura], margin: 0, info: { Title: `DANFCE NFC-e ${dados.chave}`, Author: dados.emitente.nome ?? dados.emitente.cnpj, Subject: 'Documento Auxiliar da NFC-e' } });
  const meio = (marca.de + marca.ate) / 2;
  if (dados.homologacao) marcaDagua(pdf, 'SEM VALOR FISCAL', '#b0b0b0', ROLO / 2, meio, 16);
  if (dados.cancelamento) marcaDagua(pdf, 'CANCELADA', '#d04040', ROLO / 2, meio + 24, 22);
  desenharDanfce(pdf, dados);
  return paraBuffer(pdf);
}
