import type { ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { centavos, danfeDoDocumento, danfeDoXml } from '../../src/danfe/data';
import { chaveEmGrupos, dataHora, decimal, documentoFormatado, moeda, numeroNota } from '../../src/danfe/format';
import { gerarDanfe } from '../../src/danfe/pdf';
import { montarChave } from '../../src/domain/access-key';
import { qrCodeNfce } from '../../src/domain/qrcode';
import type { DocumentoRecord } from '../../src/store/document-model';
import { montarNfe } from '../../src/xml/nfe';
import { nfeProc } from '../../src/xml/distribution';
import { dados, emitidoEm } from '../support/nfe-fixture';

const chaveNfe = montarChave({ cUF: '35', emitidoEm, cnpj: '11222333000181', modelo: 'NFE', serie: 1, numero: 7, cnf: '12345670' });
const chaveNfce = montarChave({ cUF: '35', emitidoEm, cnpj: '11222333000181', modelo: 'NFCE', serie: 2, numero: 9, cnf: '12345670' });

/** The fixture's regime-normal NF-e / NFC-e with what this file prints: complement, phones, notes, no CT-e. */
function xmlNfe(modelo: 'NFE' | 'NFCE'): string {
  const base = dados(modelo, '3');
  const chave = modelo === 'NFE' ? chaveNfe : chaveNfce;
  return montarNfe({
    ...base,
    chave,
    naturezaOperacao: 'VENDA DE MERCADORIA',
    emitente: { ...base.emitente, razaoSocial: 'Empresa Teste Ltda', endereco: { ...base.emitente.endereco, complemento: 'Sala 2', telefone: '1133334444' } },
    destinatario: base.destinatario && { ...base.destinatario, endereco: { ...base.destinatario.endereco!, complemento: null, telefone: null } },
    chaveCteReferenciada: null,
    informacoesComplementares: 'Pedido 123.',
    qrCode: modelo === 'NFCE' ? qrCodeNfce(chave, 'SP', 'HOMOLOGAÇÃO') : null,
  });
}

const protocolo = (chave: string) =>
  `<protNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>T</verAplic><chNFe>${chave}</chNFe><dhRecbto>2026-11-20T10:05:12-03:00</dhRecbto><nProt>135260000000321</nProt><digVal>AAAA</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`;

function documento(extra: Partial<DocumentoRecord> = {}): DocumentoRecord {
  return {
    _id: 'doc-1',
    companyId: 'acme',
    referencia: 'PED-1',
    impressao: 'x',
    modelo: 'NFE',
    serie: 1,
    ambiente: 'HOMOLOGAÇÃO',
    situacao: 'AUTORIZADO',
    numero: 7,
    chaveAcesso: chaveNfe,
    emitidoEm,
    emitenteCnpj: '11222333000181',
    emitenteUf: 'SP',
    emitenteMunicipio: '3550308',
    destinatario: { documento: '20695448000184', tipoDocumento: 'CNPJ', nome: 'Cliente', uf: 'RJ', codigoMunicipio: null, inscricaoEstadual: null },
    itens: [{ codigo: 'P1', descricao: 'Cadeira', quantidade: 2, valorUnitario: 250.5, unidade: 'UN', ncm: '94013000', cfop: '6102', cst: null, csosn: '102', codigoServico: null, aliquotaIss: null, valorCentavos: 50100 }],
    valorTotalCentavos: 50100,
    impostos: [{ tributo: 'DAS', baseCentavos: 50100, aliquota: 6, valorCentavos: 3006, informativo: false }],
    impostosPorItem: [{ linhas: [{ tributo: 'DAS', baseCentavos: 50100, aliquota: 6, valorCentavos: 3006, informativo: false }] }],
    simplesRemessa: false,
    chaveCteReferenciada: null,
    chavesNfeTransportadas: [],
    competencia: null,
    prazosCancelamento: { nfeHoras: null, nfceMinutos: null, cteHoras: null, nfseDias: null },
    prazoCancelamentoAte: null,
    autorizadoEm: new Date('2026-11-20T13:05:10Z'),
    protocolo: '135260000000999',
    cStat: '100',
    motivo: 'Autorizado',
    canceladoEm: null,
    justificativaCancelamento: null,
    protocoloCancelamento: null,
    entregueEm: null,
    servicoIniciadoEm: null,
    criadoEm: emitidoEm,
    criadoPor: 'u',
    ...extra,
  };
}

describe('danfe - formats', () => {
  it('money, decimals, key groups, documents and Brasília time as the DANFE prints them', () => {
    expect(moeda(123456789)).toBe('1.234.567,89');
    expect(moeda(5)).toBe('0,05');
    expect(decimal('2.0000', 4)).toBe('2,0000');
    expect(decimal('250.5000000000')).toBe('250,50');
    expect(decimal('3.3333')).toBe('3,3333');
    expect(decimal('1250', 0)).toBe('1.250');
    expect(chaveEmGrupos('35261111222333000181550010000000071123456704')).toBe('3526 1111 2223 3300 0181 5500 1000 0000 0711 2345 6704');
    expect(documentoFormatado('11222333000181')).toBe('11.222.333/0001-81');
    expect(documentoFormatado('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(documentoFormatado('52998224725')).toBe('529.982.247-25');
    expect(numeroNota(7)).toBe('000.000.007');
    expect(dataHora(new Date('2026-11-20T02:30:00Z'))).toBe('19/11/2026 23:30:00');
    expect(centavos('1234.5')).toBe(123450);
    expect(centavos('0.07')).toBe(7);
    expect(() => centavos('1,00')).toThrow();
  });
});

describe('danfe - what it shows', () => {
  it('of the nfeProc: every field as the XML has it, the protocol from protNFe, IBS/CBS from IBSCBSTot', () => {
    const d = danfeDoXml(nfeProc(xmlNfe('NFE'), protocolo(chaveNfe)), documento({ impostos: [{ tributo: 'ICMS', baseCentavos: 50100, aliquota: 12, valorCentavos: 6012, informativo: false }] }));
    expect(d).toMatchObject({
      modelo: 'NFE',
      chave: chaveNfe,
      numero: 7,
      serie: 1,
      homologacao: true,
      autorizadorLocal: false,
      cancelamento: null,
      protocolo: { numero: '135260000000321', em: new Date('2026-11-20T13:05:12Z') },
      naturezaOperacao: 'VENDA DE MERCADORIA',
      emitente: { cnpj: '11222333000181', nome: 'Empresa Teste Ltda', inscricaoEstadual: '110042490114', simples: false },
      destinatario: { documento: '20695448000184', tipo: 'CNPJ', nome: 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', inscricaoEstadual: '12345678' },
      modalidadeFrete: '9',
      informacoesComplementares: 'Pedido 123.',
      tributosCentavos: 6012,
    });
    expect(d.emitente.endereco).toEqual({ logradouro: 'Rua A', numero: '10', complemento: 'Sala 2', bairro: 'Centro', municipio: 'São Paulo', cep: '01001000', telefone: '1133334444' });
    expect(d.itens).toEqual([
      {
        codigo: 'P1',
        descricao: 'Cadeira',
        ncm: '94013000',
        situacaoTributaria: '000',
        cfop: '6102',
        unidade: 'UN',
        quantidade: '2.0000',
        valorUnitario: '250.5000000000',
        valorCentavos: 50100,
        bcIcmsCentavos: 50100,
        icmsCentavos: 6012,
        ipiCentavos: 2505,
        aliquotaIcms: '12.00',
        aliquotaIpi: '5.00',
      },
    ]);
    expect(d.totais).toEqual({ bcIcms: 50100, icms: 6012, bcIcmsSt: 0, icmsSt: 0, produtos: 50100, frete: 0, seguro: 0, desconto: 0, outras: 0, ipi: 2505, pis: 287, cofins: 1323, ibs: 42, cbs: 382, nota: 52605 });
  });

  it('of a signed NFC-e without nfeProc: the document\'s protocol, the QR code and consultation URL of infNFeSupl', () => {
    const d = danfeDoXml(xmlNfce(), documento({ modelo: 'NFCE', chaveAcesso: chaveNfce, destinatario: null }));
    expect(d).toMatchObject({ modelo: 'NFCE', numero: 9, serie: 2, destinatario: null, protocolo: { numero: '135260000000999' } });
    expect(d.qrCode).toBe(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${chaveNfce}|3|2`);
    expect(d.urlChave).toBe('https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica');
  });

  it('of a local-authorizer document: the stored items and taxes; the issuer\'s name and address only from settings of the same CNPJ; a Simples issuer shows its CSOSN and no ICMS; cancelled says so', () => {
    const settings = { empresa: { cnpj: '11222333000181', razaoSocial: 'Acme Ltda', inscricaoEstadual: '123', regimeTributario: 'SIMPLES_NACIONAL', endereco: null } } as unknown as ConfiguracaoFiscalCompartilhada;
    const d = danfeDoDocumento(documento({ situacao: 'CANCELADO', canceladoEm: new Date('2026-11-20T14:00:00Z'), protocoloCancelamento: '135260000001000' }), settings);
    expect(d).toMatchObject({
      autorizadorLocal: true,
      homologacao: true,
      cancelamento: { protocolo: '135260000001000', em: new Date('2026-11-20T14:00:00Z') },
      protocolo: { numero: '135260000000999' },
      emitente: { nome: 'Acme Ltda', inscricaoEstadual: '123', simples: true, endereco: null },
      informacoesComplementares: 'Documento emitido por ME ou EPP optante pelo Simples Nacional.',
      tributosCentavos: 3006,
    });
    expect(d.itens[0]).toMatchObject({ situacaoTributaria: '102', icmsCentavos: 0, quantidade: '2', valorUnitario: '250.5' });
    expect(d.totais).toMatchObject({ produtos: 50100, nota: 50100, icms: 0, ibs: null, cbs: null });
    const outraEmpresa = { empresa: { ...settings.empresa, cnpj: '99888777000166' } } as ConfiguracaoFiscalCompartilhada;
    expect(danfeDoDocumento(documento(), outraEmpresa).emitente.nome).toBeNull();
    expect(danfeDoDocumento(documento({ modelo: 'NFCE', chaveAcesso: chaveNfce }), null).qrCode).toBe(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${chaveNfce}|3|2`);
  });
});

function xmlNfce(): string {
  return xmlNfe('NFCE');
}

describe('danfe - the PDF', () => {
  const paginas = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

  it('an NF-e DANFE is one A4 page, a long one goes on to more pages; a DANFCE is one 80 mm roll', async () => {
    const d = danfeDoXml(nfeProc(xmlNfe('NFE'), protocolo(chaveNfe)), documento());
    const pdf = await gerarDanfe(d);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginas(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const longa = await gerarDanfe({ ...d, itens: Array.from({ length: 150 }, (_, i) => ({ ...d.itens[0], codigo: `P${i}` })) });
    expect(paginas(longa)).toBeGreaterThanOrEqual(3);
    const danfce = await gerarDanfe(danfeDoXml(xmlNfce(), documento({ modelo: 'NFCE', chaveAcesso: chaveNfce, destinatario: null })));
    expect(paginas(danfce)).toBe(1);
    expect(danfce.toString('latin1')).toMatch(/\/MediaBox \[0 0 226\.77 \d+\]/);
  });
});
