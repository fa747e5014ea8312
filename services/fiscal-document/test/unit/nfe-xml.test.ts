import { generateKeyPairSync, sign } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { desfechoAutorizacao, desfechoCancelamento, desfechoInutilizacao, situacaoConsulta } from '../../src/domain/sefaz-status';
import { montarNfe, NOME_HOMOLOGACAO } from '../../src/xml/nfe';
import { dados, emitidoEm } from '../support/nfe-fixture';
import { lerRetornoAutorizacao } from '../../src/xml/answers';
import { eventoCancelamento, idEvento, idInutilizacao, inutNFe } from '../../src/xml/requests';
import { assinarXml } from '../../src/xml/signature';

const NS = 'http://www.portalfiscal.inf.br/nfe';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
const assinador = async (dados: Buffer) => ({ assinaturaBase64: sign('sha1', dados, privateKey).toString('base64'), certificadoBase64: 'AAEC' });

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const filhos = (el: Element) => Array.from({ length: el.childNodes.length }, (_, i) => el.childNodes.item(i)).filter((n) => n?.nodeType === 1).map((n) => (n as Element).localName);
const el = (xml: string, nome: string) => parse(xml).getElementsByTagNameNS(NS, nome).item(0)!;

function verificar(xml: string): boolean {
  const doc = parse(xml);
  const verificador = new SignedXml({ publicCert: publicPem });
  verificador.loadSignature(doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature').item(0));
  return verificador.checkSignature(xml);
}

describe('nf-e xml', () => {
  test('nf-e xml - groups in the order of leiauteNFe_v4.00.xsd (PL_010), IBSCBS for a regime-normal issuer, vNFTot, refCTe', () => {
    const xml = montarNfe(dados('NFE', '3'));
    const inf = el(xml, 'infNFe');
    expect(inf.getAttribute('Id')).toMatch(/^NFe\d{44}$/);
    expect(filhos(inf)).toEqual(['ide', 'emit', 'dest', 'det', 'total', 'transp', 'pag', 'infAdic']);
    // TLocal/TEndereco order; the UF and the IBGE code come from the recipient, the country is Brazil's (1058).
    expect(filhos(el(xml, 'dest'))).toEqual(['CNPJ', 'xNome', 'enderDest', 'indIEDest', 'IE']);
    expect(filhos(el(xml, 'enderDest'))).toEqual(['xLgr', 'nro', 'xCpl', 'xBairro', 'cMun', 'xMun', 'UF', 'CEP', 'cPais', 'xPais', 'fone']);
    const enderDest = el(xml, 'enderDest');
    expect(['cMun', 'UF', 'CEP', 'fone'].map((tag) => enderDest.getElementsByTagNameNS(NS, tag).item(0)!.textContent)).toEqual(['3304557', 'RJ', '20040003', '2122223333']);
    expect(filhos(el(xml, 'ide'))).toEqual([
      'cUF', 'cNF', 'natOp', 'mod', 'serie', 'nNF', 'dhEmi', 'tpNF', 'idDest', 'cMunFG', 'tpImp', 'tpEmis', 'cDV', 'tpAmb', 'finNFe', 'indFinal', 'indPres', 'indIntermed', 'procEmi', 'verProc', 'NFref',
    ]);
    expect(filhos(el(xml, 'det'))).toEqual(['prod', 'imposto', 'vItem']);
    expect(filhos(el(xml, 'imposto'))).toEqual(['ICMS', 'IPI', 'PIS', 'COFINS', 'IBSCBS']);
    expect(filhos(el(xml, 'gIBSCBS'))).toEqual(['vBC', 'gIBSUF', 'gIBSMun', 'vIBS', 'gCBS']);
    expect(filhos(el(xml, 'total'))).toEqual(['ICMSTot', 'IBSCBSTot', 'vNFTot']);
    expect(el(xml, 'refCTe').textContent).toBe('32171232438772000104570010001990751153183825');
    expect(el(xml, 'modFrete').textContent).toBe('0');
    // Formats: dhEmi in Brasília time, money with 2 decimals, quantity 4, price 10, rates 2-4.
    expect(el(xml, 'dhEmi').textContent).toBe('2026-11-20T10:05:09-03:00');
    expect(el(xml, 'qCom').textContent).toBe('2.0000');
    expect(el(xml, 'vUnCom').textContent).toBe('250.5000000000');
    expect(el(xml, 'pCBS').textContent).toBe('0.90');
    expect(el(xml, 'vNF').textContent).toBe('526.05');
    expect(el(xml, 'vNFTot').textContent).toBe('526.05');
    // Homologation: SEFAZ's mandatory recipient name; the name's em dash (past Latin-1) becomes a space.
    expect(parse(xml).getElementsByTagNameNS(NS, 'xNome').item(1)!.textContent).toBe(NOME_HOMOLOGACAO);
    expect(parse(xml).getElementsByTagNameNS(NS, 'xNome').item(0)!.textContent).toBe('Empresa Teste Ltda');
  });

  test('nf-e xml - ICMSTot adds up the ICMS the items carry: an exempt item (CST 40) adds nothing, whatever the engine computed', () => {
    const base = dados('NFE', '3');
    const isento = { ...base.itens[0], codigo: 'P2', cst: '40' };
    const xml = montarNfe({ ...base, itens: [base.itens[0], isento] });
    expect(filhos(parse(xml).getElementsByTagNameNS(NS, 'ICMS').item(1)!)).toEqual(['ICMS40']);
    // Item 1 (CST 00): vBC 501.00, vICMS 60.12; item 2 (CST 40) writes no ICMS: the totals are item 1's alone,
    // not 1,002.00 / 120.24 (SEFAZ rejections 531 and 532).
    expect(el(xml, 'vBC').textContent).toBe('501.00');
    const tot = el(xml, 'ICMSTot');
    expect(tot.getElementsByTagNameNS(NS, 'vBC').item(0)!.textContent).toBe('501.00');
    expect(tot.getElementsByTagNameNS(NS, 'vICMS').item(0)!.textContent).toBe('60.12');
  });

  test('nf-e xml - DIFAL: ICMSUFDest after COFINS with the engine\'s figures, and its totals in ICMSTot', () => {
    const base = dados('NFE', '3');
    // An interstate sale of R$ 1,000.00 to a consumer who is not a taxpayer: destination 17% + FCP 2%, interstate
    // 12%: vICMSUFDest = 1,000.00 x (17% - 12%) = 50.00, vFCPUFDest = 1,000.00 x 2% = 20.00, the issuer's share 0.
    const difal = {
      baseCentavos: 100000, baseFcpCentavos: 100000, aliquotaFcpDestino: 2, aliquotaInternaDestino: 17, aliquotaInterestadual: 12,
      percentualPartilhaDestino: 100, fcpDestinoCentavos: 2000, icmsDestinoCentavos: 5000, icmsRemetenteCentavos: 0,
    };
    const xml = montarNfe({ ...base, itens: [{ ...base.itens[0], difal }] });
    expect(filhos(el(xml, 'imposto'))).toEqual(['ICMS', 'IPI', 'PIS', 'COFINS', 'ICMSUFDest', 'IBSCBS']);
    expect(filhos(el(xml, 'ICMSUFDest'))).toEqual(['vBCUFDest', 'vBCFCPUFDest', 'pFCPUFDest', 'pICMSUFDest', 'pICMSInter', 'pICMSInterPart', 'vFCPUFDest', 'vICMSUFDest', 'vICMSUFRemet']);
    const grupo = el(xml, 'ICMSUFDest');
    const valor = (no: Element, nome: string) => no.getElementsByTagNameNS(NS, nome).item(0)!.textContent;
    expect(['pICMSInter', 'pICMSInterPart', 'vFCPUFDest', 'vICMSUFDest', 'vICMSUFRemet'].map((n) => valor(grupo, n))).toEqual(['12.00', '100.00', '20.00', '50.00', '0.00']);
    const tot = el(xml, 'ICMSTot');
    expect(filhos(tot).slice(0, 7)).toEqual(['vBC', 'vICMS', 'vICMSDeson', 'vFCPUFDest', 'vICMSUFDest', 'vICMSUFRemet', 'vFCP']);
    expect(['vFCPUFDest', 'vICMSUFDest', 'vICMSUFRemet'].map((n) => valor(tot, n))).toEqual(['20.00', '50.00', '0.00']);
  });

  test('nf-e xml - the builder itself refuses an ICMS situation it has no group for (never another group)', () => {
    const base = dados('NFE', '3');
    // CST 61 (single-phase fuel charged earlier) needs per-litre figures the emission does not collect.
    const st = { ...base.itens[0], cst: '61' };
    expect(() => montarNfe({ ...base, itens: [base.itens[0], st] })).toThrow(expect.objectContaining({ codigo: 'DOCUMENTO_INVALIDO', extra: { campos: [expect.objectContaining({ campo: 'itens[1].cst', regra: 'cst_nao_suportado' })] } }));
  });

  test('nf-e xml - infRespTec after infAdic, with hashCSRT = Base64(SHA-1(CSRT + key)) where a CSRT is configured', () => {
    const base = dados('NFE', '3');
    const csrt = { id: '01', codigo: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' };
    const xml = montarNfe({ ...base, responsavelTecnico: { cnpj: '11222333000181', contato: 'Equipe Fiscal', email: 'fiscal@exemplo.com.br', fone: '1130000000', csrt } });
    expect(filhos(el(xml, 'infNFe')).slice(-2)).toEqual(['infAdic', 'infRespTec']);
    expect(filhos(el(xml, 'infRespTec'))).toEqual(['CNPJ', 'xContato', 'email', 'fone', 'idCSRT', 'hashCSRT']);
    // The key is 35261111222333000181550010000000071123456702; SHA-1 of the CSRT followed by it, in Base64
    // (computed apart: python3 base64.b64encode(hashlib.sha1(csrt + key)) = QtdN3dF6KnliKFe9/dz0rgrjxhc=).
    expect(el(xml, 'hashCSRT').textContent).toBe('QtdN3dF6KnliKFe9/dz0rgrjxhc=');
    const semCsrt = montarNfe({ ...base, responsavelTecnico: { cnpj: '11222333000181', contato: 'Equipe Fiscal', email: 'fiscal@exemplo.com.br', fone: '1130000000', csrt: null } });
    expect(filhos(el(semCsrt, 'infRespTec'))).toEqual(['CNPJ', 'xContato', 'email', 'fone']);
  });

  test('nf-e xml - Simples Nacional: CSOSN group, PIS/COFINS CST 99, no IBSCBS in 2026', () => {
    const xml = montarNfe(dados('NFE', '1'));
    expect(filhos(el(xml, 'ICMS'))).toEqual(['ICMSSN102']);
    expect(filhos(el(xml, 'imposto'))).toEqual(['ICMS', 'PIS', 'COFINS']);
    expect(filhos(el(xml, 'total'))).toEqual(['ICMSTot', 'vNFTot']);
  });

  test('nf-e xml - NFC-e: infNFeSupl after infNFe with the QR code v3 (chave|3|tpAmb) and the consultation URL', () => {
    const xml = montarNfe(dados('NFCE', '3'));
    const raiz = parse(xml).documentElement!;
    expect(filhos(raiz)).toEqual(['infNFe', 'infNFeSupl']);
    const chave = el(xml, 'infNFe').getAttribute('Id')!.slice(3);
    expect(el(xml, 'qrCode').textContent).toBe(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${chave}|3|2`);
    expect(el(xml, 'qrCode').textContent).toMatch(/^https?:\/\/.*\?p=[0-9]{6}[0-9A-Z]{12}[0-9]{16}(1|3|4)[0-9]{9}\|3\|[1-2]$/);
    expect(el(xml, 'modFrete').textContent).toBe('9');
  });

  test('nf-e xml - enveloped signature: Reference #NFe<chave>, C14N, RSA-SHA1, SHA-1, Signature last; verified by xml-crypto; a changed byte fails', async () => {
    const assinado = await assinarXml(montarNfe(dados('NFCE', '3')), 'infNFe', assinador);
    const raiz = parse(assinado).documentElement!;
    expect(filhos(raiz)).toEqual(['infNFe', 'infNFeSupl', 'Signature']);
    expect(assinado).toContain(`<Reference URI="#${el(assinado, 'infNFe').getAttribute('Id')}">`);
    expect(assinado).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"');
    expect(assinado).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"');
    expect(assinado).toContain('<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>');
    expect(verificar(assinado)).toBe(true);
    const adulterado = assinado.replace('<vProd>501.00</vProd>', '<vProd>502.00</vProd>');
    expect(adulterado).not.toBe(assinado);
    expect((() => {
      try {
        return verificar(adulterado);
      } catch {
        return false;
      }
    })()).toBe(false);
  });

  test('nf-e xml - cancellation event and voiding request: Ids as the layouts compose them, signatures verified', async () => {
    const chave = dados('NFE', '3').chave;
    const evento = await assinarXml(eventoCancelamento({ chave, cnpj: '11222333000181', producao: false, em: emitidoEm, sequencia: 1, protocolo: '135260000000001', justificativa: 'Pedido cancelado pelo cliente' }), 'infEvento', assinador);
    expect(el(evento, 'infEvento').getAttribute('Id')).toBe(idEvento('110111', chave, 1));
    expect(idEvento('110111', chave, 1)).toBe(`ID110111${chave}01`);
    expect(verificar(evento)).toBe(true);
    const pedido = { cUF: '35', cnpj: '11222333000181', producao: false, ano: '26', modelo: '55' as const, serie: 1, de: 5, ate: 7, justificativa: 'Números rejeitados e não utilizados' };
    expect(idInutilizacao(pedido)).toBe('ID' + '35' + '26' + '11222333000181' + '55' + '001' + '000000005' + '000000007');
    expect(verificar(await assinarXml(inutNFe(pedido), 'infInut', assinador))).toBe(true);
  });

  test('nf-e xml - answers read by cStat: a synchronous 104 with its protocol, an asynchronous 103 with its receipt', () => {
    const sync = lerRetornoAutorizacao(
      `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4"><retEnviNFe xmlns="${NS}" versao="4.00"><tpAmb>2</tpAmb><cStat>104</cStat><xMotivo>Lote processado</xMotivo><protNFe versao="4.00"><infProt><chNFe>1</chNFe><dhRecbto>2026-11-20T10:00:00-03:00</dhRecbto><nProt>135260000000001</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></retEnviNFe></nfeResultMsg></soap:Body></soap:Envelope>`,
    );
    expect(sync).toMatchObject({ cStat: '104', recibo: null, protocolo: { cStat: '100', protocolo: '135260000000001' } });
    expect(sync.protocolo?.recebidoEm?.toISOString()).toBe('2026-11-20T13:00:00.000Z');
    const async = lerRetornoAutorizacao(`<retEnviNFe xmlns="${NS}" versao="4.00"><cStat>103</cStat><xMotivo>Lote recebido</xMotivo><infRec><nRec>351000000000001</nRec></infRec></retEnviNFe>`);
    expect(async).toMatchObject({ cStat: '103', recibo: '351000000000001', protocolo: null });
    expect(() => lerRetornoAutorizacao('<html>502 Bad Gateway</html>')).toThrow(/unreadable/);
  });

  test('sefaz status - every decision by cStat', () => {
    expect(['100', '150', '110', '301', '302', '204', '539', '103', '105', '108', '109', '999', '225'].map(desfechoAutorizacao)).toEqual([
      'AUTORIZADO', 'AUTORIZADO', 'DENEGADO', 'DENEGADO', 'DENEGADO', 'DUPLICIDADE', 'DUPLICIDADE', 'EM_PROCESSAMENTO', 'EM_PROCESSAMENTO', 'INDISPONIVEL', 'INDISPONIVEL', 'INDISPONIVEL', 'REJEITADO',
    ]);
    expect(['135', '155', '573', '580', '501', '136', '999'].map(desfechoCancelamento)).toEqual(['REGISTRADO', 'REGISTRADO', 'CONSULTAR', 'CONSULTAR', 'PRAZO_EXPIRADO', 'RECUSADO', 'INDISPONIVEL']);
    expect(['100', '101', '151', '110', '217', '108'].map(situacaoConsulta)).toEqual(['AUTORIZADA', 'CANCELADA', 'CANCELADA', 'DENEGADA', 'NAO_CONSTA', 'DESCONHECIDA']);
    expect(['102', '206', '563', '241', '108'].map(desfechoInutilizacao)).toEqual(['INUTILIZADA', 'JA_INUTILIZADA', 'JA_INUTILIZADA', 'RECUSADA', 'INDISPONIVEL']);
  });
});
