import type { ModeloDocumento } from '@erp/contracts';
import { camposDesconhecidos, ehObjeto, interpretarCodigoServico, lerTexto, vazio, type CamposInvalidos } from '@erp/fiscal-rules';
import { alcanceDaOperacao, PRIMEIRO_DIGITO } from '../cfop';
import { CASAS_PRECO, CASAS_QUANTIDADE, escalar, LIMITE_QUANTIDADE_PRECO, MAXIMO_CENTAVOS, totalItemCentavos } from '../money';
import { lerInsumosIcms } from './icms-inputs';
import type { ContextoEmissao, ItemValido } from './types';

/** CST of ICMS (regime normal issuers) and CSOSN (Simples Nacional, CRT 1), Ajuste SINIEF 07/05 annex. */
const CST_ICMS = new Set(['00', '02', '10', '15', '20', '30', '40', '41', '50', '51', '53', '60', '61', '70', '90']);
const CSOSN = new Set(['101', '102', '103', '201', '202', '203', '300', '400', '500', '900']);

function positivo(erros: CamposInvalidos, valor: unknown, campo: string, casas: number): number | undefined {
  if (typeof valor !== 'number' || !Number.isFinite(valor)) return erros.add(campo, 'tipo', 'deve ser um número');
  if (valor <= 0 || valor >= LIMITE_QUANTIDADE_PRECO) {
    return erros.add(campo, 'faixa', 'deve ser maior que zero e ter no máximo 11 dígitos antes da vírgula');
  }
  if (escalar(valor, casas) === null) return erros.add(campo, 'casas_decimais', `aceita no máximo ${casas} casas decimais`);
  return valor;
}

/** CFOP of 4 digits whose first digit is the operation's reach (5 same UF, 6 other UF, 7 abroad; NFC-e only 5). */
function lerCfop(erros: CamposInvalidos, valor: unknown, campo: string, modelo: ModeloDocumento, ctx: ContextoEmissao, ufDestino: string | null | undefined): string | null {
  const esperado = modelo === 'NFCE' ? '5' : ufDestino === undefined ? null : PRIMEIRO_DIGITO[alcanceDaOperacao(ctx.ufEmitente, ufDestino)];
  if (typeof valor !== 'string' || !/^\d{4}$/.test(valor)) return erros.add(campo, 'cfop_formato', 'CFOP deve ter 4 dígitos') ?? null;
  if (esperado !== null && valor[0] !== esperado) {
    return erros.add(campo, 'cfop_operacao', `CFOP deve começar por ${esperado} nesta operação (5 interna, 6 interestadual, 7 exterior; NFC-e só 5)`) ?? null;
  }
  return valor;
}

/** CSOSN for Simples Nacional issuers (CRT 1), CST otherwise. */
function lerSituacaoIcms(erros: CamposInvalidos, valor: Record<string, unknown>, campo: string, ctx: ContextoEmissao): { cst: string | null; csosn: string | null } {
  if (ctx.regime === 'SIMPLES_NACIONAL') {
    if (!vazio(valor.cst)) erros.add(`${campo}.cst`, 'cst_simples', 'emitente do Simples Nacional informa CSOSN, não CST');
    if (typeof valor.csosn === 'string' && CSOSN.has(valor.csosn)) return { cst: null, csosn: valor.csosn };
    erros.add(`${campo}.csosn`, 'csosn_invalido', `CSOSN deve ser um de ${[...CSOSN].join(', ')}`);
    return { cst: null, csosn: null };
  }
  if (!vazio(valor.csosn)) erros.add(`${campo}.csosn`, 'csosn_regime_normal', 'emitente do regime normal informa CST, não CSOSN');
  if (typeof valor.cst === 'string' && CST_ICMS.has(valor.cst)) return { cst: valor.cst, csosn: null };
  erros.add(`${campo}.cst`, 'cst_invalido', `CST deve ser um de ${[...CST_ICMS].join(', ')}`);
  return { cst: null, csosn: null };
}

/** NFS-e: the LC 116 service item (default: the company's) and the ISS rate, 2% to 5% (LC 116 art. 8 and 8-A). */
function lerServico(erros: CamposInvalidos, valor: Record<string, unknown>, campo: string, ctx: ContextoEmissao): { codigoServico: string | null; aliquotaIss: number | null } {
  const informado = vazio(valor.codigoServico) ? ctx.codigoServicoPadrao : valor.codigoServico;
  const lido = typeof informado === 'string' ? interpretarCodigoServico(informado.trim()) : 'formato';
  let codigoServico: string | null = null;
  if (typeof lido === 'string') {
    erros.add(`${campo}.codigoServico`, `lc116_${lido}`, 'deve ser um item da lista da LC 116/2003 (NN.NN), ou configure o padrão da empresa');
  } else codigoServico = lido.item;
  if (vazio(valor.aliquotaIss)) return { codigoServico, aliquotaIss: null };
  const aliquota = valor.aliquotaIss;
  if (typeof aliquota !== 'number' || !Number.isFinite(aliquota) || aliquota < 2 || aliquota > 5 || escalar(aliquota, 2) === null) {
    erros.add(`${campo}.aliquotaIss`, 'aliquota_iss_faixa', 'deve estar entre 2% e 5% (LC 116 art. 8º e 8º-A), com até 2 casas');
    return { codigoServico, aliquotaIss: null };
  }
  return { codigoServico, aliquotaIss: aliquota };
}

/** ICMS-ST situations whose goods carry a CEST (SEFAZ rule 806, NT 2015.003). */
const SITUACOES_ST = new Set(['10', '30', '60', '70', '201', '202', '203', '500']);

/** CEST: 7 digits (`28.038.00` accepted, punctuation removed); required for goods in an ICMS-ST situation. */
function lerCest(erros: CamposInvalidos, valor: unknown, campo: string, situacao: string | null): string | null {
  if (vazio(valor)) {
    if (situacao !== null && SITUACOES_ST.has(situacao)) erros.add(campo, 'cest_obrigatorio', `obrigatório para mercadoria sob substituição tributária (CST/CSOSN ${situacao})`);
    return null;
  }
  const cest = typeof valor === 'string' ? valor.replace(/[.\s-]/g, '') : '';
  if (!/^\d{7}$/.test(cest)) return erros.add(campo, 'cest_formato', 'deve ter 7 dígitos') ?? null;
  return cest;
}

/** A money value in reais with at most 2 decimals, as centavos; a rate in percent (0-100, 4 decimals). */
function lerValor(erros: CamposInvalidos, valor: unknown, campo: string): number | undefined {
  if (typeof valor !== 'number' || !Number.isFinite(valor) || valor < 0) return erros.add(campo, 'tipo', 'deve ser um valor em reais, zero ou mais');
  const centavos = escalar(valor, 2);
  if (centavos === null || centavos > MAXIMO_CENTAVOS) return erros.add(campo, 'casas_decimais', 'no máximo 2 casas decimais e R$ 9.999.999.999.999,99');
  return Number(centavos);
}

function lerAliquota(erros: CamposInvalidos, valor: unknown, campo: string): number | undefined {
  if (typeof valor !== 'number' || !Number.isFinite(valor) || valor < 0 || valor > 100 || escalar(valor, 4) === null) {
    return erros.add(campo, 'aliquota_faixa', 'percentual de 0 a 100, com até 4 casas');
  }
  return valor;
}

/**
 * The ICMS-ST withheld earlier (CST 60 / CSOSN 500): required when the buyer is not the final consumer (SEFAZ rule
 * 938), accepted otherwise, refused on any other situation.
 */
function lerStRetido(erros: CamposInvalidos, valor: unknown, campo: string, situacao: string | null, consumidorFinal: boolean): ItemValido['icmsStRetido'] {
  const retido = situacao === '60' || situacao === '500';
  if (vazio(valor)) {
    if (retido && !consumidorFinal) erros.add(campo, 'st_retido_obrigatorio', 'obrigatório com CST 60 ou CSOSN 500 quando o destinatário não é consumidor final');
    return null;
  }
  if (!retido) return erros.add(campo, 'somente_st_retido', 'só se aplica a CST 60 ou CSOSN 500') ?? null;
  if (!ehObjeto(valor)) return erros.add(campo, 'tipo', 'deve ser um objeto { base, aliquota, valor, icmsSubstituto }') ?? null;
  const antes = erros.total;
  camposDesconhecidos(erros, valor, campo, ['base', 'aliquota', 'valor', 'icmsSubstituto']);
  const baseCentavos = lerValor(erros, valor.base, `${campo}.base`);
  const aliquota = lerAliquota(erros, valor.aliquota, `${campo}.aliquota`);
  const valorCentavos = lerValor(erros, valor.valor, `${campo}.valor`);
  // vICMSSubstituto: optional in the layout, required by rule 938 when the buyer is not the final consumer.
  let icmsSubstitutoCentavos: number | null | undefined = null;
  if (!vazio(valor.icmsSubstituto)) icmsSubstitutoCentavos = lerValor(erros, valor.icmsSubstituto, `${campo}.icmsSubstituto`);
  else if (!consumidorFinal) erros.add(`${campo}.icmsSubstituto`, 'st_retido_obrigatorio', 'obrigatório quando o destinatário não é consumidor final (regra 938 da SEFAZ)');
  if (erros.total > antes || baseCentavos === undefined || aliquota === undefined || valorCentavos === undefined || icmsSubstitutoCentavos === undefined) return null;
  return { baseCentavos, aliquota, valorCentavos, icmsSubstitutoCentavos };
}

/** One item; `ufDestino` undefined: the recipient's UF was given but invalid, so the operation's reach cannot be judged. */
export function lerItem(
  erros: CamposInvalidos,
  valor: unknown,
  i: number,
  modelo: ModeloDocumento,
  ctx: ContextoEmissao,
  destino: { uf: string | null | undefined; consumidorFinal: boolean },
): ItemValido | null {
  const ufDestino = destino.uf;
  const campo = `itens[${i}]`;
  if (!ehObjeto(valor)) return erros.add(campo, 'tipo', 'deve ser um objeto') ?? null;
  const antes = erros.total;
  const codigo = lerTexto(erros, valor.codigo, `${campo}.codigo`, { obrigatorio: true, max: 60 });
  const descricao = lerTexto(erros, valor.descricao, `${campo}.descricao`, { obrigatorio: true, max: 120 });
  const quantidade = positivo(erros, valor.quantidade, `${campo}.quantidade`, CASAS_QUANTIDADE);
  const valorUnitario = positivo(erros, valor.valorUnitario, `${campo}.valorUnitario`, CASAS_PRECO);
  const unidade = lerTexto(erros, valor.unidade, `${campo}.unidade`, { max: 6 }) ?? 'UN';
  const mercadoria = modelo === 'NFE' || modelo === 'NFCE';
  let ncm: string | null = null;
  if (mercadoria) {
    if (typeof valor.ncm !== 'string' || !/^\d{8}$/.test(valor.ncm)) erros.add(`${campo}.ncm`, 'ncm_formato', 'NCM deve ter 8 dígitos');
    else ncm = valor.ncm;
  }
  const cfop = modelo === 'NFSE' ? null : lerCfop(erros, valor.cfop, `${campo}.cfop`, modelo, ctx, ufDestino);
  const { cst, csosn } = modelo === 'NFSE' ? { cst: null, csosn: null } : lerSituacaoIcms(erros, valor, campo, ctx);
  const { codigoServico, aliquotaIss } = modelo === 'NFSE' ? lerServico(erros, valor, campo, ctx) : { codigoServico: null, aliquotaIss: null };
  const situacao = cst ?? csosn;
  const cest = mercadoria ? lerCest(erros, valor.cest, `${campo}.cest`, situacao) : null;
  const icmsStRetido = mercadoria ? lerStRetido(erros, valor.icmsStRetido, `${campo}.icmsStRetido`, situacao, destino.consumidorFinal) : null;
  const insumos = mercadoria ? lerInsumosIcms(erros, valor, campo, situacao) : { reducaoBaseIcms: null, diferimentoIcms: null, icmsSt: null };

  if (erros.total > antes || !codigo || !descricao || quantidade === undefined || valorUnitario === undefined) return null;
  const total = totalItemCentavos(quantidade, valorUnitario);
  if (total < 1n) return erros.add(campo, 'valor_item_minimo', 'quantidade x valorUnitario deve dar ao menos R$ 0,01') ?? null;
  if (total > MAXIMO_CENTAVOS) return erros.add(campo, 'valor_item_maximo', 'quantidade x valor unitário passa de R$ 9.999.999.999.999,99, o máximo de um item') ?? null;
  return { codigo, descricao, quantidade, valorUnitario, unidade, ncm, cfop, cst, csosn, cest, icmsStRetido, codigoServico, aliquotaIss, valorCentavos: Number(total), ...insumos };
}
