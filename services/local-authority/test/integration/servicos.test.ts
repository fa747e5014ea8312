import { SignedXml } from 'xml-crypto';
import { alterar, montarNfe } from '../support/nfe-fixture';
import { assinar, autorizar, chamar, envelope, lerRetorno, lote, novoEmissor } from '../support/cliente';
import { consultar, detCancelamento, detCorrecao, evento, inutilizar } from '../support/mensagens';

/**
 * The local authority's web services over mutual TLS, beyond the MOC rules: transport, schemas, signatures, and
 * the registry's one-winner cases, each raced by calls sent at once (FerretDB loses races MongoDB would not; the
 * registry's claims are unique inserts).
 */
const ENVIO = (xml: string) => envelope('NFeAutorizacao4', lote(xml));

describe('local-authority - transport, schema and signature', () => {
  const emissor = novoEmissor();

  it('local-authority - like SEFAZ, no client certificate, no service (HTTP 403); an unknown service or SOAP action, or a body that is no SOAP 1.2 envelope, is a Sender fault (HTTP 400, never a 5xx)', async () => {
    expect(await chamar('NFeStatusServico4', envelope('NFeStatusServico4', '<x/>'), null)).toEqual({ status: 403, corpo: 'client certificate required' });
    const desconhecido = await chamar('NFeDistribuicaoDFe', envelope('NFeDistribuicaoDFe', '<x/>'), emissor);
    expect(desconhecido.status).toBe(400);
    expect(desconhecido.corpo).toContain('<soap:Value>soap:Sender</soap:Value>');
    const semEnvelope = await chamar('NFeStatusServico4', '<consStatServ/>', emissor);
    expect(semEnvelope).toMatchObject({ status: 400, corpo: expect.stringContaining('não é um envelope SOAP 1.2') });
    const malFormado = await chamar('NFeStatusServico4', '<soap:Envelope', emissor);
    expect(malFormado).toMatchObject({ status: 400, corpo: expect.stringContaining('XML mal formado') });
  });

  it('local-authority - the status service answers 107 to a valid consStatServ, 215 naming the field to one that breaks its schema', async () => {
    const consulta = (tpAmb: string) => `<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>${tpAmb}</tpAmb><cUF>35</cUF><xServ>STATUS</xServ></consStatServ>`;
    expect(lerRetorno((await chamar('NFeStatusServico4', envelope('NFeStatusServico4', consulta('2')), emissor)).corpo)).toMatchObject({ cStat: '107', xMotivo: 'Serviço em Operação' });
    expect(lerRetorno((await chamar('NFeStatusServico4', envelope('NFeStatusServico4', consulta('3')), emissor)).corpo)).toMatchObject({ cStat: '215', xMotivo: expect.stringContaining('tpAmb') });
  });

  it('local-authority - an NF-e that breaks the official schema: the batch answers 225 with libxml2\'s error naming the element; a batch that breaks enviNFe\'s, 215', async () => {
    const { xml } = montarNfe({ cnpj: emissor.cnpj, numero: 900 });
    const nfe = await autorizar(alterar(xml, '<CFOP>5102</CFOP>', '<CFOP>510</CFOP>'), emissor);
    expect(nfe).toMatchObject({ cStatLote: '225', xMotivoLote: expect.stringMatching(/^Rejeição: Falha no Schema XML do lote de NFe \[Element 'CFOP'/) });
    const assinado = assinar(xml, 'infNFe', emissor);
    const r = await chamar('NFeAutorizacao4', ENVIO(assinado).replace('<idLote>1</idLote>', '<idLote>um</idLote>'), emissor);
    expect(lerRetorno(r.corpo)).toMatchObject({ cStat: '215', xMotivo: expect.stringContaining('idLote') });
  });

  it('local-authority - the signature, checked with libxml2\'s C14N: changed after signing 297; another algorithm a schema failure (225), a reference to another Id 298; a certificate of another CNPJ, or not the connection\'s, 213; a production NF-e 252', async () => {
    const numero = (n: number) => montarNfe({ cnpj: emissor.cnpj, numero: 910 + n }).xml;
    const alterada = alterar(assinar(numero(1), 'infNFe', emissor), 'Empresa Emitente de Teste Ltda', 'Empresa Emitente de Teste SA');
    expect(lerRetorno((await chamar('NFeAutorizacao4', ENVIO(alterada), emissor)).corpo)).toMatchObject({ cStat: '297', xMotivo: 'Rejeição: Assinatura difere do calculado' });

    const sha256 = new SignedXml({ privateKey: emissor.chavePem, publicCert: emissor.certificadoPem, canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315', signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256' });
    sha256.addReference({ xpath: "//*[local-name(.)='infNFe']", transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315'], digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256' });
    sha256.computeSignature(numero(2), { location: { reference: "//*[local-name(.)='infNFe']/..", action: 'append' } });
    // The official xmldsig schema of the package admits SEFAZ's algorithms only: another one is a schema failure.
    expect(lerRetorno((await chamar('NFeAutorizacao4', ENVIO(sha256.getSignedXml()), emissor)).corpo)).toMatchObject({ cStat: '225', xMotivo: expect.stringContaining('Algorithm') });
    const outraReferencia = assinar(numero(5), 'infNFe', emissor).replace(/URI="#NFe(\d+)"/, 'URI="#NFe00000000000000000000000000000000000000000000"');
    expect(lerRetorno((await chamar('NFeAutorizacao4', ENVIO(outraReferencia), emissor)).corpo)).toMatchObject({ cStat: '298', xMotivo: 'Rejeição: Assinatura difere do padrão do Sistema' });

    const outro = novoEmissor();
    expect(await autorizar(numero(3), outro)).toMatchObject({ cStat: '213', xMotivo: 'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital' });
    const mesmoCnpj = novoEmissor(emissor.cnpj);
    const r = await chamar('NFeAutorizacao4', ENVIO(assinar(numero(4), 'infNFe', emissor)), mesmoCnpj);
    expect(lerRetorno(r.corpo)).toMatchObject({ cStat: '213', xMotivo: expect.stringContaining('não é o da conexão') });

    expect(await autorizar(montarNfe({ cnpj: emissor.cnpj, numero: 915, tpAmb: '1' }).xml, emissor)).toMatchObject({ cStatLote: '252' });
  });
});

describe('local-authority - one winner, whatever the concurrency', () => {
  it('local-authority - the same signed NF-e sent three times at once: one 100, two 204 naming its protocol; a query by key answers that protocol', async () => {
    const emissor = novoEmissor();
    const { xml, chave } = montarNfe({ cnpj: emissor.cnpj, numero: 1 });
    const assinado = assinar(xml, 'infNFe', emissor);
    const respostas = (await Promise.all([1, 2, 3].map(() => chamar('NFeAutorizacao4', ENVIO(assinado), emissor)))).map((r) => lerRetorno(r.corpo));
    const autorizada = respostas.filter((r) => r.cStat === '100');
    expect(autorizada).toHaveLength(1);
    const nProt = autorizada[0].nProt!;
    expect(respostas.filter((r) => r.cStat === '204').map((r) => r.xMotivo)).toEqual([expect.stringContaining(`[nProt:${nProt}]`), expect.stringContaining(`[nProt:${nProt}]`)]);
    expect(await consultar(emissor, chave)).toMatchObject({ cStatNfe: '100', nProt });
  });

  it('local-authority - two NF-e of the same number with different keys at once: one 100, the other 539 naming the winner\'s key', async () => {
    const emissor = novoEmissor();
    const a = montarNfe({ cnpj: emissor.cnpj, numero: 7, cNF: '11111111' });
    const b = montarNfe({ cnpj: emissor.cnpj, numero: 7, cNF: '22222222' });
    const [ra, rb] = await Promise.all([autorizar(a.xml, emissor), autorizar(b.xml, emissor)]);
    const [vencedora, perdedora] = ra.cStat === '100' ? [a, rb] : [b, ra];
    expect([ra.cStat, rb.cStat].sort()).toEqual(['100', '539']);
    expect(perdedora.xMotivo).toContain(`[chNFe:${vencedora.chave}]`);
  });

  it('local-authority - asynchronous (indSinc 0): 103 with a receipt, the receipt polled 105 then 104 with the protocol', async () => {
    const emissor = novoEmissor();
    const assinado = assinar(montarNfe({ cnpj: emissor.cnpj, numero: 1 }).xml, 'infNFe', emissor);
    const recebido = await chamar('NFeAutorizacao4', envelope('NFeAutorizacao4', lote(assinado, '0')), emissor);
    const nRec = /<nRec>(\d+)<\/nRec>/.exec(recebido.corpo)![1];
    expect(lerRetorno(recebido.corpo).cStat).toBe('103');
    const poll = async () => lerRetorno((await chamar('NFeRetAutorizacao4', envelope('NFeRetAutorizacao4', `<consReciNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><nRec>${nRec}</nRec></consReciNFe>`), emissor)).corpo);
    expect((await poll()).cStat).toBe('105');
    expect(await poll()).toMatchObject({ cStatLote: '104', cStat: '100' });
  });

  it('local-authority - events: a correction letter 135, its sequence again 573, a short correction 493, a wrong Id 572; a cancellation with another protocol 222, of an unknown key 494', async () => {
    const emissor = novoEmissor();
    const { xml, chave } = montarNfe({ cnpj: emissor.cnpj, numero: 1 });
    const { nProt } = await autorizar(xml, emissor);
    const cce = detCorrecao('Corrigido o endereco de entrega para a Rua B, 200');
    expect(await evento(emissor, chave, '110110', cce)).toMatchObject({ cStatLote: '128', cStat: '135', nProt: expect.stringMatching(/^\d{15}$/) });
    expect(await evento(emissor, chave, '110110', cce)).toMatchObject({ cStat: '573' });
    expect(await evento(emissor, chave, '110110', cce, { nSeq: 2 })).toMatchObject({ cStat: '135' });
    expect(await evento(emissor, chave, '110110', detCorrecao('curta'), { nSeq: 3 })).toMatchObject({ cStat: '493', xMotivo: expect.stringContaining('xCorrecao') });
    // At most 20 letters per NF-e: sequence 20 registers, 21 is 594.
    expect(await evento(emissor, chave, '110110', cce, { nSeq: 20 })).toMatchObject({ cStat: '135' });
    expect(await evento(emissor, chave, '110110', cce, { nSeq: 21 })).toMatchObject({ cStat: '594', xMotivo: expect.stringContaining('maior que o permitido') });
    expect(await evento(emissor, chave, '110111', detCancelamento(nProt!), { id: `ID110111${chave}02` })).toMatchObject({ cStat: '572' });
    expect(await evento(emissor, chave, '110111', detCancelamento('135260000000001'))).toMatchObject({ cStat: '222' });
    const inexistente = alterar(chave, chave.slice(25, 34), '000099999');
    expect(await evento(emissor, inexistente, '110111', detCancelamento(nProt!))).toMatchObject({ cStat: '494' });
  });

  it('local-authority - the same cancellation three times at once: one 135, two 573; the query answers 101 with the registered event; a correction letter after it 580', async () => {
    const emissor = novoEmissor();
    const { xml, chave } = montarNfe({ cnpj: emissor.cnpj, numero: 1 });
    const { nProt } = await autorizar(xml, emissor);
    const respostas = await Promise.all([1, 2, 3].map(() => evento(emissor, chave, '110111', detCancelamento(nProt!))));
    expect(respostas.map((r) => r.cStat).sort()).toEqual(['135', '573', '573']);
    const consulta = await consultar(emissor, chave);
    expect(consulta.cStatNfe).toBe('101');
    expect(consulta.corpo).toContain('<procEventoNFe versao="1.00">');
    expect(consulta.corpo).toContain('<tpEvento>110111</tpEvento>');
    expect(await evento(emissor, chave, '110110', detCorrecao('Corrigido o endereco de entrega para a Rua B, 200'))).toMatchObject({ cStat: '580' });
  });

  it('local-authority - voiding: a range 102, the same again 563 with its protocol, an overlapping one 256, one over an authorized number 241; a voided number is not authorized (206)', async () => {
    const emissor = novoEmissor();
    await autorizar(montarNfe({ cnpj: emissor.cnpj, numero: 5 }).xml, emissor);
    const primeira = await inutilizar(emissor, 10, 12);
    expect(primeira).toMatchObject({ cStat: '102', nProt: expect.stringMatching(/^\d{15}$/) });
    expect(await inutilizar(emissor, 10, 12)).toMatchObject({ cStat: '563', nProt: primeira.nProt });
    expect(await inutilizar(emissor, 12, 14)).toMatchObject({ cStat: '256' });
    expect(await inutilizar(emissor, 4, 6)).toMatchObject({ cStat: '241' });
    // What the refused requests took was given back: 13 and 14, and 4 and 6, can still be voided.
    expect(await inutilizar(emissor, 13, 14)).toMatchObject({ cStat: '102' });
    expect(await autorizar(montarNfe({ cnpj: emissor.cnpj, numero: 11 }).xml, emissor)).toMatchObject({ cStat: '206' });
    // A range the schema allows but no one voids at once (each number is one insert) is refused, nothing taken.
    expect(await inutilizar(emissor, 100, 1_000_099)).toMatchObject({ cStat: '999', xMotivo: expect.stringContaining('mais de 1000 números') });
    expect(await inutilizar(emissor, 100, 100)).toMatchObject({ cStat: '102' });
  });

  it('local-authority - the same voiding three times at once: one 102, two 563 with the same protocol', async () => {
    const emissor = novoEmissor();
    const respostas = await Promise.all([1, 2, 3].map(() => inutilizar(emissor, 20, 25)));
    expect(respostas.map((r) => r.cStat).sort()).toEqual(['102', '563', '563']);
    expect(new Set(respostas.map((r) => r.nProt)).size).toBe(1);
  });
});
