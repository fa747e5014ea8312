import type { PagamentoInput } from '../../api/operations/documents';

/** A means of payment as typed: the tPag code and the value in pt-BR text ("1.200,00"). */
export interface PagamentoForm {
  meio: string;
  valor: string;
  descricao: string;
}

export const emptyPayment = (meio = '01'): PagamentoForm => ({ meio, valor: '', descricao: '' });

/** The NT's tPag table by label (the service checks the code; the DANFCE prints the same labels). */
export const MEIOS_PAGAMENTO: [string, string][] = [
  ['01', 'Dinheiro'],
  ['02', 'Cheque'],
  ['03', 'Cartão de crédito'],
  ['04', 'Cartão de débito'],
  ['05', 'Crédito loja'],
  ['10', 'Vale alimentação'],
  ['11', 'Vale refeição'],
  ['12', 'Vale presente'],
  ['13', 'Vale combustível'],
  ['15', 'Boleto bancário'],
  ['16', 'Depósito bancário'],
  ['17', 'PIX dinâmico'],
  ['18', 'Transferência bancária, carteira digital'],
  ['19', 'Programa de fidelidade, cashback'],
  ['20', 'PIX estático'],
  ['99', 'Outros'],
];

const PAYMENT_LABELS: Record<string, string> = { meio: 'Meio', valor: 'Valor', descricao: 'Descrição', cartao: 'Cartão' };

/** "pagamentos[1].valor" is "Pagamento 2: Valor"; "pagamentos" is "Pagamentos". */
export function paymentFieldLabel(campo: string): string | null {
  const m = /^pagamentos(?:\[(\d+)\](?:\.(\w+))?)?/.exec(campo);
  if (!m) return null;
  if (m[1] === undefined) return 'Pagamentos';
  return `Pagamento ${Number(m[1]) + 1}${m[2] ? `: ${PAYMENT_LABELS[m[2]] ?? m[2]}` : ''}`;
}

/**
 * The change shown while typing: paid - total when positive (the service computes vTroco the same way, in
 * centavos); null while a value cannot be read.
 */
export function changeFor(pagamentos: PagamentoForm[], totalReais: number | null, parse: (t: string) => number | null | undefined): number | null {
  if (totalReais === null) return null;
  let pago = 0;
  for (const p of pagamentos) {
    const v = parse(p.valor);
    if (v == null) return null;
    pago += Math.round(v * 100);
  }
  return Math.max(0, pago - Math.round(totalReais * 100)) / 100;
}

/** The payments for the API: none typed -> null (the service's default); unreadable values are local errors. */
export function paymentsInput(pagamentos: PagamentoForm[], number: (text: string, campo: string, required: boolean) => number | null): PagamentoInput[] | null {
  const typed = pagamentos.filter((p) => p.valor.trim() !== '' || p.descricao.trim() !== '');
  if (typed.length === 0) return null;
  return pagamentos.map((p, i) => ({
    meio: p.meio,
    valor: number(p.valor, `pagamentos[${i}].valor`, true) ?? -1,
    descricao: p.meio === '99' ? p.descricao.trim() || null : null,
  }));
}
