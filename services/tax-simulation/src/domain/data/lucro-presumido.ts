import { type Fracao, percentual } from '../fraction';
import { type Vigente } from '../validity';

/**
 * Presumption classes of the Lucro Presumido (the accepted values of `atividade`): the share of gross
 * revenue taken as profit for IRPJ (Lei 9.249/1995 art. 15) and for CSLL (art. 20). Read from secondary
 * tables (contabiz, portalescrita); the law's text was not re-read.
 */
export interface Presuncao extends Vigente {
  readonly descricao: string;
  readonly irpj: Fracao;
  readonly csll: Fracao;
}

/** In force since Lei 9.249/1995 (1/1/1996) and Lei 9.250/1995 art. 40; open-ended. */
function desde1996(presuncao: Omit<Presuncao, keyof Vigente> & { fonte: string }): readonly Presuncao[] {
  return [{ ...presuncao, vigenciaInicio: '1996-01-01', vigenciaFim: null }];
}

export const PRESUNCOES = {
  COMBUSTIVEIS: desde1996({
    descricao: 'Revenda de combustíveis derivados de petróleo, álcool etílico carburante e gás natural',
    irpj: percentual('1.6'),
    csll: percentual('12'),
    fonte: 'Lei 9.249/1995 art. 15 §1º I; art. 20',
  }),
  MERCADORIAS: desde1996({
    descricao: 'Venda de mercadorias e produtos, atividade industrial',
    irpj: percentual('8'),
    csll: percentual('12'),
    fonte: 'Lei 9.249/1995 art. 15 caput; art. 20',
  }),
  TRANSPORTE_CARGA: desde1996({
    descricao: 'Transporte de cargas',
    irpj: percentual('8'),
    csll: percentual('12'),
    fonte: 'Lei 9.249/1995 art. 15 caput e §1º II a (só o transporte de carga fica em 8%); art. 20',
  }),
  SERVICOS_HOSPITALARES: desde1996({
    descricao: 'Serviços hospitalares e de auxílio diagnóstico que cumprem as condições da lei',
    irpj: percentual('8'),
    csll: percentual('12'),
    fonte: 'Lei 9.249/1995 art. 15 §1º III a; art. 20',
  }),
  CONSTRUCAO_COM_MATERIAIS: desde1996({
    descricao: 'Construção por empreitada com fornecimento de todos os materiais',
    irpj: percentual('8'),
    csll: percentual('12'),
    fonte: 'Lei 9.249/1995 art. 15 caput; art. 20',
  }),
  TRANSPORTE_PASSAGEIROS: desde1996({
    descricao: 'Transporte que não seja de cargas (passageiros)',
    irpj: percentual('16'),
    csll: percentual('12'),
    fonte: 'Lei 9.249/1995 art. 15 §1º II a; art. 20',
  }),
  SERVICOS: desde1996({
    descricao: 'Serviços em geral, profissões regulamentadas, intermediação, administração e locação de bens e direitos',
    irpj: percentual('32'),
    csll: percentual('32'),
    fonte: 'Lei 9.249/1995 art. 15 §1º III; art. 20',
  }),
  SERVICOS_RECEITA_ATE_120_MIL: desde1996({
    descricao: 'Prestadora de serviços (não regulamentados) com receita bruta anual até R$ 120.000',
    irpj: percentual('16'),
    csll: percentual('32'),
    fonte: 'Lei 9.250/1995 art. 40 (IRPJ 16%); CSLL 32% (art. 20 da Lei 9.249 — não confirmado)',
  }),
} as const satisfies Record<string, readonly Presuncao[]>;

export type Atividade = keyof typeof PRESUNCOES;

/**
 * LC 224/2025: the presumption percentages are multiplied by 1.10 on the part of the year's gross revenue
 * above R$ 5,000,000, a limit prorated per quarter: R$ 1,250,000 of room each quarter, unused room carried to
 * the following quarters of the year, revenue above a quarter's room not eating the next quarter's, and once
 * the year's revenue passed R$ 5,000,000 all later revenue surcharged. IRPJ from 1/1/2026; CSLL from the 2nd
 * quarter of 2026 because of the 90-day rule (one source says 1 May 2026). SECONDARY: law-firm summaries of
 * LC 224 and IN RFB 2.305/2025 (research §2).
 */
export interface AcrescimoPresuncao extends Vigente {
  readonly fator: Fracao;
  readonly limiteTrimestralCentavos: number;
  readonly limiteAnualCentavos: number;
}

const ACRESCIMO = { fator: { n: 11n, d: 10n }, limiteTrimestralCentavos: 1_250_000_00, limiteAnualCentavos: 5_000_000_00 };

/**
 * The year-end true-up of IN RFB 2.306/2026 (amending IN RFB 2.305/2025): in the year's last quarter the company checks
 * the year's revenue against R$ 5 million; the surcharge falls only on the revenue above it, and what earlier quarters
 * paid over that is deducted in the last quarter (a balance beyond it is refunded or offset, with Selic). Read in
 * secondary summaries of the IN (lauffer.com.br, agadvogados.adv.br, ivobarboza.com.br, 2026-01); the IN's text was
 * not read. `trimestre` is the quarter of the true-up.
 */
export interface AjusteAnualLc224 extends Vigente {
  readonly trimestre: number;
}

export const AJUSTE_ANUAL_LC224: readonly AjusteAnualLc224[] = [
  { trimestre: 4, vigenciaInicio: '2026-01-01', vigenciaFim: null, fonte: 'IN RFB 2.306/2026 (ajuste no último trimestre do ano-calendário), segundo resumos secundários' },
];

export const ACRESCIMO_LC224_IRPJ: readonly AcrescimoPresuncao[] = [
  { ...ACRESCIMO, vigenciaInicio: '2026-01-01', vigenciaFim: null, fonte: 'LC 224/2025; Decreto 12.808/2025; IN RFB 2.305/2025 (IRPJ desde 1º/1/2026)' },
];

export const ACRESCIMO_LC224_CSLL: readonly AcrescimoPresuncao[] = [
  {
    ...ACRESCIMO,
    vigenciaInicio: '2026-04-01',
    vigenciaFim: null,
    fonte: 'LC 224/2025; IN RFB 2.305/2025 com IN RFB 2.306/2026 (CSLL a partir do 2º trimestre de 2026, anterioridade nonagesimal)',
  },
];

/** The class used when the caller names none, by document: services, goods, or cargo transport. */
export const ATIVIDADE_PADRAO = { NFSE: 'SERVICOS', NFE: 'MERCADORIAS', NFCE: 'MERCADORIAS', CTE: 'TRANSPORTE_CARGA' } as const;
