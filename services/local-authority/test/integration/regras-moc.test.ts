import { alterar, alterarTotal, montarNfe, type OpcoesNfe } from '../support/nfe-fixture';
import { autorizar, novoEmissor, type Emissor } from '../support/cliente';

/**
 * Each MOC rule of docs/local-authority.md, straight to the stack's local authority over mutual TLS: a signed
 * document that breaks it, and the rejection SEFAZ would answer (the protocol's cStat, in a processed batch 104).
 * Every document is the valid fixture with one thing changed, so the rule named is the only one broken.
 */
type Quebra = { opcoes?: Partial<OpcoesNfe>; editar?: (xml: string) => string; modelo?: 'NFE' | 'NFCE' };

const CPF_VALIDO = '52998224725';
const agoraMais = (ms: number) => new Date(Date.now() + ms);
const nfce: Partial<OpcoesNfe> = { modelo: '65' };
const interestadualCpf: Partial<OpcoesNfe> = { destinatario: { cpf: CPF_VALIDO, uf: 'RJ', indIEDest: '9' } };

let numero = 0;
async function enviar(emissor: Emissor, quebra: Quebra) {
  numero += 1;
  const { xml } = montarNfe({ cnpj: emissor.cnpj, numero, ...quebra.opcoes });
  return autorizar(quebra.editar ? quebra.editar(xml) : xml, emissor, quebra.modelo ?? (quebra.opcoes?.modelo === '65' ? 'NFCE' : 'NFE'));
}

const CASOS: [string, string, Quebra][] = [
  ['253', 'the Id\'s check digit', { editar: (x) => x.replace(/Id="NFe(\d{43})(\d)"/, (_, base: string, d: string) => `Id="NFe${base}${(Number(d) + 1) % 10}"`) }],
  ['502', 'a field of the key (cNF) other than in the Id', { editar: (x) => alterar(x, '<cNF>12345678</cNF>', '<cNF>12345679</cNF>') }],
  ['703', 'dhEmi an hour after the reception', { opcoes: { dhEmi: agoraMais(3_600_000) } }],
  ['228', 'an NF-e dated 31 days ago', { opcoes: { dhEmi: agoraMais(-31 * 86_400_000) } }],
  ['704', 'an NFC-e dated 10 minutes ago', { opcoes: { ...nfce, dhEmi: agoraMais(-600_000) } }],
  ['598', 'a recipient\'s name other than the homologation literal', { opcoes: { destinatario: { cnpj: '11222333000181', uf: 'SP', ie: '110042490114', indIEDest: '1', xNome: 'Cliente de Teste' } } }],
  ['590', 'a CST with CRT 1 (Simples Nacional)', { editar: (x) => alterar(x, '<CRT>3</CRT>', '<CRT>1</CRT>') }],
  ['591', 'a CSOSN with CRT 3', { opcoes: { crt: '1' }, editar: (x) => alterar(x, '<CRT>1</CRT>', '<CRT>3</CRT>') }],
  ['707', 'an interstate NFC-e', { opcoes: nfce, editar: (x) => alterar(x, '<idDest>1</idDest>', '<idDest>2</idDest>') }],
  ['709', 'an NFC-e with the NF-e DANFE format', { opcoes: nfce, editar: (x) => alterar(x, '<tpImp>4</tpImp>', '<tpImp>1</tpImp>') }],
  ['710', 'an NF-e with the NFC-e DANFE format', { editar: (x) => alterar(x, '<tpImp>1</tpImp>', '<tpImp>4</tpImp>') }],
  ['716', 'an NFC-e not to a final consumer', { opcoes: nfce, editar: (x) => alterar(x, '<indFinal>1</indFinal>', '<indFinal>0</indFinal>') }],
  ['717', 'an NFC-e not in person', { opcoes: nfce, editar: (x) => alterar(x, '<indPres>1</indPres>', '<indPres>2</indPres>') }],
  ['719', 'an NF-e without recipient', { opcoes: { destinatario: null } }],
  ['208', 'a recipient CNPJ with a wrong check digit', { opcoes: { destinatario: { cnpj: '11222333000182', uf: 'SP', ie: '110042490114', indIEDest: '1' } } }],
  ['237', 'a recipient CPF with a wrong check digit', { opcoes: { destinatario: { cpf: '52998224724', uf: 'SP', indIEDest: '9' } } }],
  ['237', 'an NFC-e consumer\'s CPF with a wrong check digit', { opcoes: { ...nfce, destinatario: { cpf: '52998224724', uf: 'SP', indIEDest: '9' } } }],
  ['721', 'an interstate sale without the recipient\'s CNPJ or CPF', { opcoes: { destinatario: { estrangeiro: '', uf: 'RJ', indIEDest: '9' }, itens: [{ cfop: '6102', difal: true }] } }],
  ['772', 'idDest 2 with the recipient in the issuer\'s UF', { editar: (x) => alterar(x, '<idDest>1</idDest>', '<idDest>2</idDest>') }],
  ['773', 'idDest 1 with the recipient in another UF (not in person)', { opcoes: { destinatario: { cnpj: '11222333000181', uf: 'RJ', ie: '12345678', indIEDest: '1' }, itens: [{ cfop: '6102' }] }, editar: (x) => alterar(x, '<idDest>2</idDest>', '<idDest>1</idDest>') }],
  ['232', 'indIEDest 1 (taxpayer) without the IE', { opcoes: { destinatario: { cnpj: '11222333000181', uf: 'SP', indIEDest: '1' } } }],
  ['791', 'indIEDest 2 (exempt) with an IE', { opcoes: { destinatario: { cnpj: '11222333000181', uf: 'SP', ie: '110042490114', indIEDest: '2' } } }],
  ['696', 'a non-taxpayer (indIEDest 9) not as a final consumer', { opcoes: { destinatario: { cnpj: '11222333000181', uf: 'SP', indIEDest: '9' }, indFinal: '0' } }],
  ['729', 'an NFC-e with the consumer\'s IE', { opcoes: { ...nfce, destinatario: { cpf: CPF_VALIDO, uf: 'SP', ie: '110042490114', indIEDest: '9' } } }],
  ['778', 'NCM 00000000 (in no TIPI)', { opcoes: { itens: [{ ncm: '00000000' }] } }],
  ['518', 'an incoming CFOP (1102) in an outgoing NF-e', { opcoes: { itens: [{ cfop: '1102' }] } }],
  ['733', 'CFOP 5102 (internal) in an interstate sale', { opcoes: { destinatario: { cnpj: '11222333000181', uf: 'RJ', ie: '12345678', indIEDest: '1' }, itens: [{ cfop: '5102' }] } }],
  ['732', 'CFOP 6102 (interstate) in an internal sale', { opcoes: { itens: [{ cfop: '6102' }] } }],
  ['731', 'CFOP 7102 (abroad) in an internal sale', { opcoes: { itens: [{ cfop: '7102' }] } }],
  ['806', 'CST 60 (ST withheld earlier) without CEST', { opcoes: { itens: [{ cst: '60', retido: true }] } }],
  ['806', 'CSOSN 500 without CEST', { opcoes: { crt: '1', itens: [{ csosn: '500', retido: true }] } }],
  ['938', 'CST 60 to a buyer who is not the final consumer, without the ST withheld', { opcoes: { itens: [{ cst: '60', cest: '2104400' }] } }],
  ['938', 'CSOSN 500 to a buyer who is not the final consumer, without the ST withheld', { opcoes: { crt: '1', itens: [{ csosn: '500', cest: '2104400' }] } }],
  ['694', 'an interstate sale to a non-taxpayer final consumer without ICMSUFDest (DIFAL)', { opcoes: { ...interestadualCpf, itens: [{ cfop: '6102' }] } }],
  ['695', 'ICMSUFDest in an internal sale', { opcoes: { itens: [{ difal: true }] } }],
  ['528', 'vICMS other than vBC x pICMS', { editar: (x) => alterarTotal(alterar(x, '<pICMS>18.00</pICMS><vICMS>180.00</vICMS>', '<pICMS>18.00</pICMS><vICMS>180.02</vICMS>'), 'vICMS', '180.02') }],
  ['531', 'ICMSTot/vBC other than the items\' sum (the ICMS of an item that carries none, CST 40)', { opcoes: { itens: [{}, { cst: '40' }] }, editar: (x) => alterarTotal(x, 'vBC', '2000.00') }],
  ['532', 'ICMSTot/vICMS other than the items\' sum', { opcoes: { itens: [{}, { cst: '40' }] }, editar: (x) => alterarTotal(x, 'vICMS', '360.00') }],
  ['795', 'vICMSDeson', { editar: (x) => alterarTotal(x, 'vICMSDeson', '1.00') }],
  ['861', 'vFCP', { editar: (x) => alterarTotal(x, 'vFCP', '1.00') }],
  ['533', 'vBCST', { editar: (x) => alterarTotal(x, 'vBCST', '1.00') }],
  ['534', 'vST', { editar: (x) => alterarTotal(x, 'vST', '1.00') }],
  ['862', 'vFCPST', { editar: (x) => alterarTotal(x, 'vFCPST', '1.00') }],
  ['859', 'vFCPSTRet', { editar: (x) => alterarTotal(x, 'vFCPSTRet', '1.00') }],
  ['564', 'vProd', { editar: (x) => alterarTotal(x, 'vProd', '999.99') }],
  ['535', 'vFrete', { editar: (x) => alterarTotal(x, 'vFrete', '1.00') }],
  ['536', 'vSeg', { editar: (x) => alterarTotal(x, 'vSeg', '1.00') }],
  ['537', 'vDesc', { editar: (x) => alterarTotal(x, 'vDesc', '1.00') }],
  ['601', 'vII', { editar: (x) => alterarTotal(x, 'vII', '1.00') }],
  ['538', 'vIPI', { editar: (x) => alterarTotal(x, 'vIPI', '1.00') }],
  ['863', 'vIPIDevol', { editar: (x) => alterarTotal(x, 'vIPIDevol', '1.00') }],
  ['602', 'vPIS', { editar: (x) => alterarTotal(x, 'vPIS', '16.49') }],
  ['603', 'vCOFINS', { editar: (x) => alterarTotal(x, 'vCOFINS', '76.01') }],
  ['604', 'vOutro', { editar: (x) => alterarTotal(x, 'vOutro', '1.00') }],
  ['610', 'vNF other than what composes it', { editar: (x) => alterarTotal(x, 'vNF', '1000.01') }],
  ['798', 'vFCPUFDest', { opcoes: { ...interestadualCpf, itens: [{ cfop: '6102', difal: true }] }, editar: (x) => alterarTotal(x, 'vFCPUFDest', '0.00') }],
  ['799', 'vICMSUFDest', { opcoes: { ...interestadualCpf, itens: [{ cfop: '6102', difal: true }] }, editar: (x) => alterarTotal(x, 'vICMSUFDest', '0.00') }],
  ['800', 'vICMSUFRemet', { opcoes: { ...interestadualCpf, itens: [{ cfop: '6102', difal: true }] }, editar: (x) => alterarTotal(x, 'vICMSUFRemet', '1.00') }],
  ['1076', 'IBSCBSTot/vBCIBSCBS', { editar: (x) => alterarTotal(x, 'vBCIBSCBS', '999.00', 'IBSCBSTot') }],
  ['1080', 'IBSCBSTot vIBSUF', { editar: (x) => alterarTotal(x, 'vIBSUF', '1.01', 'IBSCBSTot') }],
  ['1084', 'IBSCBSTot vIBSMun', { editar: (x) => alterarTotal(x, 'vIBSMun', '0.01', 'IBSCBSTot') }],
  ['1085', 'IBSCBSTot vIBS', { editar: (x) => alterarTotal(x, 'vIBS', '1.01', 'IBSCBSTot') }],
  ['1091', 'IBSCBSTot vCBS', { editar: (x) => alterarTotal(x, 'vCBS', '9.01', 'IBSCBSTot') }],
  ['753', 'an NFC-e with freight', { opcoes: nfce, editar: (x) => alterar(x, '<modFrete>9</modFrete>', '<modFrete>0</modFrete>') }],
  ['394', 'an NFC-e without its QR code', { opcoes: nfce, editar: (x) => x.replace(/<infNFeSupl>.*<\/infNFeSupl>/, '') }],
  ['899', 'an NFC-e paid with "90 - Sem pagamento"', { opcoes: { ...nfce, tPag: '90' } }],
  ['391', 'an NFC-e paid by credit card without the card group', { opcoes: { ...nfce, tPag: '03' } }],
  ['865', 'an NFC-e paid less than its total', { opcoes: nfce, editar: (x) => alterar(x, '<vPag>1000.00</vPag>', '<vPag>999.00</vPag>') }],
  ['866', 'paid more than the total without change (vTroco)', { editar: (x) => alterar(x, '<vPag>1000.00</vPag>', '<vPag>1050.00</vPag>') }],
  ['869', 'a wrong change', { editar: (x) => alterar(x, '</detPag></pag>', '</detPag><vTroco>5.00</vTroco></pag>') }],
  ['972', 'no infRespTec from an issuer in PR', { opcoes: { uf: 'PR', responsavelTecnico: false, destinatario: { cnpj: '11222333000181', uf: 'PR', ie: '1234567890', indIEDest: '1' } } }],
  ['973', 'infRespTec with an invalid CNPJ', { editar: (x) => x.replace(/<infRespTec><CNPJ>\d+<\/CNPJ>/, '<infRespTec><CNPJ>11222333000182</CNPJ>') }],
];

describe('local-authority - MOC rules, each broken once', () => {
  const emissor = novoEmissor();

  it.each(CASOS)('local-authority - %s: %s', async (cStat, _descricao, quebra) => {
    const r = await enviar(emissor, quebra);
    expect({ lote: r.cStatLote, cStat: r.cStat, xMotivo: r.xMotivo }).toEqual({ lote: '104', cStat, xMotivo: expect.stringMatching(/^Rejeição/) });
  });

  const VALIDOS: [string, Partial<OpcoesNfe>][] = [
    ['an internal NF-e, CST 00, to a taxpayer', {}],
    ['an NFC-e to an unidentified consumer', nfce],
    ['an NFC-e to a consumer identified by CPF', { ...nfce, destinatario: { cpf: CPF_VALIDO, uf: 'SP', indIEDest: '9' } }],
    ['an interstate sale to a taxpayer (no DIFAL)', { destinatario: { cnpj: '11222333000181', uf: 'RJ', ie: '12345678', indIEDest: '1' }, itens: [{ cfop: '6102' }] }],
    ['an interstate sale to a non-taxpayer final consumer with DIFAL', { ...interestadualCpf, itens: [{ cfop: '6102', difal: true }] }],
    ['CST 60 with CEST and the ST withheld, to a reseller', { itens: [{ cst: '60', cest: '2104400', retido: true }] }],
    ['CST 60 with CEST to a final consumer (no ST withheld needed)', { destinatario: { cpf: CPF_VALIDO, uf: 'SP', indIEDest: '9' }, itens: [{ cst: '60', cest: '2104400' }] }],
    ['Simples Nacional, CSOSN 102 and 500 (CEST, ST withheld)', { crt: '1', itens: [{ csosn: '102' }, { csosn: '500', cest: '2104400', retido: true }] }],
    ['items of CST 00 and 40 with totals of what they carry', { itens: [{ vProd: 123_456 }, { cst: '40', vProd: 7_890 }] }],
    ['an issuer in a UF that does not demand infRespTec, without it', { responsavelTecnico: false }],
    ['an issuer in PR with infRespTec', { uf: 'PR', destinatario: { cnpj: '11222333000181', uf: 'PR', ie: '1234567890', indIEDest: '1' } }],
  ];

  it.each(VALIDOS)('local-authority - a valid document passes every rule and is authorized (100): %s', async (_descricao, opcoes) => {
    const r = await enviar(emissor, { opcoes });
    expect({ lote: r.cStatLote, cStat: r.cStat, xMotivo: r.xMotivo }).toEqual({ lote: '104', cStat: '100', xMotivo: 'Autorizado o uso da NF-e' });
    expect(r.nProt).toMatch(/^\d{15}$/);
  });
});
