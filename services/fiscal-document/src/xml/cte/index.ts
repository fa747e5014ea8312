import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { dataHoraBrasilia } from '@erp/fiscal-rules';
import type { EnderecoEmpresa } from '@erp/contracts';
import { dec2, decN, texto } from '../format';
import { escreverImpostosCte } from './taxes';
import { NOME_HOMOLOGACAO_CTE, NS_CTE, VERSAO_PROCESSO_CTE, type DadosXmlCte } from './types';

export { NOME_HOMOLOGACAO_CTE, NS_CTE, type DadosXmlCte } from './types';

/** toma3/toma: 0 sender, 1 dispatcher (exped), 2 receiver (receb), 3 recipient; OUTROS is toma4 (toma 4 with its party). */
const TOMA = { REMETENTE: '0', EXPEDIDOR: '1', RECEBEDOR: '2', DESTINATARIO: '3' } as const;

/** A party named in homologation with SEFAZ's literal (646/649 for rem/dest; the others alike, harmless). */
const nomeado = (p: Parte, homologacao: boolean): Parte => ({ ...p, nome: homologacao ? NOME_HOMOLOGACAO_CTE : p.nome });

/**
 * The CT-e 4.00 XML (model 57, normal, rodoviário; layout PL_CTe_400_RTC with the RTC group `imp/IBSCBS`), in the
 * exact order of cte_v4.00.xsd / cteTiposBasico_v4.00.xsd: ide, emit, rem, dest, vPrest, imp, infCTeNorm (cargo, the
 * NF-e carried, the rodoviário modal), then infCTeSupl with the QR code. Pure; unsigned (`signature.ts` appends the
 * Signature after infCTeSupl, where the schema wants it).
 */
export function montarCte(d: DadosXmlCte, opcoes: { indentado?: boolean } = {}): string {
  const doc = create().ele(NS_CTE, 'CTe');
  const inf = doc.ele('infCte', { versao: '4.00', Id: `CTe${d.chave}` });
  escreverIde(inf, d);
  escreverEmitente(inf, d);
  const homologacao = d.ambiente === 'HOMOLOGAÇÃO';
  const { remetente, expedidor, recebedor } = d.cte;
  escreverParte(inf, 'rem', 'enderReme', nomeado(remetente, homologacao));
  if (expedidor) escreverParte(inf, 'exped', 'enderExped', nomeado(expedidor, homologacao));
  if (recebedor) escreverParte(inf, 'receb', 'enderReceb', nomeado(recebedor, homologacao));
  escreverParte(inf, 'dest', 'enderDest', parteDestinatario(d));

  escreverPrestacao(inf, d);
  escreverImpostosCte(inf, d);

  const norm = inf.ele('infCTeNorm');
  const carga = norm.ele('infCarga');
  carga.ele('vCarga').txt(dec2(d.cte.valorCargaCentavos));
  carga.ele('proPred').txt(texto(d.cte.produtoPredominante, 60));
  carga.ele('infQ').ele('cUnid').txt('01').up().ele('tpMed').txt('PESO BRUTO').up().ele('qCarga').txt(decN(d.cte.pesoKg, 4));
  if (d.chavesNfe.length > 0) {
    const docs = norm.ele('infDoc');
    for (const chave of d.chavesNfe) docs.ele('infNFe').ele('chave').txt(chave);
  }
  norm.ele('infModal', { versaoModal: '4.00' }).ele('rodo').ele('RNTRC').txt(d.cte.rntrc);

  doc.ele('infCTeSupl').ele('qrCodCTe').dat(d.qrCode);
  return doc.end({ headless: true, prettyPrint: opcoes.indentado ?? false });
}

function escreverIde(inf: XMLBuilder, d: DadosXmlCte): void {
  const { cte } = d;
  // tpServ 0: normal.
  const ide = escreverIdeComum(inf, d, { cfop: cte.cfop, natOp: 'PRESTACAO DE SERVICO DE TRANSPORTE', tpServ: '0' });
  escreverPercurso(ide, cte);
  // retira 1: the recipient does not collect the cargo at the carrier's.
  ide.ele('retira').txt('1');
  const tomador = { REMETENTE: cte.remetente, EXPEDIDOR: cte.expedidor, RECEBEDOR: cte.recebedor, DESTINATARIO: null, OUTROS: cte.outroTomador }[cte.tomador];
  const ieTomador = cte.tomador === 'DESTINATARIO' ? d.destinatario.inscricaoEstadual : (tomador?.inscricaoEstadual ?? null);
  // indIEToma: 1 taxpayer with IE, 2 exempt, 9 not a taxpayer.
  ide.ele('indIEToma').txt(!ieTomador ? '9' : ieTomador === 'ISENTO' ? '2' : '1');
  if (cte.tomador !== 'OUTROS') ide.ele('toma3').ele('toma').txt(TOMA[cte.tomador]);
  else escreverDadosParte(ide.ele('toma4').ele('toma').txt('4').up(), 'enderToma', nomeado(cte.outroTomador!, d.ambiente === 'HOMOLOGAÇÃO'));
}

/** The recipient as a party (dest of the CT-e, toma of the CT-e OS), named in homologation with SEFAZ's literal. */
export function parteDestinatario(d: Pick<DadosXmlCte, 'destinatario' | 'ambiente'>): Parte {
  const dest = d.destinatario;
  return {
    documento: dest.documento,
    // A recipient abroad is an NF-e's only (the validator's exterior_somente_nfe).
    tipoDocumento: dest.tipoDocumento as 'CNPJ' | 'CPF',
    nome: d.ambiente === 'HOMOLOGAÇÃO' ? NOME_HOMOLOGACAO_CTE : (dest.nome ?? ''),
    inscricaoEstadual: dest.inscricaoEstadual,
    uf: dest.uf!,
    codigoMunicipio: dest.codigoMunicipio!,
    endereco: dest.endereco!,
  };
}

/** ide from cUF to tpServ, the same in CT-e and CT-e OS (TIde / TIdeOS): the key's parts, emission, the issuer's town. */
export function escreverIdeComum(
  inf: XMLBuilder,
  d: Pick<DadosXmlCte, 'chave' | 'emitidoEm' | 'ambiente' | 'emitente'>,
  campos: { cfop: string; natOp: string; tpServ: string },
): XMLBuilder {
  const { chave, emitente } = d;
  const ide = inf.ele('ide');
  ide.ele('cUF').txt(chave.slice(0, 2));
  ide.ele('cCT').txt(chave.slice(35, 43));
  ide.ele('CFOP').txt(campos.cfop);
  ide.ele('natOp').txt(campos.natOp);
  ide.ele('mod').txt(chave.slice(20, 22));
  ide.ele('serie').txt(String(Number(chave.slice(22, 25))));
  ide.ele('nCT').txt(String(Number(chave.slice(25, 34))));
  ide.ele('dhEmi').txt(dataHoraBrasilia(d.emitidoEm));
  ide.ele('tpImp').txt('1');
  ide.ele('tpEmis').txt(chave.slice(34, 35));
  ide.ele('cDV').txt(chave.slice(43));
  ide.ele('tpAmb').txt(d.ambiente === 'HOMOLOGAÇÃO' ? '2' : '1');
  // tpCTe 0 normal; procEmi 0 the taxpayer's own application.
  ide.ele('tpCTe').txt('0');
  ide.ele('procEmi').txt('0');
  ide.ele('verProc').txt(VERSAO_PROCESSO_CTE);
  ide.ele('cMunEnv').txt(emitente.endereco.codigoMunicipio);
  ide.ele('xMunEnv').txt(texto(emitente.endereco.municipio, 60));
  ide.ele('UFEnv').txt(emitente.endereco.uf);
  ide.ele('modal').txt('01');
  ide.ele('tpServ').txt(campos.tpServ);
  return ide;
}

type Municipio = { codigoMunicipio: string; municipio: string; uf: string };

/** ide's start and end of the service (cMunIni ... UFFim). */
export function escreverPercurso(ide: XMLBuilder, trecho: { inicio: Municipio; fim: Municipio }): void {
  ide.ele('cMunIni').txt(trecho.inicio.codigoMunicipio);
  ide.ele('xMunIni').txt(texto(trecho.inicio.municipio, 60));
  ide.ele('UFIni').txt(trecho.inicio.uf);
  ide.ele('cMunFim').txt(trecho.fim.codigoMunicipio);
  ide.ele('xMunFim').txt(texto(trecho.fim.municipio, 60));
  ide.ele('UFFim').txt(trecho.fim.uf);
}

/** vPrest: the service's value (received in full) and its components. */
export function escreverPrestacao(inf: XMLBuilder, d: Pick<DadosXmlCte, 'valorPrestacaoCentavos' | 'componentes'>): void {
  const vPrest = inf.ele('vPrest');
  vPrest.ele('vTPrest').txt(dec2(d.valorPrestacaoCentavos));
  vPrest.ele('vRec').txt(dec2(d.valorPrestacaoCentavos));
  for (const c of d.componentes) vPrest.ele('Comp').ele('xNome').txt(texto(c.nome, 15)).up().ele('vComp').txt(dec2(c.valorCentavos));
}

export function escreverEmitente(inf: XMLBuilder, d: Pick<DadosXmlCte, 'emitente'>): void {
  const { emitente } = d;
  const emit = inf.ele('emit');
  emit.ele('CNPJ').txt(emitente.cnpj);
  emit.ele('IE').txt(emitente.inscricaoEstadual);
  emit.ele('xNome').txt(texto(emitente.razaoSocial, 60));
  const end = emit.ele('enderEmit');
  end.ele('xLgr').txt(texto(emitente.endereco.logradouro, 60));
  end.ele('nro').txt(texto(emitente.endereco.numero, 60));
  if (emitente.endereco.complemento) end.ele('xCpl').txt(texto(emitente.endereco.complemento, 60));
  end.ele('xBairro').txt(texto(emitente.endereco.bairro, 60));
  end.ele('cMun').txt(emitente.endereco.codigoMunicipio);
  end.ele('xMun').txt(texto(emitente.endereco.municipio, 60));
  end.ele('CEP').txt(emitente.endereco.cep);
  end.ele('UF').txt(emitente.endereco.uf);
  if (emitente.endereco.telefone) end.ele('fone').txt(emitente.endereco.telefone);
  emit.ele('CRT').txt(emitente.crt);
}

export interface Parte {
  documento: string;
  tipoDocumento: 'CNPJ' | 'CPF';
  nome: string;
  inscricaoEstadual: string | null;
  uf: string;
  codigoMunicipio: string;
  endereco: EnderecoEmpresa;
}

/** rem / dest / toma (CT-e OS): document, IE, name, phone, then the address (TEndereco: CEP before UF, cPais/xPais optional). */
export function escreverParte(inf: XMLBuilder, grupo: 'rem' | 'exped' | 'receb' | 'dest' | 'toma', grupoEndereco: string, p: Parte): void {
  escreverDadosParte(inf.ele(grupo), grupoEndereco, p);
}

/** The party's elements inside its group (toma4 has `toma` before them). */
function escreverDadosParte(el: XMLBuilder, grupoEndereco: string, p: Parte): void {
  el.ele(p.tipoDocumento).txt(p.documento);
  if (p.inscricaoEstadual) el.ele('IE').txt(p.inscricaoEstadual);
  el.ele('xNome').txt(texto(p.nome, 60));
  if (p.endereco.telefone) el.ele('fone').txt(p.endereco.telefone);
  const end = el.ele(grupoEndereco);
  end.ele('xLgr').txt(texto(p.endereco.logradouro, 255));
  end.ele('nro').txt(texto(p.endereco.numero, 60));
  if (p.endereco.complemento) end.ele('xCpl').txt(texto(p.endereco.complemento, 60));
  end.ele('xBairro').txt(texto(p.endereco.bairro, 60));
  end.ele('cMun').txt(p.codigoMunicipio);
  end.ele('xMun').txt(texto(p.endereco.municipio, 60));
  end.ele('CEP').txt(p.endereco.cep);
  end.ele('UF').txt(p.uf);
  end.ele('cPais').txt('1058');
  end.ele('xPais').txt('Brasil');
}

