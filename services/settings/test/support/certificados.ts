import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * Builds ICP-Brasil-style A1 certificates and .pfx files at test time, so no key material is committed.
 * Keys come from node:crypto (fast) and are handed to forge, which writes the PKCS#12.
 */

const { asn1, pki } = forge;
const DIA = 86_400_000;

let chaveCompartilhada: { privada: forge.pki.rsa.PrivateKey; publica: forge.pki.rsa.PublicKey } | undefined;

function parDeChaves() {
  if (!chaveCompartilhada) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    chaveCompartilhada = {
      privada: pki.privateKeyFromPem(privateKey),
      publica: pki.publicKeyFromPem(publicKey),
    };
  }
  return chaveCompartilhada;
}

export interface OpcoesCertificado {
  razaoSocial?: string;
  /** CNPJ written after ':' in the CN (ICP-Brasil convention); null leaves it out. */
  cnpjNoNome?: string | null;
  /** CNPJ in subjectAltName otherName 2.16.76.1.3.3; null leaves it out. */
  cnpjOtherName?: string | null;
  validoDe?: Date;
  validoAte?: Date;
}

function extensaoOtherNameCnpj(cnpj: string): { id: string; critical: boolean; value: string } {
  const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer('2.16.76.1.3.3').getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, cnpj)]),
  ]);
  const nomes = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName]);
  return { id: '2.5.29.17', critical: false, value: asn1.toDer(nomes).getBytes() };
}

/** A self-signed end-entity certificate shaped like an ICP-Brasil e-CNPJ A1. */
export function criarCertificado(opcoes: OpcoesCertificado = {}) {
  const chaves = parDeChaves();
  const agora = Date.now();
  const razao = opcoes.razaoSocial ?? 'EMPRESA DE TESTE LTDA';
  const cnpjNoNome = opcoes.cnpjNoNome === undefined ? '11222333000181' : opcoes.cnpjNoNome;
  const cert = pki.createCertificate();
  cert.publicKey = chaves.publica;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = opcoes.validoDe ?? new Date(agora - DIA);
  cert.validity.notAfter = opcoes.validoAte ?? new Date(agora + 365 * DIA);
  const subject = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'CN', value: cnpjNoNome ? `${razao}:${cnpjNoNome}` : razao },
  ];
  cert.setSubject(subject);
  cert.setIssuer([{ shortName: 'C', value: 'BR' }, { shortName: 'CN', value: 'AC TESTE RFB v5' }]);
  const extensoes: object[] = [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, keyEncipherment: true }];
  if (opcoes.cnpjOtherName) extensoes.push(extensaoOtherNameCnpj(opcoes.cnpjOtherName));
  cert.setExtensions(extensoes);
  cert.sign(chaves.privada, forge.md.sha256.create());
  return { cert, chavePrivada: chaves.privada, chavePublicaPem: pki.publicKeyToPem(chaves.publica) };
}

function derParaBuffer(der: forge.asn1.Asn1): Buffer {
  return Buffer.from(asn1.toDer(der).getBytes(), 'binary');
}

/** A modern .pfx (AES-256 key bag, SHA-256... as forge writes it). */
export function criarPfx(senha: string, opcoes: OpcoesCertificado = {}): Buffer {
  const { cert, chavePrivada } = criarCertificado(opcoes);
  return derParaBuffer(forge.pkcs12.toPkcs12Asn1(chavePrivada, cert, senha, { algorithm: 'aes256' }));
}

/** A .pfx exported without its private key (only the certificate), useless for signing. */
export function criarPfxSemChave(senha: string): Buffer {
  const { cert } = criarCertificado();
  return derParaBuffer(forge.pkcs12.toPkcs12Asn1(null, cert, senha, { algorithm: '3des' }));
}

function contentInfoData(conteudo: forge.asn1.Asn1): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids.data).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, asn1.toDer(conteudo).getBytes()),
    ]),
  ]);
}

function inteiroDer(n: number): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
}

/**
 * The legacy layout many Brazilian issuers still ship (what `openssl pkcs12 -export -legacy` writes): the
 * certificate bag encrypted with pbeWithSHAAnd40BitRC2-CBC, the key shrouded with pbeWithSHAAnd3-KeyTripleDES,
 * HMAC-SHA1 MAC. forge writes the 3DES key bag itself; the RC2-40 encrypted cert bag is assembled here,
 * with forge's own PKCS#12 key derivation and RC2 cipher.
 */
export function criarPfxLegadoRc2(senha: string, opcoes: OpcoesCertificado = {}): Buffer {
  const { cert, chavePrivada } = criarCertificado(opcoes);
  const iteracoes = 2048;

  const certBag = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids.certBag).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids.x509Certificate).getBytes()),
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, asn1.toDer(pki.certificateToAsn1(cert)).getBytes()),
        ]),
      ]),
    ]),
  ]);
  const certSafeContents = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [certBag]);

  const sal = forge.random.getBytesSync(8);
  const salBuffer = () => forge.util.createBuffer(sal);
  const chaveRc2 = forge.pkcs12.generateKey(senha, salBuffer(), 1, iteracoes, 5);
  const ivRc2 = forge.pkcs12.generateKey(senha, salBuffer(), 2, iteracoes, 8);
  const cifra = forge.rc2.createEncryptionCipher(chaveRc2, 40);
  cifra.start(ivRc2);
  cifra.update(asn1.toDer(certSafeContents));
  cifra.finish();

  const encryptedData = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids.encryptedData).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        inteiroDer(0),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids.data).getBytes()),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids['pbewithSHAAnd40BitRC2-CBC']).getBytes()),
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, sal),
              inteiroDer(iteracoes),
            ]),
          ]),
          asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, cifra.output.getBytes()),
        ]),
      ]),
    ]),
  ]);

  const keyBag = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids.pkcs8ShroudedKeyBag).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      pki.encryptPrivateKeyInfo(pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(chavePrivada)), senha, { algorithm: '3des', count: iteracoes }),
    ]),
  ]);
  const keySafeContents = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [keyBag]);

  const authSafe = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [encryptedData, contentInfoData(keySafeContents)]);
  const authSafeDer = asn1.toDer(authSafe).getBytes();

  const salMac = forge.random.getBytesSync(8);
  const chaveMac = forge.pkcs12.generateKey(senha, forge.util.createBuffer(salMac), 3, iteracoes, 20);
  const hmac = forge.hmac.create();
  hmac.start('sha1', chaveMac);
  hmac.update(authSafeDer);
  const macData = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids.sha1).getBytes()),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
      ]),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, hmac.digest().getBytes()),
    ]),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, salMac),
    inteiroDer(iteracoes),
  ]);

  const pfx = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    inteiroDer(3),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(pki.oids.data).getBytes()),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, authSafeDer)]),
    ]),
    macData,
  ]);
  return derParaBuffer(pfx);
}

/** The public key of the shared test key pair (PEM), to verify signatures made by the settings service. */
export function chavePublicaDeTeste(): string {
  return pki.publicKeyToPem(parDeChaves().publica);
}
