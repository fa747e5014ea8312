import forge from 'node-forge';
import { type SettingsErrorCodes } from '@erp/contracts';
import { cnpjProblem, normalizeCnpj } from '@erp/fiscal-rules';

/**
 * Reads an A1 certificate (.pfx, PKCS#12) with node-forge, which implements the legacy PKCS#12 ciphers
 * (RC2-40, 3DES) in JavaScript: many Brazilian issuers still produce RC2-40 files that OpenSSL 3 refuses
 * without its legacy provider.
 */

/** ICP-Brasil: otherName in subjectAltName carrying the company's CNPJ. */
const OID_CNPJ_ICP_BRASIL = '2.16.76.1.3.3';
const DIA_MS = 86_400_000;
const DIAS_AVISO_EXPIRACAO = 30;

/** What a certificate states about itself: public, kept in clear and shown on GET. */
export interface DadosCertificado {
  titular: string;
  cnpj: string;
  emissor: string;
  numeroSerie: string;
  validoDe: Date;
  validoAte: Date;
}

interface CertificadoLido extends DadosCertificado {
  /** Public certificate, DER: safe to hand to anyone (goes into the XML signature). */
  certificadoDer: Buffer;
  /** PKCS#8 PEM of the private key: stays inside the settings service. */
  chavePrivadaPem: string;
}

type CodigoRecusaCertificado =
  | typeof SettingsErrorCodes.CERTIFICADO_SENHA_INVALIDA
  | typeof SettingsErrorCodes.CERTIFICADO_FORMATO_INVALIDO
  | typeof SettingsErrorCodes.CERTIFICADO_SEM_CHAVE_PRIVADA
  | typeof SettingsErrorCodes.CERTIFICADO_SEM_CNPJ;

export type LeituraCertificado =
  | { ok: true; certificado: CertificadoLido }
  | { ok: false; codigo: CodigoRecusaCertificado; erro: string };

function recusa(codigo: CodigoRecusaCertificado, erro: string): LeituraCertificado {
  return { ok: false, codigo, erro };
}

/** Opens the file: structure first (so "not PKCS#12" and "wrong password" are told apart), then decryption. */
export function lerCertificadoA1(arquivo: Buffer, senha: string): LeituraCertificado {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(arquivo.toString('binary')), true);
    if (!pareceUmPfx(asn1)) return recusa('CERTIFICADO_FORMATO_INVALIDO', 'o arquivo não é um certificado PKCS#12 (.pfx/.p12)');
  } catch {
    return recusa('CERTIFICADO_FORMATO_INVALIDO', 'o arquivo não é um certificado PKCS#12 (.pfx/.p12)');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, senha);
  } catch (error) {
    const mensagem = error instanceof Error ? error.message : '';
    if (/unsupported|unknown oid/i.test(mensagem)) {
      return recusa('CERTIFICADO_FORMATO_INVALIDO', 'o arquivo PKCS#12 usa um algoritmo não suportado');
    }
    return recusa('CERTIFICADO_SENHA_INVALIDA', 'a senha não abre o certificado');
  }

  const chaves = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ].flatMap((bag) => (bag.key ? [bag.key] : []));
  // Without a MAC, a wrong password decrypts to garbage that yields no key rather than an error.
  if (chaves.length === 0) return recusa('CERTIFICADO_SEM_CHAVE_PRIVADA', 'o arquivo não contém a chave privada (ou a senha não a abre)');
  const certificados = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );

  // The holder's certificate is the one whose public key matches the key; the rest is the issuer chain.
  for (const chave of chaves) {
    const titular = certificados.find((c) => mesmaChave(c, chave));
    if (!titular) continue;
    const cnpj = cnpjDoCertificado(titular);
    if (!cnpj) return recusa('CERTIFICADO_SEM_CNPJ', 'o certificado não traz um CNPJ (padrão ICP-Brasil)');
    return {
      ok: true,
      certificado: {
        titular: atributo(titular.subject, 'CN'),
        cnpj,
        emissor: atributo(titular.issuer, 'CN'),
        numeroSerie: titular.serialNumber,
        validoDe: titular.validity.notBefore,
        validoAte: titular.validity.notAfter,
        certificadoDer: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(titular)).getBytes(), 'binary'),
        chavePrivadaPem: forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(chave))),
      },
    };
  }
  return recusa('CERTIFICADO_SEM_CHAVE_PRIVADA', 'nenhum certificado do arquivo corresponde à chave privada');
}

function pareceUmPfx(asn1: forge.asn1.Asn1): boolean {
  const partes = asn1.value;
  if (!Array.isArray(partes) || partes.length < 2) return false;
  const versao = partes[0];
  return versao.type === forge.asn1.Type.INTEGER && Array.isArray(partes[1].value);
}

function mesmaChave(certificado: forge.pki.Certificate, chave: forge.pki.rsa.PrivateKey): boolean {
  const publica = certificado.publicKey as forge.pki.rsa.PublicKey;
  return Boolean(publica.n) && publica.n.equals(chave.n) && publica.e.equals(chave.e);
}

function atributo(nome: forge.pki.Certificate['subject'], curto: string): string {
  const campo = nome.getField(curto) as { value?: unknown } | null;
  const valor = campo?.value;
  if (typeof valor !== 'string') return '';
  // forge hands back the raw bytes of a UTF8String; a malformed one is shown as it is rather than refused.
  try {
    return forge.util.decodeUtf8(valor);
  } catch {
    return valor;
  }
}

/**
 * ICP-Brasil e-CNPJ: the CNPJ is in subjectAltName as otherName 2.16.76.1.3.3 and, by convention, after the
 * last ':' of the subject CN (`RAZAO SOCIAL:12345678000195`). The otherName wins when both exist.
 */
function cnpjDoCertificado(certificado: forge.pki.Certificate): string | null {
  const candidatos = [cnpjDoSubjectAltName(certificado), cnpjDoNomeComum(certificado)];
  for (const candidato of candidatos) {
    if (candidato && cnpjProblem(candidato) === null) return candidato;
  }
  return null;
}

function cnpjDoNomeComum(certificado: forge.pki.Certificate): string | null {
  const cn = atributo(certificado.subject, 'CN');
  const indice = cn.lastIndexOf(':');
  return indice >= 0 ? normalizeCnpj(cn.slice(indice + 1).trim()) : null;
}

function cnpjDoSubjectAltName(certificado: forge.pki.Certificate): string | null {
  const extensao = certificado.getExtension('subjectAltName') as { value?: string } | null;
  if (!extensao?.value) return null;
  try {
    const nomes = forge.asn1.fromDer(extensao.value);
    for (const nome of nomes.value as forge.asn1.Asn1[]) {
      // otherName is [0] IMPLICIT SEQUENCE { type-id OID, [0] EXPLICIT value }
      if (nome.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || Number(nome.type) !== 0) continue;
      const [oid, valor] = nome.value as forge.asn1.Asn1[];
      if (forge.asn1.derToOid(oid.value as string) !== OID_CNPJ_ICP_BRASIL) continue;
      const interno = (valor.value as forge.asn1.Asn1[])[0];
      if (typeof interno?.value === 'string') return normalizeCnpj(interno.value.trim());
    }
  } catch {
    return null;
  }
  return null;
}

/** Whole days left (negative once expired) and the warning shown from 30 days out. */
export function situacaoValidade(validoAte: Date, agora: Date): { diasParaExpirar: number; aviso: string | null } {
  const diasParaExpirar = Math.floor((validoAte.getTime() - agora.getTime()) / DIA_MS);
  if (diasParaExpirar < 0) return { diasParaExpirar, aviso: 'o certificado A1 expirou; envie um novo' };
  if (diasParaExpirar <= DIAS_AVISO_EXPIRACAO) {
    const quando = diasParaExpirar === 0 ? 'hoje' : diasParaExpirar === 1 ? 'em 1 dia' : `em ${diasParaExpirar} dias`;
    return { diasParaExpirar, aviso: `o certificado A1 expira ${quando}; providencie a renovação` };
  }
  return { diasParaExpirar, aviso: null };
}
