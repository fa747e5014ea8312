import PDFDocument from 'pdfkit';
import { desenharCode128 } from './barcodes';
import type { DadosDanfe, ItemDanfe } from './data';
import { cepFormatado, chaveEmGrupos, data, dataHora, decimal, documentoFormatado, hora, modalidadeFrete, moeda, numeroNota } from './format';
import { campo, imprimivel, linha1, linhasEndereco, logradouroCompleto, marcaDagua, MENSAGEM_HOMOLOGACAO, MENSAGEM_LOCAL, paraBuffer, ROTULO, SEM_VALOR_FISCAL, type Pdf } from './pdf-primitives';

/**
 * The DANFE of an NF-e, A4 portrait, after the MOC NF-e "Manual de Especificações Técnicas do DANFE": receipt
 * stub, issuer, DANFE box with the Code-128C of the key, operation and protocol, recipient, tax totals,
 * transport, items, additional data; more pages for more items, each with the header block.
 */

const A4 = { largura: 595.28, altura: 841.89 };
const M = 18;
const W = A4.largura - 2 * M;

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

function titulo(pdf: Pdf, texto: string, y: number): number {
  linha1(pdf, texto, M, y + 1, W, { tamanho: 6.5, negrito: true });
  return y + 9;
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
  linhasEndereco(dados.emitente.endereco, dados.emitente.uf).forEach((texto, i) => linha1(pdf, texto, M + 6, y + 66 + i * 11, wEmit - 12, { tamanho: 7.5, alinhamento: 'center' }));
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
  campo(pdf, M + W - 200, y, 120, 20, d?.tipo === 'ESTRANGEIRO' ? 'ID ESTRANGEIRO' : 'CNPJ / CPF', d ? documentoFormatado(d.documento) : '', { alinhamento: 'center' });
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
    dados.cartaCorrecao
      ? `CARTA DE CORREÇÃO ${dados.cartaCorrecao.sequencia} de ${dataHora(dados.cartaCorrecao.em)} (protocolo ${dados.cartaCorrecao.protocolo}): ${dados.cartaCorrecao.texto}`
      : null,
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

export async function gerarDanfeNfe(dados: DadosDanfe): Promise<Buffer> {
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

