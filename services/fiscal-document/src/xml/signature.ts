import { createHash } from 'node:crypto';
import { DOMParser, XMLSerializer, type Document, type Node } from '@xmldom/xmldom';
import { C14nCanonicalization, ExclusiveCanonicalization } from 'xml-crypto';
import { create } from 'xmlbuilder2';

/**
 * XMLDSig enveloped signature as SEFAZ requires it (MOC NF-e §4 "Padrão de assinatura digital"): the element
 * with the `Id` (infNFe, infEvento, infInut) is referenced by `URI="#<Id>"`, transformed by
 * enveloped-signature then C14N (inclusive, without comments), digested with SHA-1, and `SignedInfo` is
 * canonicalized with C14N and signed with RSA-SHA1; `KeyInfo` carries the X.509 certificate. The
 * `<Signature>` goes last in the element's parent.
 *
 * The RSA signature itself is computed elsewhere: `Assinador` gets the canonical `SignedInfo` bytes (the
 * settings service signs them with the company's A1 key, which never leaves it). Canonicalization is
 * xml-crypto's C14N; digest, `SignedInfo` and placement are ours, and the tests verify the result with
 * xml-crypto's own verifier.
 */
export const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

/**
 * The algorithms of a signature. SEFAZ's (NF-e, CT-e) is fixed: RSA-SHA1 over C14N. The NFS-e national standard's
 * is a company setting (docs/nfse.md): RSA-SHA256 digests with SHA-256 too; exclusive C14N replaces C14N in both
 * the transform and SignedInfo.
 */
export interface PerfilAssinatura {
  algoritmo: 'RSA-SHA1' | 'RSA-SHA256';
  canonicalizacao: 'C14N' | 'C14N_EXCLUSIVA';
}
export const PERFIL_SEFAZ: PerfilAssinatura = { algoritmo: 'RSA-SHA1', canonicalizacao: 'C14N' };

export type Assinador = (dados: Buffer) => Promise<{ assinaturaBase64: string; certificadoBase64: string }>;

/** Parses with errors thrown, never printed: a malformed XML here is our own bug. */
export function parseXml(xml: string): Document {
  return new DOMParser({
    onError: (nivel, mensagem) => {
      if (nivel !== 'warning') throw new Error(`malformed XML: ${mensagem}`);
    },
  }).parseFromString(xml, 'text/xml');
}

export function canonico(node: Node, exclusiva = false): string {
  return exclusiva ? new ExclusiveCanonicalization().process(node, {}) : new C14nCanonicalization().process(node, {});
}

function signedInfo(id: string, digest: string, perfil: PerfilAssinatura): string {
  const c14n = perfil.canonicalizacao === 'C14N_EXCLUSIVA' ? EXC_C14N : C14N;
  const sha256 = perfil.algoritmo === 'RSA-SHA256';
  return create()
    .ele(NS_DSIG, 'SignedInfo')
    .ele('CanonicalizationMethod', { Algorithm: c14n }).up()
    .ele('SignatureMethod', { Algorithm: sha256 ? 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256' : `${NS_DSIG}rsa-sha1` }).up()
    .ele('Reference', { URI: `#${id}` })
    .ele('Transforms')
    .ele('Transform', { Algorithm: `${NS_DSIG}enveloped-signature` }).up()
    .ele('Transform', { Algorithm: c14n }).up()
    .up()
    .ele('DigestMethod', { Algorithm: sha256 ? 'http://www.w3.org/2001/04/xmlenc#sha256' : `${NS_DSIG}sha1` }).up()
    .ele('DigestValue').txt(digest)
    .end({ headless: true });
}

/**
 * A signer of the right shape and no key: the schema of a signed document requires its `Signature`, so what we build
 * is validated, before the real signing, with this placeholder in the same place and structure.
 */
export const assinadorDeForma: Assinador = async () => ({ assinaturaBase64: 'AAAA', certificadoBase64: 'AAAA' });

/**
 * Signs the first element named `tag` (it must carry `Id`) and returns the whole document with the signature
 * appended to that element's parent. The same input and key give the same output (RSA PKCS#1 v1.5 is
 * deterministic), which lets a resent document be byte-identical to the first.
 */
export async function assinarXml(xml: string, tag: string, assinador: Assinador, perfil: PerfilAssinatura = PERFIL_SEFAZ): Promise<string> {
  const doc = parseXml(xml);
  const alvo = doc.getElementsByTagName(tag).item(0);
  const id = alvo?.getAttribute('Id');
  if (!alvo || !id || !alvo.parentNode) throw new Error(`no <${tag} Id="..."> to sign`);
  const exclusiva = perfil.canonicalizacao === 'C14N_EXCLUSIVA';
  const digest = createHash(perfil.algoritmo === 'RSA-SHA256' ? 'sha256' : 'sha1').update(canonico(alvo, exclusiva), 'utf8').digest('base64');
  const info = signedInfo(id, digest, perfil);
  const infoDoc = parseXml(info);
  const { assinaturaBase64, certificadoBase64 } = await assinador(Buffer.from(canonico(infoDoc.documentElement!, exclusiva), 'utf8'));
  const assinatura = create()
    .ele(NS_DSIG, 'Signature')
    .import(create(info).root())
    .ele('SignatureValue').txt(assinaturaBase64).up()
    .ele('KeyInfo').ele('X509Data').ele('X509Certificate').txt(certificadoBase64)
    .end({ headless: true });
  const no = doc.importNode(parseXml(assinatura).documentElement!, true);
  alvo.parentNode.appendChild(no);
  return new XMLSerializer().serializeToString(doc);
}
