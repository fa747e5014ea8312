import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { DOMParser } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { contentTypeSefaz, ServicosSefaz, type ServicoSefaz } from '@erp/contracts';
import { withCnpjCheckDigits } from '@erp/fiscal-rules';
import { criarCertificado } from '../../../settings/test/support/certificados';

/**
 * A caller of the stack's local authority, as the settings relay is: HTTPS with a client certificate (an
 * ICP-Brasil-shaped A1 of the issuer's CNPJ, made at test time), SOAP 1.2 envelopes, and signatures made with
 * xml-crypto (the authority verifies them with libxml2's canonicalization).
 */
export interface Emissor {
  cnpj: string;
  chavePem: string;
  certificadoPem: string;
  certificadoBase64: string;
}

/** An issuer of this test alone (the authority keeps a registry per CNPJ). */
export function novoEmissor(cnpj = withCnpjCheckDigits(`${randomInt(10_000_000, 99_999_999)}0001`)): Emissor {
  const { cert, chavePrivada } = criarCertificado({ cnpjNoNome: cnpj });
  const certificadoPem = forge.pki.certificateToPem(cert);
  return {
    cnpj,
    chavePem: forge.pki.privateKeyToPem(chavePrivada),
    certificadoPem,
    certificadoBase64: certificadoPem.replace(/-----[A-Z ]+-----|\s/g, ''),
  };
}

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

/** Signs the element `tag` (its `Id`) as SEFAZ requires: enveloped, C14N, SHA-1, RSA-SHA1, the certificate in KeyInfo. */
export function assinar(xml: string, tag: string, emissor: Emissor): string {
  const assinatura = new SignedXml({
    privateKey: emissor.chavePem,
    publicCert: emissor.certificadoPem,
    canonicalizationAlgorithm: C14N,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  });
  assinatura.addReference({
    xpath: `//*[local-name(.)='${tag}']`,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', C14N],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
  });
  // Last in the element's parent (after an NFC-e's infNFeSupl), as the layouts require.
  assinatura.computeSignature(xml, { location: { reference: `//*[local-name(.)='${tag}']/..`, action: 'append' } });
  return assinatura.getSignedXml();
}

export const envelope = (servico: string, mensagem: string) =>
  `<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${servico}">${mensagem}</nfeDadosMsg></soap12:Body></soap12:Envelope>`;

/** Which authority: the stack's (global setup) unless a test started its own. */
export interface Destino {
  url: string;
  caFile: string;
}
const DA_PILHA = (): Destino => ({ url: process.env.TEST_LOCAL_AUTHORITY_URL!, caFile: process.env.TEST_LOCAL_AUTHORITY_CA_FILE! });

/** POSTs a SOAP message to the authority over mutual TLS (no client certificate when `emissor` is null). */
export function chamar(servico: string, corpo: string, emissor: Emissor | null, modelo: 'NFE' | 'NFCE' = 'NFE', destino = DA_PILHA()): Promise<{ status: number; corpo: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${destino.url}/ws/SP/${modelo}/homologacao/${servico}`,
      {
        method: 'POST',
        ca: fs.readFileSync(destino.caFile),
        ...(emissor ? { key: emissor.chavePem, cert: emissor.certificadoPem } : {}),
        headers: { 'content-type': ServicosSefaz.includes(servico as ServicoSefaz) ? contentTypeSefaz(servico as ServicoSefaz) : 'application/soap+xml; charset=utf-8' },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (p: Buffer) => partes.push(p));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: Buffer.concat(partes).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(corpo);
  });
}

/** An enviNFe with one signed NF-e, synchronous. */
export const lote = (nfeAssinada: string, indSinc = '1') =>
  `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>1</idLote><indSinc>${indSinc}</indSinc>${nfeAssinada}</enviNFe>`;

/** Signs and sends an NF-e; answers the lote's and the protocol's cStat and xMotivo. */
export async function autorizar(nfe: string, emissor: Emissor, modelo: 'NFE' | 'NFCE' = 'NFE', destino?: Destino) {
  const r = await chamar('NFeAutorizacao4', envelope('NFeAutorizacao4', lote(assinar(nfe, 'infNFe', emissor))), emissor, modelo, destino);
  return { ...r, ...lerRetorno(r.corpo) };
}

/** cStat / xMotivo of the return message, and of the protocol or event inside it when there is one. */
export function lerRetorno(corpo: string) {
  const doc = new DOMParser().parseFromString(corpo, 'text/xml');
  const ns = 'http://www.portalfiscal.inf.br/nfe';
  const todos = (nome: string) => Array.from({ length: doc.getElementsByTagNameNS(ns, nome).length }, (_, i) => doc.getElementsByTagNameNS(ns, nome).item(i)?.textContent ?? '');
  const cStats = todos('cStat');
  const motivos = todos('xMotivo');
  return { cStatLote: cStats[0], xMotivoLote: motivos[0], cStat: cStats.at(-1), xMotivo: motivos.at(-1), nProt: todos('nProt').at(-1) ?? null };
}
