import { createPrivateKey, sign } from 'node:crypto';
import forge from 'node-forge';
import { xmlsec1Verifica } from '../../../../test/support/xmlsec';
import { montarChave } from '../../src/domain/access-key';
import { montarNfe, type DadosNfe } from '../../src/xml/nfe';
import { eventoCancelamento } from '../../src/xml/requests';
import { assinarXml } from '../../src/xml/signature';

/**
 * The signature checked by an implementation that shares nothing with the signer's (xml-crypto): xmlsec1
 * (test/support/xmlsec.ts). A signed NF-e (with characters C14N escapes) and a signed event verify; the same
 * documents with one value changed after signing fail. No stack needed, but it runs a program, so it is not a
 * unit test.
 */
const chaves = forge.pki.rsa.generateKeyPair(2048);
const certificado = (() => {
  const cert = forge.pki.createCertificate();
  cert.publicKey = chaves.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const nome = [{ shortName: 'CN', value: 'EMPRESA TESTE LTDA:11222333000181' }];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  cert.sign(chaves.privateKey, forge.md.sha256.create());
  return cert;
})();
const chavePrivada = createPrivateKey(forge.pki.privateKeyToPem(chaves.privateKey));
const certificadoBase64 = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificado)).getBytes(), 'binary').toString('base64');
const assinador = async (dados: Buffer) => ({ assinaturaBase64: sign('sha1', dados, chavePrivada).toString('base64'), certificadoBase64 });

const emitidoEm = new Date('2026-11-20T13:05:09Z');
const chave = montarChave({ cUF: '35', emitidoEm, cnpj: '11222333000181', modelo: 'NFE', serie: 1, numero: 7, cnf: '12345670' });
const nfe: DadosNfe = {
  chave,
  modelo: 'NFE',
  ambiente: 'HOMOLOGAÇÃO',
  emitidoEm,
  naturezaOperacao: 'VENDA DE MERCADORIA',
  emitente: {
    cnpj: '11222333000181',
    razaoSocial: 'Empresa Teste — Ltda & Cia',
    inscricaoEstadual: '110042490114',
    crt: '1',
    endereco: { logradouro: 'Rua São João', numero: '10', complemento: null, bairro: 'Centro', codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP', cep: '01001000', telefone: null },
  },
  destinatario: { documento: '20695448000184', tipoDocumento: 'CNPJ', nome: 'Cliente <Açaí>', uf: 'RJ', codigoMunicipio: '3304557', inscricaoEstadual: '12345678' },
  itens: [{ codigo: 'P1', descricao: 'Cadeira "ergonômica"', ncm: '94013000', cfop: '6102', unidade: 'UN', quantidade: 2, valorUnitario: 250.5, valorCentavos: 50100, cst: null, csosn: '102', impostos: [] }],
  chaveCteReferenciada: null,
  informacoesComplementares: null,
  responsavelTecnico: null,
  qrCode: null,
};

describe('xml signature - independent verifier (xmlsec1)', () => {
  test('xmlsec1 - a signed NF-e verifies; the same NF-e with its total changed after signing does not', async () => {
    const assinada = await assinarXml(montarNfe(nfe), 'infNFe', assinador);
    expect(xmlsec1Verifica(assinada, 'infNFe')).toBe(true);
    const adulterada = assinada.replace('<vNF>501.00</vNF>', '<vNF>5.01</vNF>');
    expect(adulterada).not.toBe(assinada);
    expect(xmlsec1Verifica(adulterada, 'infNFe')).toBe(false);
  });

  test('xmlsec1 - a signed cancellation event verifies; with another justification it does not', async () => {
    const evento = await assinarXml(
      eventoCancelamento({ chave, cnpj: '11222333000181', producao: false, em: emitidoEm, sequencia: 1, protocolo: '135260000000001', justificativa: 'Pedido cancelado pelo cliente' }),
      'infEvento',
      assinador,
    );
    expect(xmlsec1Verifica(evento, 'infEvento')).toBe(true);
    expect(xmlsec1Verifica(evento.replace('Pedido cancelado pelo cliente', 'Pedido cancelado pelo client'), 'infEvento')).toBe(false);
  });
});
