/**
 * IBGE municipality code: 7 digits, the first two are the state's IBGE code, the last is a check digit
 * (weights 1,2,1,2,1,2; a two-digit product counts as the sum of its digits; DV = (10 - sum % 10) % 10).
 * A few municipalities were created with a code that breaks the rule; the NF-e manual lists them as valid.
 */

/** Codes with an official but arithmetically wrong check digit (MOC NF-e, validation of cMun). */
export const CODIGOS_IBGE_EXCECAO: ReadonlySet<string> = new Set([
  '2201919', // Bom Princípio do Piauí/PI
  '2202251', // Canavieira/PI
  '2201988', // Brejo do Piauí/PI
  '2611533', // Quixaba/PE
  '3117836', // Cônego Marinho/MG
  '3152131', // Ponto Chique/MG
  '4305871', // Coronel Barros/RS
  '5203939', // Buriti de Goiás/GO
  '5203962', // Buritinópolis/GO
]);

/** IBGE code of each state (UF). */
export const CODIGO_IBGE_UF: Readonly<Record<string, string>> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17',
  MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29',
  MG: '31', ES: '32', RJ: '33', SP: '35',
  PR: '41', SC: '42', RS: '43',
  MS: '50', MT: '51', GO: '52', DF: '53',
};

const UFS_POR_CODIGO = new Set(Object.values(CODIGO_IBGE_UF));

export function digitoIbge(seisDigitos: string): number {
  let soma = 0;
  for (let i = 0; i < 6; i += 1) {
    const produto = Number(seisDigitos[i]) * (i % 2 === 0 ? 1 : 2);
    soma += produto > 9 ? produto - 9 : produto;
  }
  return (10 - (soma % 10)) % 10;
}

export type ProblemaIbge = 'formato' | 'uf_inexistente' | 'digito_verificador';

export function problemaCodigoIbge(codigo: string): ProblemaIbge | null {
  if (!/^\d{7}$/.test(codigo)) return 'formato';
  if (!UFS_POR_CODIGO.has(codigo.slice(0, 2))) return 'uf_inexistente';
  if (CODIGOS_IBGE_EXCECAO.has(codigo)) return null;
  return Number(codigo[6]) === digitoIbge(codigo) ? null : 'digito_verificador';
}
