import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { validarRegrasCte } from '../../src/cte/regras';

/**
 * The CT-e stand-in's MOC rules over a parsed CT-e (the fixture is the fiscal-document builder's output for a
 * regime-normal carrier, SP -> RJ, freight 1,000.00 + toll 50.00 = 1,050.00, ICMS 12 % = 126.00), each broken once.
 */
const BASE = fs.readFileSync(path.join(__dirname, '..', 'support', 'cte-exemplo.xml'), 'utf8');
const regras = (xml: string) => validarRegrasCte(new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS('http://www.portalfiscal.inf.br/cte', 'infCte').item(0)!, '2');

describe('local-authority - CT-e rules', () => {
  it('local-authority cte - the builder\'s CT-e passes every rule', () => {
    expect(regras(BASE)).toBeNull();
  });

  it('local-authority cte - each rule fails on its own break, with its code', () => {
    const casos: [string, string, string][] = [
      // 1,000.00 + 50.00 = 1,050.00: a vTPrest of 1,060.00 is not the components' sum.
      ['<vTPrest>1050.00</vTPrest>', '<vTPrest>1060.00</vTPrest>', '676'],
      ['<vRec>1050.00</vRec>', '<vRec>1060.00</vRec>', '677'],
      // 2026: vTotDFe = vTPrest.
      ['<vTotDFe>1050.00</vTotDFe>', '<vTotDFe>1060.45</vTotDFe>', '365'],
      // 1,050.00 x 12 % = 126.00; 130.00 is off by more than a centavo.
      ['<vICMS>126.00</vICMS>', '<vICMS>130.00</vICMS>', '678'],
      // Rio de Janeiro's code under UF SP (cMunFim 3304557 with UFFim SP) and a code with a wrong check digit.
      ['<UFFim>RJ</UFFim>', '<UFFim>SP</UFFim>', '713'],
      ['<cMunIni>3550308</cMunIni>', '<cMunIni>3550309</cMunIni>', '713'],
      ['<toma>0</toma>', '<toma>1</toma>', '519'],
      // The number no longer matches the key of the Id.
      ['<nCT>7</nCT>', '<nCT>8</nCT>', '502'],
    ];
    for (const [de, para, cStat] of casos) {
      expect(BASE).toContain(de);
      const resultado = regras(BASE.replace(de, para));
      expect([para, resultado?.cStat]).toEqual([para, cStat]);
    }
    // In homologation the sender's and recipient's names are SEFAZ's literal.
    expect(regras(BASE.replace(/(<rem>.*?<xNome>)[^<]*/, '$1Remetente Real Ltda'))?.cStat).toBe('646');
    expect(regras(BASE.replace(/(<dest>.*?<xNome>)[^<]*/, '$1Destinatario Real Ltda'))?.cStat).toBe('649');
  });
});
