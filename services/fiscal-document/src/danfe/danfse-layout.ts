import PDFDocument from 'pdfkit';
import { desenharQrCode } from './barcodes';
import type { DadosDanfse } from './danfse-data';
import { chaveEmGrupos, dataHora, documentoFormatado, moeda } from './format';
import { campo, imprimivel, linha1, marcaDagua, MENSAGEM_HOMOLOGACAO, paraBuffer, SEM_VALOR_FISCAL, type Pdf } from './pdf-primitives';

/**
 * The DANFSe (A4), in the national layout's blocks (NT 008 of the national standard; the ADN DANFSe service that
 * drew it is being discontinued, so it is drawn here): header with the key and the public query's QR code, the
 * NFS-e's identification, the provider, the tomador, the service, the municipal taxation, IBS/CBS when declared,
 * and the totals. Drawn from the authorized XML only. The query URL
 * `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=` is the national portal's public query as third-party
 * implementations print it **[UNCONFIRMED]**.
 */
const A4 = { largura: 595.28, altura: 841.89 };
const M = 20;
const W = A4.largura - 2 * M;
const CONSULTA = 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=';

const porcento = (aliquota: string | null) => (aliquota ? `${aliquota.replace('.', ',')}%` : '-');
const valor = (centavos: number | null) => (centavos === null ? '-' : moeda(centavos));
const competencia = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : d);

function titulo(pdf: Pdf, texto: string, y: number): number {
  pdf.save().rect(M, y, W, 11).fillColor('#e6e6e6').fill().restore().fillColor('#000000');
  linha1(pdf, texto, M + 3, y + 2.5, W - 6, { tamanho: 7, negrito: true });
  return y + 11;
}

/** Boxes side by side filling the width: `[rótulo, valor, fração da largura]`. */
function linhaDeCampos(pdf: Pdf, y: number, campos: [string, string, number][], altura = 20): number {
  let x = M;
  for (const [rotulo, conteudo, fracao] of campos) {
    campo(pdf, x, y, W * fracao, altura, rotulo, conteudo);
    x += W * fracao;
  }
  return y + altura;
}

function desenhar(pdf: Pdf, d: DadosDanfse): void {
  // Header: the national title, the key and the QR code of the public query.
  pdf.lineWidth(0.5).rect(M, M, W, 78).stroke();
  linha1(pdf, 'DANFSe v1.0', M + 8, M + 10, 200, { tamanho: 14, negrito: true });
  linha1(pdf, 'Documento Auxiliar da NFS-e', M + 8, M + 30, 260, { tamanho: 9 });
  linha1(pdf, `Município emissor: ${d.servico.municipioEmissao}`, M + 8, M + 46, 320, { tamanho: 7.5 });
  if (d.homologacao) linha1(pdf, MENSAGEM_HOMOLOGACAO, M + 8, M + 60, 330, { tamanho: 7.5, negrito: true });
  if (d.cancelada) linha1(pdf, 'NFS-e CANCELADA', M + W - 300, M + 60, 220, { tamanho: 11, negrito: true, alinhamento: 'right' });
  desenharQrCode(pdf, `${CONSULTA}${d.chave}`, M + W - 74, M + 4, 70);
  linha1(pdf, 'Consulte a autenticidade', M + W - 190, M + 28, 110, { tamanho: 6.5, alinhamento: 'right' });
  linha1(pdf, 'no Portal Nacional da NFS-e', M + W - 190, M + 37, 110, { tamanho: 6.5, alinhamento: 'right' });
  let y = M + 82;
  y = linhaDeCampos(pdf, y, [['CHAVE DE ACESSO DA NFS-e', chaveEmGrupos(d.chave), 1]], 22);
  y = linhaDeCampos(pdf, y, [
    ['NÚMERO DA NFS-e', d.numero, 0.16],
    ['COMPETÊNCIA DA NFS-e', competencia(d.competencia), 0.18],
    ['DATA E HORA DA EMISSÃO DA NFS-e', dataHora(d.processadaEm), 0.24],
    ['NÚMERO / SÉRIE DA DPS', `${d.numeroDps} / ${d.serieDps}`, 0.18],
    ['DATA E HORA DA EMISSÃO DA DPS', dataHora(d.emitidaEm), 0.24],
  ]);
  if (d.substitui) y = linhaDeCampos(pdf, y, [['CHAVE DA NFS-e SUBSTITUÍDA', chaveEmGrupos(d.substitui), 1]]);

  y = titulo(pdf, 'EMITENTE DA NFS-e (PRESTADOR DO SERVIÇO)', y + 4);
  y = linhaDeCampos(pdf, y, [
    ['CNPJ / CPF', documentoFormatado(d.emitente.documento), 0.25],
    ['INSCRIÇÃO MUNICIPAL', d.emitente.inscricaoMunicipal ?? '-', 0.2],
    ['NOME / NOME EMPRESARIAL', d.emitente.nome, 0.55],
  ]);
  y = linhaDeCampos(pdf, y, [
    ['ENDEREÇO', d.emitente.endereco, 0.6],
    ['MUNICÍPIO / UF / CEP', d.emitente.municipio, 0.4],
  ]);

  y = titulo(pdf, 'TOMADOR DO SERVIÇO', y + 4);
  y = d.tomador
    ? linhaDeCampos(pdf, y, [
        ['CNPJ / CPF / NIF', documentoFormatado(d.tomador.documento), 0.25],
        ['NOME / NOME EMPRESARIAL', d.tomador.nome, 0.75],
      ])
    : linhaDeCampos(pdf, y, [['TOMADOR', 'NÃO IDENTIFICADO NA NFS-e', 1]]);

  y = titulo(pdf, 'SERVIÇO PRESTADO', y + 4);
  y = linhaDeCampos(pdf, y, [
    ['CÓDIGO DE TRIBUTAÇÃO NACIONAL', `${d.servico.cTribNac} - ${d.servico.xTribNac}`, 0.6],
    ['CÓDIGO NBS', d.servico.nbs ?? '-', 0.15],
    ['LOCAL DA PRESTAÇÃO', d.servico.local, 0.25],
  ]);
  pdf.font('Helvetica').fontSize(7.5);
  const descricao = imprimivel(d.servico.descricao);
  const altura = Math.min(160, pdf.heightOfString(descricao, { width: W - 6 }) + 14);
  pdf.lineWidth(0.5).rect(M, y, W, altura).stroke();
  linha1(pdf, 'DESCRIÇÃO DO SERVIÇO', M + 2, y + 1.5, W - 4, { tamanho: 5.5 });
  pdf.font('Helvetica').fontSize(7.5).text(descricao, M + 3, y + 10, { width: W - 6, height: altura - 12 });
  y += altura;

  y = titulo(pdf, 'TRIBUTAÇÃO MUNICIPAL (ISSQN)', y + 4);
  y = linhaDeCampos(pdf, y, [
    ['BASE DE CÁLCULO DO ISSQN', valor(d.valores.baseCentavos), 0.34],
    ['ALÍQUOTA APLICADA', porcento(d.valores.aliquota), 0.33],
    ['VALOR DO ISSQN', valor(d.valores.issCentavos), 0.33],
  ]);
  if (d.ibsCbs) {
    y = titulo(pdf, 'IBS / CBS (declarados na DPS; valores apurados pela administração)', y + 4);
    y = linhaDeCampos(pdf, y, [
      ['CST', d.ibsCbs.cst, 0.5],
      ['CLASSIFICAÇÃO TRIBUTÁRIA', d.ibsCbs.cClassTrib, 0.5],
    ]);
  }
  y = titulo(pdf, 'VALOR TOTAL DA NFS-e', y + 4);
  linhaDeCampos(pdf, y, [
    ['VALOR DO SERVIÇO', moeda(d.valores.servicoCentavos), 0.5],
    ['VALOR LÍQUIDO DA NFS-e', moeda(d.valores.liquidoCentavos), 0.5],
  ], 24);

  if (d.cancelada) marcaDagua(pdf, 'CANCELADA', '#cc0000', A4.largura / 2, 300, 72);
  if (d.homologacao) marcaDagua(pdf, SEM_VALOR_FISCAL, '#888888', A4.largura / 2, 430, 34);
}

export function gerarDanfse(d: DadosDanfse): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `DANFSe ${d.chave}`, Creator: 'erp-faturamento' } });
  desenhar(pdf, d);
  return paraBuffer(pdf);
}
