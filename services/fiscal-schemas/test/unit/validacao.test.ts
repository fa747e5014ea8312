import fs from 'node:fs';
import path from 'node:path';
import { encerrarValidador, validarXml, type NomePacote } from '../../src';

/**
 * libxml2 (libxml2-wasm, in a worker) against the official packages: every root schema compiles with its includes and
 * imports, a known-good NF-e passes, a broken one fails with the line and the element.
 */
const NFE_VALIDA = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'nfe-valida.xml'), 'utf8');

afterAll(() => encerrarValidador());

const RAIZES: [NomePacote, string[]][] = [
  ['nfe-PL_010_V1.30', ['nfe_v4.00.xsd', 'enviNFe_v4.00.xsd', 'retEnviNFe_v4.00.xsd', 'procNFe_v4.00.xsd', 'consReciNFe_v4.00.xsd', 'retConsReciNFe_v4.00.xsd', 'consSitNFe_v4.00.xsd', 'retConsSitNFe_v4.00.xsd', 'consStatServ_v4.00.xsd', 'retConsStatServ_v4.00.xsd', 'inutNFe_v4.00.xsd', 'retInutNFe_v4.00.xsd', 'procInutNFe_v4.00.xsd', 'envEvento_v1.00.xsd', 'retEnvEvento_v1.00.xsd', 'procEventoNFe_v1.00.xsd', 'e110110_v1.00.xsd', 'e110111_v1.00.xsd', 'e110112_v1.00.xsd']],
  ['cte-PL_CTe_400_RTC', ['cte_v4.00.xsd', 'cteOS_v4.00.xsd', 'cteSimp_v4.00.xsd', 'GTVe_v4.00.xsd', 'procCTe_v4.00.xsd', 'eventoCTe_v4.00.xsd', 'procEventoCTe_v4.00.xsd', 'evCancCTe_v4.00.xsd', 'evCCeCTe_v4.00.xsd', 'consSitCTe_v4.00.xsd', 'consStatServCTe_v4.00.xsd']],
  ['nfse-nacional-1.01', ['DPS_v1.01.xsd', 'NFSe_v1.01.xsd', 'pedRegEvento_v1.01.xsd', 'evento_v1.01.xsd', 'CNC_v1.00.xsd']],
  ['nfse-abrasf-2.04', ['nfse_v204.xsd']],
];

describe('fiscal-schemas - libxml2 validation', () => {
  it.each(RAIZES)('fiscal-schemas - every root schema of %s compiles (includes and imports resolved among the package files)', async (pacote, raizes) => {
    for (const raiz of raizes) {
      const r = await validarXml(pacote, raiz, '<nenhum/>');
      // Compiled: the only complaint is that the document is none of the schema's roots.
      expect({ raiz, r }).toEqual({ raiz, r: { ok: false, erros: [expect.objectContaining({ mensagem: expect.stringMatching(/No matching global declaration/) })] } });
    }
  }, 60_000);

  it('fiscal-schemas - a known-good signed NF-e (PL_010 v1.30, IBS/CBS groups) passes nfe_v4.00.xsd', async () => {
    await expect(validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', NFE_VALIDA)).resolves.toEqual({ ok: true });
  });

  it('fiscal-schemas - a broken NF-e fails with the line and the element: a CFOP of 3 digits, a missing vProd, an unknown element', async () => {
    const cfop = await validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', NFE_VALIDA.replace('<CFOP>5102</CFOP>', '<CFOP>510</CFOP>'));
    expect(cfop).toEqual({ ok: false, erros: [{ linha: 1, mensagem: expect.stringContaining("'{http://www.portalfiscal.inf.br/nfe}CFOP'") }] });
    const semVProd = await validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', NFE_VALIDA.replace(/<vProd>[^<]*<\/vProd><cEANTrib>/, '<cEANTrib>'));
    expect(semVProd.ok).toBe(false);
    expect(!semVProd.ok && semVProd.erros[0].mensagem).toMatch(/cEANTrib.*This element is not expected. Expected is .*vProd/);
    const estranho = await validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', NFE_VALIDA.replace('<transp>', '<brinde>1</brinde><transp>'));
    expect(!estranho.ok && estranho.erros[0].mensagem).toMatch(/brinde.*not expected/);
  });

  it('fiscal-schemas - a document that is not well-formed is an error with its line, not an exception', async () => {
    const r = await validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">\n<infNFe>\n</NFe>');
    expect(r).toEqual({ ok: false, erros: [expect.objectContaining({ linha: 3 })] });
  });

  it('fiscal-schemas - a root file outside the package is refused', async () => {
    await expect(validarXml('nfe-PL_010_V1.30', '../../../package.json', '<x/>')).rejects.toThrow(/não existe/);
  });
});
