import { regiaoDaUf } from '@erp/fiscal-rules';
import { type Coletor } from './collector';
import { COMBUSTIVEIS_MONOFASICOS, PREFIXOS_COMBUSTIVEIS } from './data/combustiveis';
import { DESTINOS_BASE_DUPLA } from './data/difal';
import { SITUACOES_CSOSN, SITUACOES_CST, type EfeitoSituacao } from './data/situacoes-icms';
import { REGIMES_ESPECIAIS_IPI } from './data/tipi';
import { FASES_TRANSICAO } from './data/transicao';
import { type Uf } from './input';
import { type Regime, type TipoDocumento } from './types';
import { emVigor } from './validity';

/**
 * What the engine refuses to compute because the law needs what it does not have, each with the code that says
 * so and a message naming what is missing. Checked after every field was read on its own, so the combinations
 * are of values already known to be well-formed (an absent or malformed one is `undefined` and checks nothing).
 */
export interface Operacao {
  tipoDocumento: TipoDocumento | undefined;
  dataIso: string | undefined;
  /** The regime known when validating (input or company); undefined in a regime comparison. */
  regime: Regime | undefined;
  ncm: string | undefined;
  /** The presumption class the caller named (not the document's default). */
  atividade: string | undefined;
  cst: string | undefined;
  csosn: string | undefined;
  produtoZfm: boolean;
  ufOrigem: Uf | undefined;
  ufDestino: Uf | undefined;
  exportacao: boolean;
  consumidorFinal: boolean;
  contribuinte: boolean;
}

export function ehMercadoria(tipo: TipoDocumento | undefined): boolean {
  return tipo === 'NFE' || tipo === 'NFCE';
}

const porNcm = <T extends { ncm: string }>(lista: readonly T[]): ReadonlyMap<string, readonly T[]> => {
  const mapa = new Map<string, T[]>();
  for (const item of lista) mapa.set(item.ncm, [...(mapa.get(item.ncm) ?? []), item]);
  return mapa;
};
const COMBUSTIVEIS_POR_NCM = porNcm(COMBUSTIVEIS_MONOFASICOS);
const REGIMES_IPI_POR_NCM = porNcm(REGIMES_ESPECIAIS_IPI);

/** The fuel the engine models for resale, in force on the date, or undefined. */
export function combustivelMonofasico(ncm: string | null | undefined, dataIso: string) {
  return ncm ? emVigor(COMBUSTIVEIS_POR_NCM.get(ncm) ?? [], dataIso) : undefined;
}

/** A sale the DIFAL of EC 87/2015 applies to: an NF-e to a final consumer who is not a taxpayer, in another state. */
export function ehOperacaoDifal(o: Pick<Operacao, 'tipoDocumento' | 'ufOrigem' | 'ufDestino' | 'exportacao' | 'consumidorFinal' | 'contribuinte'>): boolean {
  return o.tipoDocumento === 'NFE' && !o.exportacao && o.consumidorFinal && !o.contribuinte && o.ufOrigem !== undefined && o.ufDestino !== undefined && o.ufOrigem !== o.ufDestino;
}

export function recusar(c: Coletor, o: Operacao): void {
  situacao(c, o);
  ipiEspecial(c, o);
  combustivel(c, o);
  difal(c, o);
}

/** The effect of the item's CST or CSOSN; undefined without one (today's behaviour: own ICMS). */
export function efeitoDaSituacao(cst: string | null | undefined, csosn: string | null | undefined): EfeitoSituacao | undefined {
  if (cst) return SITUACOES_CST[cst];
  if (csosn) return SITUACOES_CSOSN[csosn];
  return undefined;
}

function situacao(c: Coletor, o: Operacao): void {
  if (o.cst !== undefined && o.csosn !== undefined) {
    c.erro('csosn', 'CAMPOS_INCOERENTES', 'Informe cst (regime normal) ou csosn (Simples Nacional), não os dois.');
    return;
  }
  const nome = o.cst !== undefined ? 'cst' : 'csosn';
  const efeito = efeitoDaSituacao(o.cst, o.csosn);
  if (efeito === undefined) return;
  const codigo = o.cst ?? o.csosn;
  if (efeito.efeito === 'NAO_MODELADA') {
    c.erro(nome, 'SITUACAO_ICMS_NAO_MODELADA', `${nome.toUpperCase()} ${codigo} (${efeito.descricao}): o cálculo precisa de ${efeito.falta}.`);
  }
  if (o.csosn !== undefined && o.regime !== undefined && o.regime !== 'SIMPLES_NACIONAL') {
    c.erro('csosn', 'CAMPOS_INCOERENTES', 'O CSOSN é a situação do ICMS do optante pelo Simples Nacional; no regime normal informe o cst.');
  }
  if (o.cst !== undefined && o.regime === 'SIMPLES_NACIONAL') {
    c.erro('cst', 'CAMPOS_INCOERENTES', 'No Simples Nacional a situação do ICMS é o csosn (o CST do excesso de sublimite, CRT 2, não é modelado).');
  }
}

function ipiEspecial(c: Coletor, o: Operacao): void {
  if (o.tipoDocumento !== 'NFE' || o.ncm === undefined || o.dataIso === undefined || o.exportacao) return;
  const regime = emVigor(REGIMES_IPI_POR_NCM.get(o.ncm) ?? [], o.dataIso);
  if (!regime) return;
  const fase = emVigor(FASES_TRANSICAO, o.dataIso);
  // From 2027 the IPI is zero but for products incentivised in the Manaus free-trade zone (ADCT art. 126 III).
  const cobrado = fase !== undefined && (!fase.ipiZeradoExcetoZfm || o.produtoZfm);
  if (cobrado) {
    c.erro('ncm', 'REGIME_ESPECIAL_IPI', `NCM ${o.ncm} (${regime.descricao}) tem IPI em regime especial (${regime.fonte}): o cálculo precisa de ${regime.falta}, que a simulação não recebe.`);
  }
}

function combustivel(c: Coletor, o: Operacao): void {
  if (!ehMercadoria(o.tipoDocumento) || o.dataIso === undefined) return;
  const modelado = combustivelMonofasico(o.ncm, o.dataIso);
  const ehCombustivel = o.ncm !== undefined && PREFIXOS_COMBUSTIVEIS.some((p) => o.ncm!.startsWith(p));
  if (modelado) {
    if (o.atividade !== 'COMBUSTIVEIS') {
      c.erro(
        'atividade',
        'COMBUSTIVEL_NAO_MODELADO',
        `NCM ${o.ncm} (${modelado.descricao}) tem tributação monofásica: só a revenda é simulada (atividade COMBUSTIVEIS); o produtor e o importador pagam ICMS, PIS e COFINS por unidade (ad rem), alíquotas que o motor não tem.`,
      );
    }
    if (o.cst !== undefined && o.cst !== '61') {
      c.erro('cst', 'CAMPOS_INCOERENTES', `Na revenda de ${modelado.descricao} o ICMS monofásico já foi cobrado (LC 192/2022): a situação é o CST 61, não ${o.cst}.`);
    }
  } else if (ehCombustivel) {
    c.erro(
      'ncm',
      'COMBUSTIVEL_NAO_MODELADO',
      `NCM ${o.ncm} é de combustível com tributação própria (monofásica ou por unidade) que o motor não modela; só a revenda de gasolina automotiva (27101259), óleo diesel (27101921) e GLP (27111910) é simulada.`,
    );
  } else if (o.atividade === 'COMBUSTIVEIS') {
    if (o.ncm === undefined) c.erro('ncm', 'OBRIGATORIO', 'Na revenda de combustíveis informe o NCM: PIS, COFINS e ICMS dependem do produto (tributação monofásica).');
    else c.erro('ncm', 'CAMPOS_INCOERENTES', `atividade COMBUSTIVEIS (revenda de combustíveis) com NCM ${o.ncm}, que não é de combustível.`);
  }
}

function difal(c: Coletor, o: Operacao): void {
  if (!o.contribuinte && !o.consumidorFinal && o.tipoDocumento !== 'NFSE') {
    c.erro('consumidorFinal', 'CAMPOS_INCOERENTES', 'Quem não é contribuinte do ICMS só compra como consumidor final: informe consumidorFinal true.');
    return;
  }
  const interestadual = o.ufOrigem !== undefined && o.ufDestino !== undefined && o.ufOrigem !== o.ufDestino;
  if (o.tipoDocumento === 'CTE' && !o.contribuinte && interestadual) {
    c.erro('destinatarioContribuinteIcms', 'DIFAL_NAO_MODELADO', 'O DIFAL do transporte para não contribuinte de outra UF (grupo ICMSUFFim do CT-e) não é calculado.');
    return;
  }
  if (!ehOperacaoDifal(o) || o.regime === 'SIMPLES_NACIONAL' || o.dataIso === undefined) return;
  // From 2033 there is no ICMS, hence no DIFAL; a fuel resold carries no ICMS of its own.
  if (emVigor(FASES_TRANSICAO, o.dataIso)?.fatorIcmsIss === null || combustivelMonofasico(o.ncm, o.dataIso)) return;
  const destino = o.ufDestino!;
  if (DESTINOS_BASE_DUPLA.has(destino)) {
    c.erro(
      'ufDestino',
      'DIFAL_NAO_MODELADO',
      `${destino} (região ${regiaoDaUf(destino)}) calcula o DIFAL do não contribuinte "por dentro" (base dupla) segundo fonte secundária, ` +
        'e a fórmula da sua lei não foi conferida: o DIFAL para essa UF não é calculado.',
    );
  }
  const efeito = efeitoDaSituacao(o.cst, o.csosn);
  // Base reduction, deferral and ST change the base the DIFAL starts from: only the plain own ICMS is modelled.
  if (efeito !== undefined && o.cst !== '00' && o.cst !== '90') {
    c.erro('cst', 'DIFAL_NAO_MODELADO', `DIFAL com CST ${o.cst} (${efeito.descricao}) não é calculado: só com ICMS próprio (CST 00 ou 90).`);
  }
}
