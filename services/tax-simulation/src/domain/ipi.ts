import { type Apuracao } from './apuracao';
import { TIPI_EMBUTIDA, type AliquotaTipi } from './data/tipi';
import { IPI_ZFM_ALIQUOTA_MINIMA, type FaseTransicao } from './data/transicao';
import { aplicar, comparar, ZERO, type Fracao } from './fraction';
import { emVigor, vigenteObrigatorio } from './validity';

const TIPI_POR_NCM = new Map<string, AliquotaTipi[]>();
for (const t of TIPI_EMBUTIDA) TIPI_POR_NCM.set(t.ncm, [...(TIPI_POR_NCM.get(t.ncm) ?? []), t]);

/**
 * IPI of an NF-e, on the operation value: `aliquotaIpi`, or the shipped TIPI subset for the NCM. From 2027
 * the rate is zero except for products incentivised in the Manaus free-trade zone whose TIPI rate is at
 * least 6.5% (ADCT art. 126 III; LC 214 art. 454), and IPI never adds to an Imposto Seletivo. Returns the IPI
 * charged (the ICMS base of a sale to a final consumer carries it).
 */
export function apurarIpi(a: Apuracao, fase: FaseTransicao): number {
  const e = a.entrada;
  let aliquota: Fracao;
  let fonte: string;
  if (e.aliquotaIpi !== null) {
    aliquota = e.aliquotaIpi;
    fonte = 'alíquota informada em aliquotaIpi';
  } else {
    const tipi = e.ncm === null ? undefined : emVigor(TIPI_POR_NCM.get(e.ncm) ?? [], e.dataIso);
    if (!tipi) {
      if (e.ncm !== null) a.aviso(`IPI: o NCM ${e.ncm} não está na tabela TIPI embutida; informe aliquotaIpi para calcular o IPI.`);
      return 0;
    }
    aliquota = tipi.aliquota;
    fonte = `${tipi.fonte}, NCM ${tipi.ncm} (${tipi.descricao})`;
    a.aviso('IPI: alíquota tirada da TIPI pelo NCM; só o estabelecimento industrial ou equiparado destaca IPI — um revendedor informa aliquotaIpi 0.');
  }
  if (fase.ipiZeradoExcetoZfm) {
    const mantido = e.produtoZfm && comparar(aliquota, vigenteObrigatorio(IPI_ZFM_ALIQUOTA_MINIMA, e.dataIso).aliquota) >= 0;
    if (mantido && e.aliquotaIs !== null && e.aliquotaIs.n > 0n) {
      a.aviso('IPI: não calculado porque não incide cumulativamente com o Imposto Seletivo (ADCT art. 126 III).');
      return 0;
    }
    if (!mantido) {
      a.adicionar({
        tributo: 'IPI',
        baseCentavos: e.valorCentavos,
        aliquota: ZERO,
        valorCentavos: 0,
        fundamento: `IPI com alíquota reduzida a zero desde 2027, salvo produtos incentivados na Zona Franca de Manaus com alíquota TIPI de 6,5% ou mais (${fase.fonte}).`,
      });
      return 0;
    }
    fonte += '; mantido para produto com industrialização incentivada na Zona Franca de Manaus (ADCT art. 126 III; LC 214/2025 art. 454)';
  }
  const valor = aplicar(e.valorCentavos, aliquota);
  a.adicionar({
    tributo: 'IPI',
    baseCentavos: e.valorCentavos,
    aliquota,
    valorCentavos: valor,
    fundamento: `IPI sobre o valor da operação (RIPI, Decreto 7.212/2010, art. 190) — ${fonte}.`,
  });
  return valor;
}
