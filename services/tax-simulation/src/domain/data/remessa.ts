import { type Vigente } from '../validity';

/**
 * CFOPs the spec lists as shipments without transfer of ownership or commercial value: no revenue and no
 * tax debit on the product value. The spec's labels for 5.904 and 5.922 differ from the official CFOP
 * table (see docs/tax-simulation.md); the engine follows the spec's list.
 */
export interface CfopRemessa extends Vigente {
  readonly cfops: readonly string[];
  readonly operacao: string;
}

const FONTE = 'especificação, tabela "Simples Remessa"; CFOP do Convênio s/nº de 1970 (Ajuste SINIEF 07/2001)';

export const CFOPS_REMESSA: readonly CfopRemessa[] = [
  { cfops: ['5949', '6949'], operacao: 'Simples remessa (amostras, brindes, material de teste)', vigenciaInicio: '2026-01-01', vigenciaFim: null, fonte: FONTE },
  { cfops: ['5901', '6901'], operacao: 'Remessa para industrialização', vigenciaInicio: '2026-01-01', vigenciaFim: null, fonte: FONTE },
  { cfops: ['5902', '6902'], operacao: 'Retorno de industrialização', vigenciaInicio: '2026-01-01', vigenciaFim: null, fonte: FONTE },
  { cfops: ['5904', '6904'], operacao: 'Remessa para demonstração (na tabela oficial: remessa para venda fora do estabelecimento)', vigenciaInicio: '2026-01-01', vigenciaFim: null, fonte: FONTE },
  {
    cfops: ['5922', '6922'],
    operacao: 'Simples remessa entre estabelecimentos do mesmo CNPJ base (na tabela oficial: simples faturamento de venda para entrega futura)',
    vigenciaInicio: '2026-01-01',
    vigenciaFim: null,
    fonte: FONTE,
  },
];
