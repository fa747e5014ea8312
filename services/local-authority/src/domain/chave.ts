/**
 * The access key (chave de acesso) of NF-e / NFC-e: cUF, AAMM, CNPJ, model, series, number, tpEmis, cNF and the
 * modulo-11 check digit (MOC §2.2.6). Each character counts by its code minus 48, so the alphanumeric CNPJ (NT
 * 2026.004) weighs its letters as the manual says and digits as before.
 */
export function digitoChave(semDigito: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = semDigito.length - 1; i >= 0; i -= 1) {
    soma += (semDigito.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export interface CamposChave {
  cUF: string;
  dhEmi: string;
  cnpj: string;
  mod: string;
  serie: string;
  nNF: string;
  tpEmis: string;
  cNF: string;
}

/** The 43 characters before the check digit, from the document's own fields. */
function chaveSemDigito(c: CamposChave): string {
  return `${c.cUF}${c.dhEmi.slice(2, 4)}${c.dhEmi.slice(5, 7)}${c.cnpj.padStart(14, '0')}${c.mod}${c.serie.padStart(3, '0')}${c.nNF.padStart(9, '0')}${c.tpEmis}${c.cNF}`;
}

export function chaveDosCampos(c: CamposChave): string {
  const base = chaveSemDigito(c);
  return base + String(digitoChave(base));
}
