import { createHash, verify, X509Certificate } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { NS_DSIG } from './xml';
import type { Rejeicao } from './regras';

/**
 * The XMLDSig check of a signed message (NF-e, event, voiding), as SEFAZ does it (MOC §4.4): the profile SEFAZ
 * accepts (C14N 1.0, RSA-SHA1, one Reference to the element's Id with the enveloped-signature and C14N transforms,
 * SHA-1 digest, the certificate in KeyInfo), the digest of the referenced element and the RSA signature of
 * SignedInfo, both over canonical forms given by the caller (libxml2's C14N, not the canonicalizer our signer
 * uses), and the certificate: the one of the TLS connection, of the issuer's CNPJ base.
 */
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const PERFIL = {
  canonicalizacao: C14N,
  assinatura: `${NS_DSIG}rsa-sha1`,
  transformacoes: [`${NS_DSIG}enveloped-signature`, C14N],
  digest: `${NS_DSIG}sha1`,
};

export interface Canonicos {
  elemento: string | null;
  signedInfo: string | null;
}

const dsig = (pai: Element, nome: string) => pai.getElementsByTagNameNS(NS_DSIG, nome);
const algoritmo = (pai: Element, nome: string) => dsig(pai, nome).item(0)?.getAttribute('Algorithm') ?? null;
const textoDsig = (pai: Element, nome: string) => (dsig(pai, nome).item(0)?.textContent ?? '').replace(/\s+/g, '');

export const ASSINATURA_DIFERE: Rejeicao = { cStat: '297', xMotivo: 'Rejeição: Assinatura difere do calculado' };
const FORA_DO_PADRAO: Rejeicao = { cStat: '298', xMotivo: 'Rejeição: Assinatura difere do padrão do Sistema' };
const CNPJ_DIFERE = 'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital';

/** The ds:Signature that is a child of `pai` (the element's parent), or null. */
export function assinaturaDe(pai: Element): Element | null {
  for (let no = pai.firstChild; no; no = no.nextSibling) {
    if (no.nodeType === 1 && (no as Element).localName === 'Signature' && (no as Element).namespaceURI === NS_DSIG) return no as Element;
  }
  return null;
}

/** The CNPJ an ICP-Brasil e-CNPJ certificate carries after the colon of its CN (`EMPRESA LTDA:11222333000181`). */
export function cnpjDoCertificado(der: Buffer): string | null {
  try {
    return /CN=[^\n]*:([0-9A-Z]{12}[0-9]{2})/.exec(new X509Certificate(der).subject)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Null when the signature over `#<id>` is valid, by the TLS client's certificate, of `cnpjEmitente`'s base. */
export function conferirAssinatura(assinatura: Element | null, id: string, canonicos: Canonicos, clienteTls: Buffer, cnpjEmitente: string): Rejeicao | null {
  if (!assinatura) return ASSINATURA_DIFERE;
  const referencias = dsig(assinatura, 'Reference');
  const transformacoes = Array.from({ length: dsig(assinatura, 'Transform').length }, (_, i) => dsig(assinatura, 'Transform').item(i)?.getAttribute('Algorithm'));
  if (
    algoritmo(assinatura, 'CanonicalizationMethod') !== PERFIL.canonicalizacao ||
    algoritmo(assinatura, 'SignatureMethod') !== PERFIL.assinatura ||
    algoritmo(assinatura, 'DigestMethod') !== PERFIL.digest ||
    referencias.length !== 1 ||
    referencias.item(0)?.getAttribute('URI') !== `#${id}` ||
    transformacoes.join(' ') !== PERFIL.transformacoes.join(' ')
  ) {
    return FORA_DO_PADRAO;
  }
  if (canonicos.elemento === null || canonicos.signedInfo === null) return ASSINATURA_DIFERE;
  const der = Buffer.from(textoDsig(assinatura, 'X509Certificate'), 'base64');
  let certificado: X509Certificate;
  try {
    certificado = new X509Certificate(der);
  } catch {
    return { cStat: '290', xMotivo: 'Rejeição: Certificado Assinatura inválido' };
  }
  const digest = createHash('sha1').update(canonicos.elemento, 'utf8').digest('base64');
  if (digest !== textoDsig(assinatura, 'DigestValue')) return ASSINATURA_DIFERE;
  const valida = verify('RSA-SHA1', Buffer.from(canonicos.signedInfo, 'utf8'), certificado.publicKey, Buffer.from(textoDsig(assinatura, 'SignatureValue'), 'base64'));
  if (!valida) return ASSINATURA_DIFERE;
  if (!der.equals(clienteTls)) return { cStat: '213', xMotivo: `${CNPJ_DIFERE} [o certificado da assinatura não é o da conexão]` };
  const cnpj = cnpjDoCertificado(der);
  if (!cnpj || cnpj.slice(0, 8) !== cnpjEmitente.slice(0, 8)) return { cStat: '213', xMotivo: CNPJ_DIFERE };
  return null;
}
