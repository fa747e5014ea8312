import { MEIOS_PAGAMENTO, type MeioPagamento, type ModeloDocumento } from '@erp/contracts';
import { camposDesconhecidos, cnpjProblem, ehObjeto, lerTexto, normalizeCnpj, vazio, type CamposInvalidos } from '@erp/fiscal-rules';
import { escalar, MAXIMO_CENTAVOS } from '../money';
import type { PagamentoValido } from './types';

/**
 * The means of payment of an NF-e / NFC-e (`pag/detPag`, MOC 4.00 group YA), checked before anything is built so
 * the caller gets a field error rather than a SEFAZ rejection:
 * - the sum must cover the total of the items (rejection 865 of the NFC-e, group YA of the MOC);
 * - what is paid beyond the total is the change (`vTroco` = paid - vNF, rejections 866 and 869); our rule: only cash
 *   (01) gives change, and no more than the cash paid (a card or PIX is charged for the exact amount);
 * - "90 - Sem pagamento" is refused on an NFC-e (rejection 899) and, on an NF-e, must be alone with value 0;
 * - cards (03, 04) and the dynamic PIX (17) always carry the `card` group (rejection 391 of the NFC-e): tpIntegra 2
 *   (a POS not integrated to the sale) unless `integrado`.
 * Absent: the document pays "99 - Outros" for its whole value (what it always did).
 */
const CAMPOS_PAGAMENTO = ['meio', 'valor', 'descricao', 'aPrazo', 'cartao'];
const CAMPOS_CARTAO = ['integrado', 'cnpjCredenciadora', 'bandeira', 'autorizacao'];
/** Means paid through a card machine or a payment institution: the `card` group is written for them. */
export const MEIOS_COM_CARTAO: ReadonlySet<string> = new Set(['03', '04', '17']);

function lerPagamento(erros: CamposInvalidos, entrada: unknown, campo: string, modelo: ModeloDocumento): PagamentoValido | undefined {
  if (!ehObjeto(entrada)) return erros.add(campo, 'tipo', 'deve ser um objeto {meio, valor}');
  camposDesconhecidos(erros, entrada, campo, CAMPOS_PAGAMENTO);
  const meio = typeof entrada.meio === 'string' && entrada.meio in MEIOS_PAGAMENTO ? (entrada.meio as MeioPagamento) : null;
  if (!meio) erros.add(`${campo}.meio`, 'meio_pagamento_invalido', `deve ser um de ${Object.keys(MEIOS_PAGAMENTO).join(', ')} (tPag)`);
  else if (meio === '90' && modelo === 'NFCE') erros.add(`${campo}.meio`, 'sem_pagamento_nfce', 'uma venda a consumidor tem pagamento: 90 (sem pagamento) não se aplica à NFC-e');
  const valor = entrada.valor;
  const centavos = typeof valor === 'number' && Number.isFinite(valor) ? escalar(valor, 2) : null;
  let valorCentavos: number | undefined;
  if (centavos === null || centavos < 0n || centavos > MAXIMO_CENTAVOS) erros.add(`${campo}.valor`, 'valor_invalido', 'deve ser um valor em reais com até 2 casas decimais');
  else if (meio === '90' && centavos !== 0n) erros.add(`${campo}.valor`, 'sem_pagamento_com_valor', 'com 90 (sem pagamento) o valor é 0');
  else if (meio !== '90' && centavos === 0n) erros.add(`${campo}.valor`, 'valor_invalido', 'deve ser maior que zero');
  else valorCentavos = Number(centavos);
  const descricao = lerTexto(erros, entrada.descricao, `${campo}.descricao`, { obrigatorio: meio === '99', min: 2, max: 60 });
  if (!vazio(entrada.aPrazo) && typeof entrada.aPrazo !== 'boolean') erros.add(`${campo}.aPrazo`, 'tipo', 'deve ser verdadeiro ou falso');
  const cartao = lerCartao(erros, entrada.cartao, `${campo}.cartao`, meio);
  if (!meio || valorCentavos === undefined || descricao === undefined || cartao === undefined) return undefined;
  return { meio, valorCentavos, descricao, aPrazo: entrada.aPrazo === true, cartao };
}

function lerCartao(erros: CamposInvalidos, entrada: unknown, campo: string, meio: MeioPagamento | null): PagamentoValido['cartao'] | undefined {
  const comCartao = meio !== null && MEIOS_COM_CARTAO.has(meio);
  if (vazio(entrada)) return comCartao ? { integrado: false, cnpjCredenciadora: null, bandeira: null, autorizacao: null } : null;
  if (!ehObjeto(entrada)) return erros.add(campo, 'tipo', 'deve ser um objeto');
  if (!comCartao) return erros.add(campo, 'cartao_sem_cartao', 'só com os meios 03, 04 e 17 (cartão e PIX dinâmico)');
  camposDesconhecidos(erros, entrada, campo, CAMPOS_CARTAO);
  let cnpjCredenciadora: string | null = null;
  if (!vazio(entrada.cnpjCredenciadora)) {
    const cnpj = typeof entrada.cnpjCredenciadora === 'string' ? normalizeCnpj(entrada.cnpjCredenciadora) : '';
    if (typeof entrada.cnpjCredenciadora !== 'string' || cnpjProblem(cnpj) !== null) erros.add(`${campo}.cnpjCredenciadora`, 'cnpj_invalido', 'CNPJ inválido');
    else cnpjCredenciadora = cnpj;
  }
  const bandeira = vazio(entrada.bandeira) ? null : typeof entrada.bandeira === 'string' && /^[0-9]{2}$/.test(entrada.bandeira.trim()) ? entrada.bandeira.trim() : undefined;
  if (bandeira === undefined) erros.add(`${campo}.bandeira`, 'bandeira_invalida', 'deve ter 2 dígitos (tBand)');
  const autorizacao = lerTexto(erros, entrada.autorizacao, `${campo}.autorizacao`, { max: 128 });
  if (!vazio(entrada.integrado) && typeof entrada.integrado !== 'boolean') erros.add(`${campo}.integrado`, 'tipo', 'deve ser verdadeiro ou falso');
  if (bandeira === undefined || autorizacao === undefined || erros.tem(campo)) return undefined;
  return { integrado: entrada.integrado === true, cnpjCredenciadora, bandeira, autorizacao };
}

/** The payments as checked, or null when none were given (the document then pays 99 for its value). */
export function lerPagamentos(erros: CamposInvalidos, entrada: unknown, modelo: ModeloDocumento | null, totalCentavos: number): PagamentoValido[] | null | undefined {
  if (vazio(entrada)) return null;
  if (modelo !== 'NFE' && modelo !== 'NFCE') return erros.add('pagamentos', 'somente_mercadoria', 'só se aplica a NF-e e NFC-e');
  if (!Array.isArray(entrada) || entrada.length === 0 || entrada.length > 100) return erros.add('pagamentos', 'tipo', 'deve ser uma lista de 1 a 100 pagamentos');
  const lidos = entrada.map((p, i) => lerPagamento(erros, p, `pagamentos[${i}]`, modelo));
  if (lidos.some((p) => p === undefined)) return undefined;
  const pagamentos = lidos as PagamentoValido[];
  if (pagamentos.some((p) => p.meio === '90')) {
    return pagamentos.length > 1 ? erros.add('pagamentos', 'sem_pagamento_exclusivo', '90 (sem pagamento) não se combina com outros meios') : pagamentos;
  }
  const pago = pagamentos.reduce((t, p) => t + p.valorCentavos, 0);
  const troco = pago - totalCentavos;
  const dinheiro = pagamentos.filter((p) => p.meio === '01').reduce((t, p) => t + p.valorCentavos, 0);
  if (troco < 0) return erros.add('pagamentos', 'pagamento_insuficiente', `a soma dos pagamentos (${reais(pago)}) é menor que o total (${reais(totalCentavos)})`);
  if (troco > dinheiro) return erros.add('pagamentos', 'troco_sem_dinheiro', `o troco (${reais(troco)}) passa do pago em dinheiro (${reais(dinheiro)}): só dinheiro dá troco`);
  return pagamentos;
}

const reais = (centavos: number): string => `R$ ${(centavos / 100).toFixed(2).replace('.', ',')}`;
