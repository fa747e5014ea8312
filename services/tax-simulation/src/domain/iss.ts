import { type Apuracao } from './apuracao';
import { type FaseTransicao } from './data/transicao';
import { LIMITES_ISS } from './data/iss';
import { aplicar, multiplicar } from './fraction';
import { textoPercentual } from './text';
import { vigenteObrigatorio } from './validity';

/**
 * ISS of an NFS-e at the city's rate (`aliquotaIss`, 2% to 5%, LC 116 arts. 8º and 8º-A). Without it the
 * legal maximum is used, so a provision errs on the safe side; the result says so. With `issRetido` the taker
 * withholds and pays it, so the line is informative (the tax is the same, only who pays it changes). Returns the
 * ISS, which leaves the CBS/IBS base either way.
 */
export function apurarIss(a: Apuracao, fase: FaseTransicao): number {
  const e = a.entrada;
  if (fase.fatorIcmsIss === null) return 0;
  const limites = vigenteObrigatorio(LIMITES_ISS, e.dataIso);
  const daLei = e.aliquotaIss ?? limites.maximo;
  if (e.aliquotaIss === null) a.aviso(`ISS: aliquotaIss não informada; usado o máximo legal de ${textoPercentual(limites.maximo)} (${limites.fonte}).`);
  const reduzida = fase.fatorIcmsIss.n !== fase.fatorIcmsIss.d;
  const aliquota = multiplicar(daLei, fase.fatorIcmsIss);
  const valor = aplicar(e.valorCentavos, aliquota);
  a.adicionar({
    tributo: 'ISS',
    baseCentavos: e.valorCentavos,
    aliquota,
    valorCentavos: valor,
    retidoPeloTomador: e.issRetido,
    fundamento:
      'ISS do município sobre o preço do serviço (LC 116/2003 arts. 7º e 8º)' +
      (reduzida ? `; alíquota reduzida a ${fase.fatorIcmsIss.n}/${fase.fatorIcmsIss.d} (${fase.fonte})` : '') +
      (e.issRetido ? '; retido na fonte e pago pelo tomador do serviço (LC 116/2003 art. 6º): não é um pagamento da empresa' : '') +
      '.',
  });
  return valor;
}
