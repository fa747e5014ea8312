import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORRECAO_COMPNFSE_ABRASF, CORRECAO_TSSERIEDPS, aplicarCorrecao } from '../../src/correcoes';
import { arquivosListados, divergencias } from '../../src/fonte';
import { NOMES_PACOTES, PACOTES } from '../../src/pacotes';
import { arquivosDoPacote, pastaDoPacote } from '../../src/validador';

describe('fiscal-schemas - vendored packages', () => {
  it.each(NOMES_PACOTES)('fiscal-schemas - %s is byte-identical to the sha256 list of its SOURCE.md, every file listed', (pacote) => {
    const pasta = pastaDoPacote(pacote);
    expect(arquivosListados(fs.readFileSync(path.join(pasta, 'SOURCE.md'), 'utf8')).length).toBeGreaterThan(0);
    expect(divergencias(pasta)).toEqual([]);
  });

  it('fiscal-schemas - a changed byte, a missing file and an unlisted file are each reported', () => {
    const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    const origem = pastaDoPacote('nfse-abrasf-2.04');
    for (const arquivo of fs.readdirSync(origem)) fs.copyFileSync(path.join(origem, arquivo), path.join(pasta, arquivo));
    fs.appendFileSync(path.join(pasta, 'nfse.wsdl'), ' ');
    fs.rmSync(path.join(pasta, 'xmldsig-core-schema20020212.xsd'));
    fs.writeFileSync(path.join(pasta, 'extra.xsd'), '<x/>');
    expect(divergencias(pasta).map((p) => p.split(':')[0]).sort()).toEqual(['extra.xsd', 'nfse.wsdl', 'xmldsig-core-schema20020212.xsd']);
    fs.rmSync(pasta, { recursive: true });
  });
});

describe('fiscal-schemas - fixes applied to a derived copy', () => {
  it('fiscal-schemas - NFS-e 1.01 TSSerieDPS: the vendored file keeps the official anchored pattern; the copy libxml2 reads has it without ^ and $', () => {
    const oficial = fs.readFileSync(path.join(pastaDoPacote('nfse-nacional-1.01'), 'tiposSimples_v1.01.xsd'), 'utf8');
    expect(oficial).toContain('<xs:pattern value="^0{0,4}\\d{1,5}$"/>');
    const derivado = Buffer.from(arquivosDoPacote('nfse-nacional-1.01')['/nfse-nacional-1.01/tiposSimples_v1.01.xsd']).toString('utf8');
    expect(derivado).not.toContain('^0{0,4}');
    expect(derivado).toContain('<xs:pattern value="0{0,4}\\d{1,5}"/>');
    // Nothing else changed: the copy differs from the official file by the two anchors only.
    expect(derivado.length).toBe(oficial.length - 2);
  });

  it('fiscal-schemas - ABRASF 2.04 CompNfse: minOccurs/maxOccurs dropped from the global element in the copy only', () => {
    const oficial = fs.readFileSync(path.join(pastaDoPacote('nfse-abrasf-2.04'), 'nfse_v204.xsd'), 'utf8');
    expect(oficial).toContain(CORRECAO_COMPNFSE_ABRASF.original);
    const derivado = Buffer.from(arquivosDoPacote('nfse-abrasf-2.04')['/nfse-abrasf-2.04/nfse_v204.xsd']).toString('utf8');
    expect(derivado).toContain('<xsd:element name="CompNfse" type="tcCompNfse"/>');
    expect(derivado).not.toContain('minOccurs="1" maxOccurs="1"/>\n\n\t\t<!-- definition of complex elements');
  });

  it('fiscal-schemas - a fix whose official text is gone (a refreshed package) fails the load instead of being skipped', () => {
    expect(() => aplicarCorrecao('<xs:schema/>', CORRECAO_TSSERIEDPS)).toThrow(/não aplicável/);
    const duas = `${CORRECAO_TSSERIEDPS.original}${CORRECAO_TSSERIEDPS.original}`;
    expect(() => aplicarCorrecao(duas, CORRECAO_TSSERIEDPS)).toThrow(/exatamente uma vez/);
  });

  it('fiscal-schemas - only the two packages with a known defect carry a fix', () => {
    expect(Object.entries(PACOTES).filter(([, p]) => p.correcoes.length > 0).map(([nome]) => nome)).toEqual(['nfse-nacional-1.01', 'nfse-abrasf-2.04']);
  });
});
