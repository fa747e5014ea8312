import type { LinhaImpostoCalculada, Tributo } from '@erp/contracts';

/** One tax of a document (GraphQL `LinhaImposto`), money in centavos. */
export interface ImpostoDocumento {
  tributo: Tributo;
  baseCentavos: number;
  aliquota: number;
  valorCentavos: number;
  informativo: boolean;
}

/**
 * The document's taxes: the lines the tax engine computed for each item, added up per tax. Each item's line is
 * already rounded to the centavo by the engine (as the NF-e rounds per item, `vICMS` of each `det`), so the
 * document's total is the sum of the items', exactly as the layout's totals are. The rate shown is the items'
 * when they share one, else the effective rate (value / base, 4 decimals). A line the engine could not compute
 * (`naoCalculavel`: Lucro Real IRPJ/CSLL without the quarter's profit) is left out rather than shown as a 0 due.
 */
export function somarImpostos(porItem: LinhaImpostoCalculada[][]): ImpostoDocumento[] {
  const somas = new Map<string, ImpostoDocumento & { aliquotas: Set<number> }>();
  for (const linhas of porItem) {
    for (const linha of linhas) {
      if (linha.naoCalculavel) continue;
      const chave = `${linha.tributo}:${linha.informativo}`;
      const soma = somas.get(chave) ?? { tributo: linha.tributo, baseCentavos: 0, aliquota: 0, valorCentavos: 0, informativo: linha.informativo, aliquotas: new Set() };
      soma.baseCentavos += linha.baseCentavos;
      soma.valorCentavos += linha.valorCentavos;
      soma.aliquotas.add(linha.aliquota);
      somas.set(chave, soma);
    }
  }
  return [...somas.values()].map(({ aliquotas, ...soma }) => ({
    ...soma,
    aliquota: aliquotas.size === 1 ? [...aliquotas][0] : soma.baseCentavos === 0 ? 0 : Math.round((soma.valorCentavos / soma.baseCentavos) * 1_000_000) / 10_000,
  }));
}
