import { createHash, sign, verify, X509Certificate } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { canonicalizarAssinatura } from '@erp/fiscal-schemas';
import { assinaturaDe, cnpjDoCertificado } from '../domain/assinatura';
import { NS_DSIG } from '../domain/xml';

/**
 * The XMLDSig check of what Sefin Nacional receives signed (the DPS over `infDPS`, an event request over
 * `infPedReg`): one Reference to the element's Id with the enveloped-signature transform and the canonicalization
 * also used for SignedInfo, under one of the profiles the national standard's implementations send (RSA-SHA1 or
 * RSA-SHA256 with their digest; C14N 1.0 or exclusive C14N 1.0: docs/nfse.md); the digest and RSA signature over
 * libxml2's canonical forms (not our signer's canonicalizer); the certificate being the TLS client's, of the
 * provider's CNPJ base. Any failure is E0714 "Arquivo enviado com erro na assinatura", the code production uses.
 */
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ALGORITMOS: Record<string, { hash: 'sha1' | 'sha256'; digest: string }> = {
  [`${NS_DSIG}rsa-sha1`]: { hash: 'sha1', digest: `${NS_DSIG}sha1` },
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': { hash: 'sha256', digest: 'http://www.w3.org/2001/04/xmlenc#sha256' },
};

export interface ErroSefin {
  codigo: string;
  descricao: string;
  complemento?: string;
}

const ERRO_ASSINATURA = (complemento: string): ErroSefin => ({ codigo: 'E0714', descricao: 'Arquivo enviado com erro na assinatura', complemento });

const dsig = (pai: Element, nome: string) => pai.getElementsByTagNameNS(NS_DSIG, nome);
const algoritmo = (pai: Element, nome: string) => dsig(pai, nome).item(0)?.getAttribute('Algorithm') ?? null;
const textoDsig = (pai: Element, nome: string) => (dsig(pai, nome).item(0)?.textContent ?? '').replace(/\s+/g, '');

/** Null when `xml`'s signature over `#<id>` (a child of `pai`) is valid, by the TLS client, of `cnpj`'s base. */
export async function conferirAssinaturaSefin(xml: string, pai: Element, id: string, clienteTls: Buffer, cnpj: string): Promise<ErroSefin | null> {
  const assinatura = assinaturaDe(pai);
  if (!assinatura) return ERRO_ASSINATURA('sem Signature');
  const c14n = algoritmo(assinatura, 'CanonicalizationMethod');
  const perfil = ALGORITMOS[algoritmo(assinatura, 'SignatureMethod') ?? ''];
  const transformacoes = Array.from({ length: dsig(assinatura, 'Transform').length }, (_, i) => dsig(assinatura, 'Transform').item(i)?.getAttribute('Algorithm'));
  if (
    (c14n !== C14N && c14n !== EXC_C14N) ||
    !perfil ||
    algoritmo(assinatura, 'DigestMethod') !== perfil.digest ||
    dsig(assinatura, 'Reference').length !== 1 ||
    dsig(assinatura, 'Reference').item(0)?.getAttribute('URI') !== `#${id}` ||
    transformacoes.join(' ') !== `${NS_DSIG}enveloped-signature ${c14n}`
  ) {
    return ERRO_ASSINATURA('algoritmos fora do padrão (RSA-SHA1/RSA-SHA256, C14N/C14N exclusiva, enveloped-signature, uma Reference ao Id)');
  }
  const canonicos = await canonicalizarAssinatura(xml, id, { exclusiva: c14n === EXC_C14N });
  if (canonicos.elemento === null || canonicos.signedInfo === null) return ERRO_ASSINATURA('SignedInfo ou elemento assinado ausente');
  const der = Buffer.from(textoDsig(assinatura, 'X509Certificate'), 'base64');
  let certificado: X509Certificate;
  try {
    certificado = new X509Certificate(der);
  } catch {
    return ERRO_ASSINATURA('certificado ilegível');
  }
  if (createHash(perfil.hash).update(canonicos.elemento, 'utf8').digest('base64') !== textoDsig(assinatura, 'DigestValue')) return ERRO_ASSINATURA('DigestValue difere do calculado');
  const valida = verify(`RSA-${perfil.hash.toUpperCase()}`, Buffer.from(canonicos.signedInfo, 'utf8'), certificado.publicKey, Buffer.from(textoDsig(assinatura, 'SignatureValue'), 'base64'));
  if (!valida) return ERRO_ASSINATURA('SignatureValue difere do calculado');
  if (!der.equals(clienteTls)) return ERRO_ASSINATURA('o certificado da assinatura não é o da conexão');
  const doCertificado = cnpjDoCertificado(der);
  if (!doCertificado || doCertificado.slice(0, 8) !== cnpj.slice(0, 8)) return ERRO_ASSINATURA('CNPJ base do certificado difere do emitente');
  return null;
}

/**
 * Signs what Sefin generates (the NFS-e over `infNFSe`, an event over `infEvento`) with the authority's own key:
 * RSA-SHA1 over C14N 1.0, canonicalized by libxml2 in the document's context. `xml` ends with `</raiz>`; the
 * signature goes last in the root.
 */
export async function assinarComoSefin(xml: string, raiz: string, id: string, tls: { key: string; cert: string }): Promise<string> {
  const certificado = tls.cert.replace(/-----[^-]+-----|\s+/g, '');
  const signedInfo = (digest: string) =>
    `<SignedInfo><CanonicalizationMethod Algorithm="${C14N}"/><SignatureMethod Algorithm="${NS_DSIG}rsa-sha1"/><Reference URI="#${id}"><Transforms><Transform Algorithm="${NS_DSIG}enveloped-signature"/><Transform Algorithm="${C14N}"/></Transforms><DigestMethod Algorithm="${NS_DSIG}sha1"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const com = (digest: string, valor: string) =>
    xml.replace(new RegExp(`</${raiz}>$`), `<Signature xmlns="${NS_DSIG}">${signedInfo(digest)}<SignatureValue>${valor}</SignatureValue><KeyInfo><X509Data><X509Certificate>${certificado}</X509Certificate></X509Data></KeyInfo></Signature></${raiz}>`);
  const primeiro = await canonicalizarAssinatura(com('', ''), id);
  if (primeiro.elemento === null) throw new Error(`no element ${id} to sign`);
  const digest = createHash('sha1').update(primeiro.elemento, 'utf8').digest('base64');
  const segundo = await canonicalizarAssinatura(com(digest, ''), id);
  if (segundo.signedInfo === null) throw new Error('no SignedInfo');
  const valor = sign('RSA-SHA1', Buffer.from(segundo.signedInfo, 'utf8'), tls.key).toString('base64');
  return com(digest, valor);
}
