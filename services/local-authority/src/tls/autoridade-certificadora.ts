import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/**
 * The development CA of the local authority: made at the first start in its data folder (`ca.pem`, `ca-key.pem`)
 * and kept, with the TLS server certificate it issues for 127.0.0.1 and localhost (`servidor.pem`,
 * `servidor-key.pem`, made again when missing or within 30 days of expiry). The settings relay trusts `ca.pem`
 * outside production only (LOCAL_AUTHORITY_CA_FILE). No key material is committed; keys are written 0600.
 */
const DIA = 86_400_000;

export interface MaterialTls {
  caFile: string;
  key: string;
  cert: string;
}

function parDeChaves() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { pem: privateKey, privada: forge.pki.privateKeyFromPem(privateKey), publica: forge.pki.publicKeyFromPem(publicKey) };
}

const serial = () => `01${forge.util.bytesToHex(forge.random.getBytesSync(12))}`;
const escrever = (arquivo: string, conteudo: string, modo: number) => fs.writeFileSync(arquivo, conteudo, { mode: modo });

function criarCa(dir: string): void {
  const chaves = parDeChaves();
  const cert = forge.pki.createCertificate();
  cert.publicKey = chaves.publica;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - DIA);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * DIA);
  const nome = [
    { shortName: 'CN', value: 'AC AUTORIDADE FISCAL LOCAL - DESENVOLVIMENTO' },
    { shortName: 'O', value: 'ERP - somente desenvolvimento e testes' },
  ];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  cert.setExtensions([{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }]);
  cert.sign(chaves.privada, forge.md.sha256.create());
  escrever(path.join(dir, 'ca-key.pem'), chaves.pem, 0o600);
  escrever(path.join(dir, 'ca.pem'), forge.pki.certificateToPem(cert), 0o644);
}

function criarServidor(dir: string): void {
  const ca = forge.pki.certificateFromPem(fs.readFileSync(path.join(dir, 'ca.pem'), 'utf8'));
  const caChave = forge.pki.privateKeyFromPem(fs.readFileSync(path.join(dir, 'ca-key.pem'), 'utf8'));
  const chaves = parDeChaves();
  const cert = forge.pki.createCertificate();
  cert.publicKey = chaves.publica;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - DIA);
  cert.validity.notAfter = new Date(Math.min(Date.now() + 365 * DIA, ca.validity.notAfter.getTime()));
  cert.setSubject([{ shortName: 'CN', value: '127.0.0.1' }]);
  cert.setIssuer(ca.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
  ]);
  cert.sign(caChave, forge.md.sha256.create());
  escrever(path.join(dir, 'servidor-key.pem'), chaves.pem, 0o600);
  escrever(path.join(dir, 'servidor.pem'), forge.pki.certificateToPem(cert), 0o644);
}

const venceLogo = (arquivo: string) => new Date(new X509Certificate(fs.readFileSync(arquivo)).validTo).getTime() < Date.now() + 30 * DIA;

/** The CA and server certificate of `dir`, made when missing (or, for the server's, close to expiry). */
export function materialTls(dir: string): MaterialTls {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caFile = path.join(dir, 'ca.pem');
  if (!fs.existsSync(caFile) || !fs.existsSync(path.join(dir, 'ca-key.pem')) || venceLogo(caFile)) criarCa(dir);
  const certFile = path.join(dir, 'servidor.pem');
  const servidorValido =
    fs.existsSync(certFile) &&
    fs.existsSync(path.join(dir, 'servidor-key.pem')) &&
    !venceLogo(certFile) &&
    new X509Certificate(fs.readFileSync(certFile)).checkIssued(new X509Certificate(fs.readFileSync(caFile)));
  if (!servidorValido) criarServidor(dir);
  return { caFile, key: fs.readFileSync(path.join(dir, 'servidor-key.pem'), 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
}
