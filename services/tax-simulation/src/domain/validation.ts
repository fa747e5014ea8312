import { textoReais } from './text';
import { PRESUNCOES, ATIVIDADE_PADRAO, type Atividade } from './data/lucro-presumido';
import { ALIQUOTA_DAS_PADRAO } from './data/simples-nacional';
import { ehSiglaUf } from '@erp/fiscal-rules';
import { diaDe, lerIso } from './dates';
import { escalarExato } from './decimal';
import { emPercentual, fracao, type Fracao } from './fraction';
import { LIMITES_ISS } from './data/iss';
import { emVigor } from './validity';
import {
  type ChaveVencimentoLocal,
  type EntradaNormalizada,
  type Uf,
  type ReferenciaAno,
  type RegraLocal,
} from './input';
import {
  ANEXOS_SIMPLES,
  REGIMES,
  TIPOS_DOCUMENTO,
  type AnexoSimples,
  type CodigoErro,
  type ErroCampo,
  type Regime,
  type TipoDocumento,
} from './types';

/**
 * Ceiling for every money field: R$ 1 trillion. Above the yearly revenue of any Brazilian company, so no
 * real operation, revenue or profit reaches it, and it keeps centavos (1e14) far inside the integers a
 * JavaScript number holds exactly (2^53, about 9e15).
 */
export const LIMITE_DINHEIRO_CENTAVOS = 1_000_000_000_000_00;
export const DATA_MINIMA = '2026-01-01';
export const DATA_MAXIMA = '2040-12-31';
/** Rates are percentages with at most 4 decimals (1/1,000,000 of the value), enough for any legal rate. */
const CASAS_PERCENTUAL = 4;

type Objeto = Readonly<Record<string, unknown>>;

function ehObjeto(v: unknown): v is Objeto {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Own properties only: a value inherited through the prototype was not sent by the caller. */
function campo(o: Objeto, nome: string): unknown {
  if (!Object.prototype.hasOwnProperty.call(o, nome)) return undefined;
  const v = o[nome];
  return v === null ? undefined : v;
}

class Coletor {
  readonly erros: ErroCampo[] = [];

  erro(campo: string, codigo: CodigoErro, mensagem: string): undefined {
    this.erros.push({ campo, codigo, mensagem });
    return undefined;
  }

  opcao<T extends string>(nome: string, v: unknown, opcoes: readonly T[], obrigatorio = false): T | undefined {
    if (v === undefined) return obrigatorio ? this.erro(nome, 'OBRIGATORIO', `${nome} é obrigatório.`) : undefined;
    if (typeof v !== 'string') return this.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser um texto: ${opcoes.join(', ')}.`);
    if (!(opcoes as readonly string[]).includes(v)) {
      return this.erro(nome, 'VALOR_NAO_PERMITIDO', `${nome} deve ser um de: ${opcoes.join(', ')}.`);
    }
    return v as T;
  }

  numero(nome: string, v: unknown): number | undefined {
    if (typeof v !== 'number') return this.erro(nome, 'NAO_NUMERICO', `${nome} deve ser um número.`);
    if (!Number.isFinite(v)) return this.erro(nome, 'NAO_NUMERICO', `${nome} deve ser um número finito.`);
    return v;
  }

  /** Reais with at most 2 decimals, as centavos. */
  dinheiro(nome: string, v: unknown, regra: 'POSITIVO' | 'NAO_NEGATIVO' | 'QUALQUER'): number | undefined {
    const x = this.numero(nome, v);
    if (x === undefined) return undefined;
    if (regra === 'POSITIVO' && x <= 0) return this.erro(nome, 'NAO_POSITIVO', `${nome} deve ser maior que zero.`);
    if (regra === 'NAO_NEGATIVO' && x < 0) return this.erro(nome, 'NEGATIVO', `${nome} não pode ser negativo.`);
    if (Math.abs(x) * 100 > LIMITE_DINHEIRO_CENTAVOS) {
      return this.erro(nome, 'ACIMA_DO_LIMITE', `${nome} passa do limite de ${textoReais(LIMITE_DINHEIRO_CENTAVOS)}.`);
    }
    const centavos = escalarExato(x, 2);
    if (centavos === null) return this.erro(nome, 'CASAS_DECIMAIS', `${nome} tem mais de 2 casas decimais (centavos).`);
    return Number(centavos);
  }

  /** A percentage in [minimo, maximo] (minimo excluded when `minimoExclusivo`), as a fraction of 1. */
  percentual(nome: string, v: unknown, minimo: number, maximo: number, minimoExclusivo = false): Fracao | undefined {
    const x = this.numero(nome, v);
    if (x === undefined) return undefined;
    if (x < minimo || x > maximo || (minimoExclusivo && x === minimo)) {
      const de = minimoExclusivo ? `acima de ${minimo}%` : `de ${minimo}%`;
      return this.erro(nome, 'FORA_DO_INTERVALO', `${nome} deve estar ${de} até ${maximo}%.`);
    }
    const escalado = escalarExato(x, CASAS_PERCENTUAL);
    if (escalado === null) return this.erro(nome, 'CASAS_DECIMAIS', `${nome} tem mais de ${CASAS_PERCENTUAL} casas decimais.`);
    return fracao(escalado, 100n * 10n ** BigInt(CASAS_PERCENTUAL));
  }

  uf(nome: string, v: unknown): Uf | undefined {
    if (v === undefined) return undefined;
    if (typeof v !== 'string') return this.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser a sigla da UF (ex.: SP).`);
    if (!ehSiglaUf(v)) return this.erro(nome, 'UF_DESCONHECIDA', `${nome}: "${v.slice(0, 10)}" não é a sigla de uma UF.`);
    return v;
  }

  booleano(nome: string, v: unknown): boolean {
    if (v === undefined) return false;
    if (typeof v !== 'boolean') return this.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser true ou false.`) ?? false;
    return v;
  }
}

export type Validacao = { ok: true; entrada: EntradaNormalizada } | { ok: false; erros: ErroCampo[] };

/**
 * Checks the operation and the company defaults and reports every invalid field at once. Never throws:
 * any JSON value (or anything else) is either a valid operation or a list of `{ campo, codigo, mensagem }`.
 * `exigirRegime` is false for the regime comparison, which supplies each regime itself.
 */
export function validarEntrada(bruta: unknown, opcoes?: unknown, exigirRegime = true): Validacao {
  try {
    return validar(bruta, opcoes, exigirRegime);
  } catch {
    // Only a hostile object (a getter or proxy that throws) gets here; plain JSON never does.
    return { ok: false, erros: [{ campo: 'entrada', codigo: 'TIPO_INVALIDO', mensagem: 'A entrada não pôde ser lida como um objeto JSON.' }] };
  }
}

function validar(bruta: unknown, opcoesBrutas: unknown, exigirRegime: boolean): Validacao {
  const c = new Coletor();
  if (!ehObjeto(bruta)) {
    c.erro('entrada', 'TIPO_INVALIDO', 'A entrada deve ser um objeto com os campos da simulação.');
    return { ok: false, erros: c.erros };
  }
  const opcoes: Objeto = ehObjeto(opcoesBrutas) ? opcoesBrutas : {};
  if (opcoesBrutas !== undefined && opcoesBrutas !== null && !ehObjeto(opcoesBrutas)) {
    c.erro('opcoes', 'TIPO_INVALIDO', 'As opções devem ser um objeto.');
  }
  const empresaBruta = campo(opcoes, 'empresa');
  const empresa: Objeto = ehObjeto(empresaBruta) ? empresaBruta : {};
  if (empresaBruta !== undefined && !ehObjeto(empresaBruta)) c.erro('empresa', 'TIPO_INVALIDO', 'empresa deve ser um objeto.');

  const tipoDocumento = c.opcao<TipoDocumento>('tipoDocumento', campo(bruta, 'tipoDocumento'), TIPOS_DOCUMENTO, true);

  const valorBruto = campo(bruta, 'valor');
  const valorCentavos = valorBruto === undefined ? c.erro('valor', 'OBRIGATORIO', 'valor é obrigatório.') : c.dinheiro('valor', valorBruto, 'POSITIVO');

  const data = lerData(c, campo(bruta, 'dataOperacao'));

  const regimeEmpresa = c.opcao<Regime>('empresa.regime', campo(empresa, 'regime'), REGIMES);
  const regimeInformado = c.opcao<Regime>('regime', campo(bruta, 'regime'), REGIMES);
  const regime = regimeInformado ?? regimeEmpresa;
  if (exigirRegime && regime === undefined && campo(bruta, 'regime') === undefined && campo(empresa, 'regime') === undefined) {
    c.erro('regime', 'OBRIGATORIO', 'regime é obrigatório quando a empresa não tem regime nas configurações fiscais.');
  }

  const ufEmpresa = c.uf('empresa.uf', campo(empresa, 'uf'));
  const ufOrigem = c.uf('ufOrigem', campo(bruta, 'ufOrigem')) ?? ufEmpresa;
  const ufDestinoInformada = c.uf('ufDestino', campo(bruta, 'ufDestino'));
  const mercadoria = tipoDocumento === 'NFE' || tipoDocumento === 'NFCE' || tipoDocumento === 'CTE';
  // Only when none was sent: a UF sent but unknown already has its own error.
  if (mercadoria && campo(bruta, 'ufOrigem') === undefined && campo(empresa, 'uf') === undefined) {
    c.erro('ufOrigem', 'OBRIGATORIO', 'ufOrigem é obrigatória para NF-e, NFC-e e CT-e quando a empresa não tem UF nas configurações.');
  }
  const ufDestino = ufDestinoInformada ?? ufOrigem;
  if (tipoDocumento === 'NFCE' && ufDestinoInformada !== undefined && ufOrigem !== undefined && ufDestinoInformada !== ufOrigem) {
    c.erro('ufDestino', 'NAO_SE_APLICA', 'A NFC-e só documenta venda presencial dentro da UF do emitente.');
  }

  const ncm = lerNcm(c, campo(bruta, 'ncm'));
  const aliquotaIpiBruta = campo(bruta, 'aliquotaIpi');
  const aliquotaIpi = aliquotaIpiBruta === undefined ? undefined : c.percentual('aliquotaIpi', aliquotaIpiBruta, 0, 300);
  const cfop = lerCfop(c, campo(bruta, 'cfop'), ufOrigem, ufDestinoInformada);

  const aliquotaIssBruta = campo(bruta, 'aliquotaIss');
  // The range in force on the operation's date (the newest when the date itself is wrong).
  const limitesIss = (data ? emVigor(LIMITES_ISS, data.iso) : undefined) ?? LIMITES_ISS[LIMITES_ISS.length - 1];
  const aliquotaIss =
    aliquotaIssBruta === undefined ? undefined : c.percentual('aliquotaIss', aliquotaIssBruta, emPercentual(limitesIss.minimo), emPercentual(limitesIss.maximo));

  const atividadeInformada = c.opcao<Atividade>('atividade', campo(bruta, 'atividade'), Object.keys(PRESUNCOES) as Atividade[]);
  const anexo = c.opcao<AnexoSimples>('anexoSimples', campo(bruta, 'anexoSimples'), ANEXOS_SIMPLES);
  if (anexo !== undefined && tipoDocumento !== undefined && !ANEXOS_POR_DOCUMENTO[tipoDocumento].includes(anexo)) {
    c.erro('anexoSimples', 'ANEXO_INCOMPATIVEL', `Anexo ${anexo} não tributa ${DESCRICAO_DOCUMENTO[tipoDocumento]}: use ${ANEXOS_POR_DOCUMENTO[tipoDocumento].join(' ou ')}.`);
  }

  const opcional = (nome: string, regra: 'NAO_NEGATIVO' | 'QUALQUER') => {
    const v = campo(bruta, nome);
    return v === undefined ? undefined : c.dinheiro(nome, v, regra);
  };
  const rbt12 = opcional('receitaBruta12Meses', 'NAO_NEGATIVO');
  const compras = opcional('comprasCreditaveis', 'NAO_NEGATIVO');
  const baseAcumulada = opcional('baseAcumuladaTrimestre', 'NAO_NEGATIVO');
  const receitaAcumulada = opcional('receitaAcumuladaAno', 'NAO_NEGATIVO');
  const lucroReal = opcional('lucroRealTrimestre', 'QUALQUER');
  const receitaExcedente = opcional('receitaExcedenteAno', 'NAO_NEGATIVO');
  if (receitaExcedente !== undefined && receitaExcedente > (receitaAcumulada ?? 0)) {
    c.erro('receitaExcedenteAno', 'FORA_DO_INTERVALO', 'receitaExcedenteAno é parte de receitaAcumuladaAno e não pode passar dela.');
  }

  const mercadoriaImportada = c.booleano('mercadoriaImportada', campo(bruta, 'mercadoriaImportada'));
  const produtoZfm = c.booleano('produtoZonaFrancaManaus', campo(bruta, 'produtoZonaFrancaManaus'));
  const issRetido = c.booleano('issRetido', campo(bruta, 'issRetido'));
  const aliquotaIsBruta = campo(bruta, 'aliquotaIs');
  const aliquotaIs = aliquotaIsBruta === undefined ? undefined : c.percentual('aliquotaIs', aliquotaIsBruta, 0, 300);
  const icmsComprasBruta = campo(bruta, 'aliquotaIcmsCompras');
  const aliquotaIcmsCompras = icmsComprasBruta === undefined ? undefined : c.percentual('aliquotaIcmsCompras', icmsComprasBruta, 0, 40);

  const referencia = (nome: string) => {
    const v = campo(bruta, nome);
    return v === undefined ? null : (c.percentual(nome, v, 0, 50) ?? null);
  };
  const referenciaInformada = { cbs: referencia('aliquotaReferenciaCbs'), ibsUf: referencia('aliquotaIbsUf'), ibsMun: referencia('aliquotaIbsMun') };

  const dasBruta = campo(empresa, 'aliquotaDas');
  const aliquotaDas = dasBruta === undefined ? undefined : c.percentual('empresa.aliquotaDas', dasBruta, 0, 33, true);

  const vencimentos = lerVencimentos(c, campo(opcoes, 'vencimentos'));
  const referencias = lerReferencias(c, campo(opcoes, 'aliquotasReferencia'));

  if (c.erros.length > 0 || tipoDocumento === undefined || valorCentavos === undefined || data === undefined) {
    return { ok: false, erros: c.erros };
  }

  const ignorados: string[] = [];
  const presentes = (nomes: readonly string[]) => nomes.filter((n) => campo(bruta, n) !== undefined);
  if (tipoDocumento === 'NFSE') ignorados.push(...presentes(['ncm', 'aliquotaIpi', 'cfop', 'mercadoriaImportada', 'produtoZonaFrancaManaus']));
  if (tipoDocumento !== 'NFSE') ignorados.push(...presentes(['aliquotaIss', 'issRetido']));
  if (tipoDocumento === 'CTE' || tipoDocumento === 'NFCE') ignorados.push(...presentes(['ncm', 'aliquotaIpi', 'produtoZonaFrancaManaus']));

  return {
    ok: true,
    entrada: {
      tipoDocumento,
      // Only the comparison, which replaces it, gets here without a regime.
      regime: regime ?? 'SIMPLES_NACIONAL',
      dataIso: data.iso,
      dia: data.dia,
      ano: data.ano,
      mes: data.mes,
      valorCentavos,
      ufOrigem: ufOrigem ?? null,
      ufDestino: ufDestino ?? null,
      ncm: ncm ?? null,
      aliquotaIpi: aliquotaIpi ?? null,
      // An NFS-e has no CFOP: one sent is ignored, so it cannot make a service an export or a shipment.
      cfop: tipoDocumento === 'NFSE' ? null : (cfop ?? null),
      aliquotaIss: aliquotaIss ?? null,
      atividade: atividadeInformada ?? ATIVIDADE_PADRAO[tipoDocumento],
      anexo: anexo ?? null,
      rbt12Centavos: rbt12 ?? null,
      comprasCentavos: compras ?? 0,
      baseAcumuladaTrimestreCentavos: baseAcumulada ?? 0,
      receitaAcumuladaAnoCentavos: receitaAcumulada ?? 0,
      receitaExcedenteAnoCentavos: receitaExcedente ?? 0,
      lucroRealTrimestreCentavos: lucroReal ?? null,
      mercadoriaImportada,
      produtoZfm,
      aliquotaIs: aliquotaIs ?? null,
      aliquotaIcmsCompras: aliquotaIcmsCompras ?? null,
      // Only a service has ISS to withhold.
      issRetido: tipoDocumento === 'NFSE' && issRetido,
      aliquotaDas: aliquotaDas ?? ALIQUOTA_DAS_PADRAO,
      aliquotaDasInformada: aliquotaDas !== undefined,
      vencimentos,
      referencias,
      referenciaInformada,
      ignorados,
    },
  };
}

/** Annexes that may tax each document (LC 123 art. 18 §4º; CT-e cargo transport by §5º-E in annex III). */
const ANEXOS_POR_DOCUMENTO: Readonly<Record<TipoDocumento, readonly AnexoSimples[]>> = {
  NFE: ['I', 'II'],
  NFCE: ['I', 'II'],
  CTE: ['III'],
  NFSE: ['III', 'IV', 'V'],
};

const DESCRICAO_DOCUMENTO: Readonly<Record<TipoDocumento, string>> = {
  NFE: 'venda de mercadorias (NF-e)',
  NFCE: 'venda de mercadorias (NFC-e)',
  CTE: 'transporte intermunicipal ou interestadual (CT-e)',
  NFSE: 'prestação de serviços (NFS-e)',
};

function lerData(c: Coletor, v: unknown): { iso: string; dia: number; ano: number; mes: number } | undefined {
  if (v === undefined) return c.erro('dataOperacao', 'OBRIGATORIO', 'dataOperacao é obrigatória (AAAA-MM-DD).');
  if (typeof v !== 'string') return c.erro('dataOperacao', 'TIPO_INVALIDO', 'dataOperacao deve ser um texto AAAA-MM-DD.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return c.erro('dataOperacao', 'FORMATO_INVALIDO', 'dataOperacao deve estar no formato AAAA-MM-DD.');
  const civil = lerIso(v);
  if (civil === null) return c.erro('dataOperacao', 'DATA_INEXISTENTE', `dataOperacao: ${v} não existe no calendário.`);
  if (v < DATA_MINIMA || v > DATA_MAXIMA) {
    return c.erro('dataOperacao', 'FORA_DO_PERIODO', `dataOperacao deve estar entre ${DATA_MINIMA} e ${DATA_MAXIMA}.`);
  }
  return { iso: v, dia: diaDe(civil.ano, civil.mes, civil.dia), ano: civil.ano, mes: civil.mes };
}

function lerNcm(c: Coletor, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') return c.erro('ncm', 'TIPO_INVALIDO', 'ncm deve ser um texto de 8 dígitos.');
  if (!/^\d{8}$/.test(v)) return c.erro('ncm', 'NCM_INVALIDO', 'ncm deve ter exatamente 8 dígitos, sem pontos.');
  return v;
}

/**
 * An issued document's CFOP starts with 5 (inside the state), 6 (to another state) or 7 (abroad); the
 * first digit must agree with the two UFs when both were given.
 */
function lerCfop(c: Coletor, v: unknown, ufOrigem: Uf | undefined, ufDestino: Uf | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') return c.erro('cfop', 'TIPO_INVALIDO', 'cfop deve ser um texto de 4 dígitos.');
  if (!/^\d{4}$/.test(v)) return c.erro('cfop', 'CFOP_INVALIDO', 'cfop deve ter exatamente 4 dígitos, sem ponto.');
  const inicio = v[0];
  if (inicio !== '5' && inicio !== '6' && inicio !== '7') {
    return c.erro('cfop', 'CFOP_NAO_E_SAIDA', 'cfop de documento emitido começa com 5 (interna), 6 (interestadual) ou 7 (exterior).');
  }
  if (inicio === '6' && ufDestino === undefined) {
    c.erro('ufDestino', 'OBRIGATORIO', 'ufDestino é obrigatória numa operação interestadual (CFOP 6.xxx).');
    return v;
  }
  if (ufOrigem !== undefined && ufDestino !== undefined) {
    if (inicio === '5' && ufOrigem !== ufDestino) return c.erro('cfop', 'CFOP_INCOERENTE_COM_UF', 'CFOP 5.xxx é de operação interna, mas ufOrigem e ufDestino diferem.');
    if (inicio === '6' && ufOrigem === ufDestino) return c.erro('cfop', 'CFOP_INCOERENTE_COM_UF', 'CFOP 6.xxx é de operação interestadual, mas ufOrigem e ufDestino são iguais.');
    if (inicio === '7') return c.erro('ufDestino', 'NAO_SE_APLICA', 'Numa exportação (CFOP 7.xxx) não se informa ufDestino.');
  }
  return v;
}

const CHAVES_VENCIMENTO: readonly ChaveVencimentoLocal[] = ['ICMS', 'ISS', 'CBS', 'IBS', 'IS'];

function lerVencimentos(c: Coletor, v: unknown): Partial<Record<ChaveVencimentoLocal, RegraLocal>> {
  const regras: Partial<Record<ChaveVencimentoLocal, RegraLocal>> = {};
  if (v === undefined) return regras;
  if (!ehObjeto(v)) {
    c.erro('vencimentos', 'TIPO_INVALIDO', 'vencimentos deve ser um objeto por tributo (ICMS, ISS, CBS, IBS, IS).');
    return regras;
  }
  for (const chave of Object.keys(v)) {
    if (!(CHAVES_VENCIMENTO as readonly string[]).includes(chave)) {
      c.erro(`vencimentos.${chave.slice(0, 20)}`, 'VALOR_NAO_PERMITIDO', `Só se configuram prazos de ${CHAVES_VENCIMENTO.join(', ')}.`);
    }
  }
  for (const chave of CHAVES_VENCIMENTO) {
    const regra = campo(v, chave);
    if (regra === undefined) continue;
    if (!ehObjeto(regra)) {
      c.erro(`vencimentos.${chave}`, 'TIPO_INVALIDO', `vencimentos.${chave} deve ser { dia, ajuste }.`);
      continue;
    }
    const diaBruto = campo(regra, 'dia');
    const dia = diaBruto === undefined ? c.erro(`vencimentos.${chave}.dia`, 'OBRIGATORIO', 'dia é obrigatório.') : c.numero(`vencimentos.${chave}.dia`, diaBruto);
    if (dia !== undefined && (!Number.isInteger(dia) || dia < 1 || dia > 31)) {
      c.erro(`vencimentos.${chave}.dia`, 'FORA_DO_INTERVALO', 'dia deve ser um inteiro de 1 a 31.');
    }
    const ajuste = c.opcao(`vencimentos.${chave}.ajuste`, campo(regra, 'ajuste'), ['PRORROGAR', 'ANTECIPAR'] as const, true);
    if (dia !== undefined && Number.isInteger(dia) && dia >= 1 && dia <= 31 && ajuste !== undefined) regras[chave] = { dia, ajuste };
  }
  return regras;
}

function lerReferencias(c: Coletor, v: unknown): Map<number, ReferenciaAno> {
  const referencias = new Map<number, ReferenciaAno>();
  if (v === undefined) return referencias;
  if (!ehObjeto(v)) {
    c.erro('aliquotasReferencia', 'TIPO_INVALIDO', 'aliquotasReferencia deve ser um objeto por ano ("2027": { cbs, ibsUf, ibsMun }).');
    return referencias;
  }
  for (const chave of Object.keys(v)) {
    const nome = `aliquotasReferencia.${chave.slice(0, 20)}`;
    const ano = /^\d{4}$/.test(chave) ? Number(chave) : NaN;
    if (!(ano >= 2027 && ano <= 2040)) {
      c.erro(nome, 'VALOR_NAO_PERMITIDO', 'As alíquotas de referência são por ano, de 2027 a 2040.');
      continue;
    }
    const porAno = campo(v, chave);
    if (porAno === undefined) continue;
    if (!ehObjeto(porAno)) {
      c.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser { cbs, ibsUf, ibsMun } em percentual.`);
      continue;
    }
    const ler = (t: 'cbs' | 'ibsUf' | 'ibsMun') => {
      const x = campo(porAno, t);
      return x === undefined ? null : (c.percentual(`${nome}.${t}`, x, 0, 50) ?? null);
    };
    referencias.set(ano, { cbs: ler('cbs'), ibsUf: ler('ibsUf'), ibsMun: ler('ibsMun') });
  }
  return referencias;
}
