import PDFDocument from 'pdfkit';
import { desenharCode128, desenharQrCode } from '../danfe/barcodes';
import { chaveEmGrupos, dataHora, decimal, documentoFormatado, numeroNota } from '../danfe/format';
import { campo, linha1, marcaDagua, MENSAGEM_HOMOLOGACAO, paraBuffer, SEM_VALOR_FISCAL, type Pdf } from '../danfe/pdf-primitives';
import type { DadosDacte, ParteDacte } from './data';

/**
 * The DACTE of a CT-e (model 57) or the DACTE OS of a CT-e OS (model 67), A4 portrait, after the MOC CT-e's DACTE: issuer, the DACTE box (modal, model,
 * series, number, issue), the Code-128C of the key with the key and the authorization protocol, the QR code of
 * `infCTeSupl`, CFOP and nature, start and end of the service, sender, recipient, taker, cargo, components of the
 * service value, ICMS, the NF-e carried. Homologation and cancellation are marked across the page. Built on the
 * DANFE's primitives (`danfe/pdf-primitives.ts`, `danfe/barcodes.ts`).
 */
const A4 = { largura: 595.28, altura: 841.89 };
const M = 18;
const W = A4.largura - 2 * M;

const reais = (valor: string) => (valor ? decimal(valor) : '');

function titulo(pdf: Pdf, texto: string, y: number): number {
  linha1(pdf, texto, M, y + 1, W, { tamanho: 6.5, negrito: true });
  return y + 9;
}

function blocoParte(pdf: Pdf, rotulo: string, p: ParteDacte | null, x: number, y: number, largura: number): void {
  campo(pdf, x, y, largura, 20, rotulo, p?.nome ?? '');
  campo(pdf, x, y + 20, largura, 20, 'ENDEREÇO', p?.endereco ?? '');
  campo(pdf, x, y + 40, largura * 0.6, 20, 'MUNICÍPIO / UF', p ? `${p.municipio} - ${p.uf}` : '');
  campo(pdf, x + largura * 0.6, y + 40, largura * 0.4, 20, 'CNPJ/CPF · IE', p ? `${documentoFormatado(p.documento)}${p.ie ? ` · ${p.ie}` : ''}` : '');
}

export async function gerarDacte(d: DadosDacte): Promise<Buffer> {
  const os = d.modelo === '67';
  const pdf = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `${os ? 'DACTE OS' : 'DACTE'} ${d.chave}`, Producer: 'erp fiscal-document' } });
  let y = M;
  // Issuer, DACTE box, key.
  const wEmit = 220;
  const wBox = 110;
  const xChave = M + wEmit + wBox;
  const wChave = W - wEmit - wBox;
  pdf.lineWidth(0.5).rect(M, y, wEmit, 110).stroke();
  linha1(pdf, 'IDENTIFICAÇÃO DO EMITENTE', M + 2, y + 2, wEmit - 4, { tamanho: 5.5 });
  pdf.font('Helvetica-Bold').fontSize(10).text(d.emitente.nome, M + 6, y + 18, { width: wEmit - 12, align: 'center', height: 36, ellipsis: true });
  [d.emitente.endereco, `${d.emitente.municipio} - ${d.emitente.uf}`, `CNPJ ${documentoFormatado(d.emitente.documento)}  IE ${d.emitente.ie ?? ''}`, os ? (d.servico?.registro ?? '') : `RNTRC ${d.rntrc}`].forEach((t, i) =>
    linha1(pdf, t, M + 6, y + 58 + i * 11, wEmit - 12, { tamanho: 7.5, alinhamento: 'center' }),
  );
  const xb = M + wEmit;
  pdf.rect(xb, y, wBox, 110).stroke();
  linha1(pdf, os ? 'DACTE OS' : 'DACTE', xb, y + 6, wBox, { tamanho: 15, negrito: true, alinhamento: 'center' });
  const nome = os ? 'Documento Auxiliar do CT-e para Outros Serviços' : 'Documento Auxiliar do Conhecimento de Transporte Eletrônico';
  pdf.font('Helvetica').fontSize(6.5).text(nome, xb + 6, y + 25, { width: wBox - 12, align: 'center' });
  linha1(pdf, `MODAL RODOVIÁRIO · MODELO ${d.modelo}`, xb, y + 50, wBox, { tamanho: 6.5, alinhamento: 'center' });
  linha1(pdf, `Nº ${numeroNota(d.numero)}  SÉRIE ${String(d.serie).padStart(3, '0')}`, xb, y + 64, wBox, { tamanho: 8, negrito: true, alinhamento: 'center' });
  linha1(pdf, `EMISSÃO ${dataHora(d.emitidoEm)}`, xb, y + 80, wBox, { tamanho: 7, alinhamento: 'center' });
  linha1(pdf, 'FOLHA 1/1', xb, y + 94, wBox, { tamanho: 7, alinhamento: 'center' });
  pdf.rect(xChave, y, wChave, 46).stroke();
  desenharCode128(pdf, d.chave, xChave + 4, y + 5, wChave - 8, 36);
  campo(pdf, xChave, y + 46, wChave, 22, 'CHAVE DE ACESSO', chaveEmGrupos(d.chave), { negrito: true, alinhamento: 'center' });
  campo(pdf, xChave, y + 68, wChave, 22, 'PROTOCOLO DE AUTORIZAÇÃO DE USO', d.protocolo ? `${d.protocolo.numero} - ${dataHora(d.protocolo.em)}` : '', { alinhamento: 'center' });
  pdf.rect(xChave, y + 90, wChave, 20).stroke();
  pdf.font('Helvetica').fontSize(5.5).text('Consulta em www.cte.fazenda.gov.br/portal ou no site da Sefaz autorizadora, ou pelo QR code', xChave + 4, y + 94, { width: wChave - 8, align: 'center' });
  y += 116;

  // QR code beside the operation rows.
  const lado = 96;
  desenharQrCode(pdf, d.qrCode, M + W - lado, y, lado);
  const wOp = W - lado - 6;
  campo(pdf, M, y, wOp, 22, 'CFOP - NATUREZA DA PRESTAÇÃO', `${d.cfop} - ${d.natOp}`);
  campo(pdf, M, y + 22, wOp / 2, 22, 'INÍCIO DA PRESTAÇÃO', d.inicio);
  campo(pdf, M + wOp / 2, y + 22, wOp / 2, 22, 'TÉRMINO DA PRESTAÇÃO', d.fim);
  campo(pdf, M, y + 44, wOp / 2, 22, 'TOMADOR DO SERVIÇO', d.tomador);
  campo(pdf, M + wOp / 2, y + 44, wOp / 2, 22, 'TIPO DO CT-e · SERVIÇO', os ? 'NORMAL · TRANSPORTE DE PESSOAS' : 'NORMAL · NORMAL');
  campo(pdf, M, y + 66, wOp, 30, 'INFORMAÇÕES', d.homologacao ? MENSAGEM_HOMOLOGACAO : '');
  y += 102;

  y = os ? prestacaoOs(pdf, d, y) : partesECarga(pdf, d, y);

  // Components of the service value.
  y = titulo(pdf, 'COMPONENTES DO VALOR DA PRESTAÇÃO DO SERVIÇO', y);
  const colunas = 4;
  const wc = W / colunas;
  d.componentes.forEach((c, i) => campo(pdf, M + (i % colunas) * wc, y + Math.floor(i / colunas) * 20, wc, 20, c.nome, reais(c.valor), { alinhamento: 'right' }));
  y += Math.max(1, Math.ceil(d.componentes.length / colunas)) * 20;
  campo(pdf, M, y, W / 2, 22, 'VALOR TOTAL DO SERVIÇO', reais(d.vTPrest), { alinhamento: 'right', negrito: true });
  campo(pdf, M + W / 2, y, W / 2, 22, 'VALOR A RECEBER', reais(d.vRec), { alinhamento: 'right', negrito: true });
  y += 28;

  // ICMS.
  y = titulo(pdf, 'INFORMAÇÕES RELATIVAS AO IMPOSTO', y);
  const wi = W / 4;
  campo(pdf, M, y, wi, 22, 'SITUAÇÃO TRIBUTÁRIA', d.icms.situacao);
  campo(pdf, M + wi, y, wi, 22, 'BASE DE CÁLCULO', reais(d.icms.base), { alinhamento: 'right' });
  campo(pdf, M + 2 * wi, y, wi, 22, 'ALÍQ. ICMS', reais(d.icms.aliquota), { alinhamento: 'right' });
  campo(pdf, M + 3 * wi, y, wi, 22, 'VALOR DO ICMS', reais(d.icms.valor), { alinhamento: 'right' });
  y += 28;

  if (!os) {
    // Documents carried.
    y = titulo(pdf, 'DOCUMENTOS ORIGINÁRIOS', y);
    const linhas = Math.max(1, Math.ceil(d.chavesNfe.length / 2));
    pdf.rect(M, y, W, linhas * 11 + 6).stroke();
    d.chavesNfe.forEach((chave, i) => linha1(pdf, `NF-e ${chaveEmGrupos(chave)}`, M + 4 + (i % 2) * (W / 2), y + 4 + Math.floor(i / 2) * 11, W / 2 - 8, { tamanho: 7 }));
    y += linhas * 11 + 12;
  }

  if (d.cartaCorrecao) {
    // The latest CC-e (110110), as the DANFE prints the NF-e's: its number, date, protocol and the changes.
    const c = d.cartaCorrecao;
    y = titulo(pdf, 'CARTA DE CORREÇÃO ELETRÔNICA', y);
    const texto = `CC-e ${c.sequencia} de ${dataHora(c.em)} (protocolo ${c.protocolo}): ${c.texto}`;
    pdf.rect(M, y, W, 30).stroke();
    pdf.font('Helvetica').fontSize(7).text(texto, M + 4, y + 4, { width: W - 8, height: 24, ellipsis: true });
    y += 36;
  }

  if (d.cancelamento) {
    const texto = `${os ? 'CT-e OS' : 'CT-e'} CANCELADO em ${dataHora(d.cancelamento.em)}${d.cancelamento.protocolo ? ` (protocolo ${d.cancelamento.protocolo})` : ''}.`;
    linha1(pdf, texto, M, y, W, { tamanho: 8, negrito: true });
    marcaDagua(pdf, 'CANCELADO', '#d04040', A4.largura / 2, 520, 56);
  }
  if (d.homologacao) marcaDagua(pdf, SEM_VALOR_FISCAL, '#808080', A4.largura / 2, 640, 30);
  return paraBuffer(pdf);
}

/** Model 57: sender and recipient, the dispatcher / receiver / other taker when present, then the cargo. */
function partesECarga(pdf: Pdf, d: DadosDacte, inicio: number): number {
  let y = titulo(pdf, 'REMETENTE E DESTINATÁRIO', inicio);
  blocoParte(pdf, 'REMETENTE', d.remetente, M, y, W / 2);
  blocoParte(pdf, 'DESTINATÁRIO', d.destinatario, M + W / 2, y, W / 2);
  y += 66;
  if (d.expedidor || d.recebedor) {
    y = titulo(pdf, 'EXPEDIDOR E RECEBEDOR', y);
    blocoParte(pdf, 'EXPEDIDOR', d.expedidor, M, y, W / 2);
    blocoParte(pdf, 'RECEBEDOR', d.recebedor, M + W / 2, y, W / 2);
    y += 66;
  }
  if (d.tomadorParte) {
    y = titulo(pdf, 'TOMADOR DO SERVIÇO', y);
    blocoParte(pdf, 'TOMADOR', d.tomadorParte, M, y, W);
    y += 66;
  }
  y = titulo(pdf, 'INFORMAÇÕES DA CARGA', y);
  campo(pdf, M, y, W * 0.5, 22, 'PRODUTO PREDOMINANTE', d.carga.produto);
  campo(pdf, M + W * 0.5, y, W * 0.25, 22, 'VALOR TOTAL DA CARGA', reais(d.carga.valor), { alinhamento: 'right' });
  campo(pdf, M + W * 0.75, y, W * 0.25, 22, 'PESO BRUTO (KG)', d.carga.quantidade ? decimal(d.carga.quantidade, 4) : '', { alinhamento: 'right' });
  return y + 28;
}

/** Model 67 (DACTE OS): the taker of the service, then the service rendered (infServico) and the registration. */
function prestacaoOs(pdf: Pdf, d: DadosDacte, inicio: number): number {
  let y = titulo(pdf, 'TOMADOR DO SERVIÇO', inicio);
  blocoParte(pdf, 'TOMADOR', d.tomadorParte, M, y, W);
  y += 66;
  y = titulo(pdf, 'INFORMAÇÕES DA PRESTAÇÃO DO SERVIÇO', y);
  campo(pdf, M, y, W * 0.5, 22, 'DESCRIÇÃO DO SERVIÇO', d.servico?.descricao ?? '');
  campo(pdf, M + W * 0.5, y, W * 0.2, 22, 'PASSAGEIROS', d.servico?.quantidade ? String(Number(d.servico.quantidade)) : '', { alinhamento: 'right' });
  campo(pdf, M + W * 0.7, y, W * 0.3, 22, 'AUTORIZAÇÃO', d.servico?.registro ?? '');
  return y + 28;
}
