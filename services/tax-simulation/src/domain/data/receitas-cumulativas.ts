import { type Vigente } from '../validity';

/**
 * Revenues that stay under the cumulative PIS/COFINS (0.65% and 3%, no credits) even for a Lucro Real company:
 * Lei 10.833/2003 art. 10 (COFINS) and, by its art. 15 V, Lei 10.637/2002 art. 8º (PIS). The engine decides by the
 * service's LC 116/2003 item (`codigoServico`, default the company's), so only the incisos a service item maps to
 * are here (the closed list is consolidated in IN RFB 2.121/2022 art. 126); each inciso also has conditions of its
 * own (who provides the service), which the result names as an assumption. Inciso XIII (hospitals) was read in the
 * law's text by a public research note (planalto, 10/10/2026); XXV and its §2º by a consultancy reading of the same
 * IN; XII (passenger transport) and XIV (education) are numbered as commonly cited, NOT re-read here.
 * `vigenciaInicio` is the date of the law that inserted each inciso.
 */
export interface ReceitaCumulativa extends Vigente {
  readonly itens: readonly string[];
  readonly atividade: string;
  /** What the inciso requires beyond the service itself, stated in the result. */
  readonly condicao: string;
}

export const RECEITAS_CUMULATIVAS: readonly ReceitaCumulativa[] = [
  {
    itens: ['01.01', '01.02', '01.04', '01.05', '01.06', '01.07', '01.08'],
    atividade: 'desenvolvimento, licenciamento, análise, programação, instalação, configuração, consultoria, suporte e manutenção de software e páginas eletrônicas',
    condicao: 'receita de empresa de serviços de informática, de software desenvolvido no Brasil e não importado (art. 10 XXV e §2º; SC Cosit 303/2014)',
    vigenciaInicio: '2004-12-30',
    vigenciaFim: null,
    fonte: 'Lei 10.833/2003 art. 10 XXV (Lei 11.051/2004); Lei 10.637/2002 art. 8º pela Lei 10.833 art. 15 V',
  },
  {
    itens: ['04.02', '04.03'],
    atividade: 'serviços de hospital, pronto-socorro, clínica, laboratório de análises clínicas, diálise, radiodiagnóstico, radioterapia, quimioterapia',
    condicao: 'serviço prestado por uma das entidades que o inciso enumera (art. 10 XIII a e b; IN RFB 2.121/2022 art. 126 IX)',
    vigenciaInicio: '2004-02-01',
    vigenciaFim: null,
    fonte: 'Lei 10.833/2003 art. 10 XIII; Lei 10.637/2002 art. 8º pela Lei 10.833 art. 15 V',
  },
  {
    itens: ['08.01'],
    atividade: 'educação infantil, ensinos fundamental e médio e educação superior',
    condicao: 'ensino regular (art. 10 XIV)',
    vigenciaInicio: '2004-02-01',
    vigenciaFim: null,
    fonte: 'Lei 10.833/2003 art. 10 XIV (numeração não conferida no texto); Lei 10.637/2002 art. 8º pela Lei 10.833 art. 15 V',
  },
  {
    itens: ['16.01'],
    atividade: 'transporte coletivo de passageiros (rodoviário, metroviário, ferroviário, aquaviário)',
    condicao: 'transporte coletivo de passageiros, inclusive fretamento (art. 10 XII)',
    vigenciaInicio: '2004-02-01',
    vigenciaFim: null,
    fonte: 'Lei 10.833/2003 art. 10 XII (numeração não conferida no texto); Lei 10.637/2002 art. 8º pela Lei 10.833 art. 15 V',
  },
];
