import PDFDocument from 'pdfkit';
import { desenharQrCode } from './barcodes';
import type { DadosDanfe } from './data';
import { chaveEmGrupos, dataHora, decimal, documentoFormatado, moeda } from './format';
import { imprimivel, linha1, linhasEndereco, marcaDagua, MENSAGEM_HOMOLOGACAO, MENSAGEM_LOCAL, paraBuffer, SEM_VALOR_FISCAL, type Pdf } from './pdf-primitives';

/**
 * The DANFCE (NFC-e, 80 mm roll), after the MOC NF-e DANFE manual's Anexo I: issuer, items, totals, payment,
 * "consulte pela chave", consumer, protocol, QR code, Lei 12.741 taxes.
 */

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
  for (const texto of linhasEndereco(dados.emitente.endereco, dados.emitente.uf)) centro(texto, 6.5);
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
  for (const p of dados.pagamentos) parLinha(imprimivel(p.rotulo), moeda(p.valorCentavos), 6.5);
  if (dados.trocoCentavos > 0) parLinha('Troco R$', moeda(dados.trocoCentavos), 6.5);
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

export async function gerarDanfce(dados: DadosDanfe): Promise<Buffer> {
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
