import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * XML signature verification by an implementation that shares nothing with the signer's (xml-crypto): xmlsec1,
 * the XML Security Library over libxml2's C14N and OpenSSL (Debian's `xmlsec1`, installed by scripts/bootstrap.sh).
 * `elementoComId` is the signed element of the NF-e namespace whose `Id` the `Reference` names (infNFe,
 * infEvento, infInut). The key is the certificate the signature carries in `KeyInfo` (X509Data itself is not
 * trusted as a chain: the stand-in and the tests use throw-away CAs). True when xmlsec1 says OK.
 */
export function xmlsec1Verifica(xml: string, elementoComId: string): boolean {
  const der = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)?.[1];
  if (!der) return false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-xmlsec-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.xml'), xml);
    fs.writeFileSync(path.join(dir, 'cert.pem'), `-----BEGIN CERTIFICATE-----\n${der.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`);
    execFileSync(
      'xmlsec1',
      ['--verify', '--pubkey-cert-pem', path.join(dir, 'cert.pem'), '--enabled-key-data', 'key-name', '--id-attr:Id', `http://www.portalfiscal.inf.br/nfe:${elementoComId}`, path.join(dir, 'doc.xml')],
      { stdio: 'pipe' },
    );
    return true;
  } catch (error) {
    // A verification failure is xmlsec1's exit status 1; anything else (not installed...) is the test's fault.
    if ((error as { status?: number | null }).status !== 1) throw error;
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
