import { create } from 'xmlbuilder2';
import { dec2, texto } from '../format';

/**
 * The DPS (Declaração de Prestação de Serviço) of the NFS-e national standard, leiaute 1.01 (`DPS_v1.01.xsd`,
 * package `nfse-nacional-1.01`), elements in the schema's order. What the builder writes and why:
 * - `infDPS/@Id` (TSIdDPS, 45): "DPS" + cLocEmi(7) + tpInsc(1: 1 CPF, 2 CNPJ) + inscrição(14, CPF zero-padded) +
 *   série(5) + nDPS(15); series and number are ours (the gap-free counter), the NFS-e key is Sefin's.
 * - `tpEmit` 1 (the provider issues); the provider is identified by CNPJ and IM only: its name and address are in
 *   the national registry (CNC) and are not repeated.
 * - `regTrib`: opSimpNac 1 (not in the Simples) or 3 (ME/EPP, with regApTribSN 1: federal and municipal taxes by the
 *   Simples); regEspTrib 0 (none).
 * - One service per DPS (the layout has one `serv`): the items' values are summed, their descriptions joined.
 * - `tribMun`: tribISSQN 1 (taxable), tpRetISSQN 1 (not withheld), pAliq the item's ISS rate.
 * - `totTrib/indTotTrib` 0 (no estimate of the taxes, Decreto 8.264/2014 allows it).
 * - `IBSCBS` for regime-normal issuers only (finNFSe 0, cIndOp, indDest 0: the recipient is the tomador, CST 000,
 *   cClassTrib 000001); Sefin computes the amounts. cNBS is then required (E0322).
 */
export const NS_NFSE = 'http://www.sped.fazenda.gov.br/nfse';
export const VERSAO_DPS = '1.01';

export interface DadosDps {
  producao: boolean;
  emitidoEm: Date;
  verAplic: string;
  serie: number;
  numero: number;
  /** `AAAA-MM-DD` */
  competencia: string;
  codigoMunicipio: string;
  prestador: { cnpj: string; inscricaoMunicipal: string | null; simplesNacional: boolean };
  tomador: { tipo: 'CNPJ' | 'CPF'; documento: string; nome: string } | null;
  servico: { cTribNac: string; descricao: string; cNbs: string | null; localPrestacao: string };
  valorCentavos: number;
  /** ISS rate in percent (`TSDec1V2`: up to 9.99). */
  aliquotaIss: number | null;
  ibsCbs: { cIndOp: string; cst: string; cClassTrib: string } | null;
  /** Substitution (105102's counterpart): the key of the NFS-e this DPS replaces, with the reason code. */
  substituida: { chave: string; codigo: string; motivo: string | null } | null;
}

/** TSIdDPS of a DPS. */
export function idDps(p: { codigoMunicipio: string; cnpj: string; serie: number; numero: number }): string {
  const tpInsc = p.cnpj.length === 11 ? '1' : '2';
  return `DPS${p.codigoMunicipio}${tpInsc}${p.cnpj.padStart(14, '0')}${String(p.serie).padStart(5, '0')}${String(p.numero).padStart(15, '0')}`;
}

/** `AAAA-MM-DDThh:mm:ss-03:00`, Brasília's offset (TSDateTimeUTC), whole seconds. */
export function dataHoraBrasilia(instante: Date): string {
  const brasilia = new Date(instante.getTime() - 3 * 3600_000);
  return `${brasilia.toISOString().slice(0, 19)}-03:00`;
}

const aliquota = (valor: number) => (Math.round(valor * 100) / 100).toFixed(2);

export function montarDps(d: DadosDps, opcoes: { indentado?: boolean } = {}): string {
  const dps = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS_NFSE, 'DPS', { versao: VERSAO_DPS });
  const inf = dps.ele('infDPS', { Id: idDps({ codigoMunicipio: d.codigoMunicipio, cnpj: d.prestador.cnpj, serie: d.serie, numero: d.numero }) });
  inf.ele('tpAmb').txt(d.producao ? '1' : '2');
  inf.ele('dhEmi').txt(dataHoraBrasilia(d.emitidoEm));
  inf.ele('verAplic').txt(d.verAplic);
  inf.ele('serie').txt(String(d.serie));
  inf.ele('nDPS').txt(String(d.numero));
  inf.ele('dCompet').txt(d.competencia);
  inf.ele('tpEmit').txt('1');
  inf.ele('cLocEmi').txt(d.codigoMunicipio);
  if (d.substituida) {
    const subst = inf.ele('subst');
    subst.ele('chSubstda').txt(d.substituida.chave);
    subst.ele('cMotivo').txt(d.substituida.codigo);
    if (d.substituida.motivo) subst.ele('xMotivo').txt(texto(d.substituida.motivo, 255));
  }
  const prest = inf.ele('prest');
  prest.ele('CNPJ').txt(d.prestador.cnpj);
  if (d.prestador.inscricaoMunicipal) prest.ele('IM').txt(d.prestador.inscricaoMunicipal);
  const regTrib = prest.ele('regTrib');
  regTrib.ele('opSimpNac').txt(d.prestador.simplesNacional ? '3' : '1');
  if (d.prestador.simplesNacional) regTrib.ele('regApTribSN').txt('1');
  regTrib.ele('regEspTrib').txt('0');
  if (d.tomador) {
    const toma = inf.ele('toma');
    toma.ele(d.tomador.tipo).txt(d.tomador.documento);
    toma.ele('xNome').txt(texto(d.tomador.nome, 300));
  }
  const serv = inf.ele('serv');
  serv.ele('locPrest').ele('cLocPrestacao').txt(d.servico.localPrestacao);
  const cServ = serv.ele('cServ');
  cServ.ele('cTribNac').txt(d.servico.cTribNac);
  cServ.ele('xDescServ').txt(texto(d.servico.descricao, 2000));
  if (d.servico.cNbs) cServ.ele('cNBS').txt(d.servico.cNbs);
  const valores = inf.ele('valores');
  valores.ele('vServPrest').ele('vServ').txt(dec2(d.valorCentavos));
  const trib = valores.ele('trib');
  const tribMun = trib.ele('tribMun');
  tribMun.ele('tribISSQN').txt('1');
  tribMun.ele('tpRetISSQN').txt('1');
  if (d.aliquotaIss !== null) tribMun.ele('pAliq').txt(aliquota(d.aliquotaIss));
  trib.ele('totTrib').ele('indTotTrib').txt('0');
  if (d.ibsCbs) {
    const ibscbs = inf.ele('IBSCBS');
    ibscbs.ele('finNFSe').txt('0');
    ibscbs.ele('cIndOp').txt(d.ibsCbs.cIndOp);
    ibscbs.ele('indDest').txt('0');
    const g = ibscbs.ele('valores').ele('trib').ele('gIBSCBS');
    g.ele('CST').txt(d.ibsCbs.cst);
    g.ele('cClassTrib').txt(d.ibsCbs.cClassTrib);
  }
  return dps.end({ headless: true, prettyPrint: Boolean(opcoes.indentado) });
}
