/**
 * The two kinds of NFS-e key: Sefin Nacional's 50 digits, and the one this service writes for an ABRASF 2.04 city's
 * NFS-e, which has no national key: `<IBGE city code (7)>-<the city's NFS-e number (1-15 digits)>-<its verification
 * code (1-9 letters or digits, nfse_v204.xsd tsCodigoVerificacao)>`.
 */
export const CHAVE_NFSE_ABRASF = /^([0-9]{7})-([0-9]{1,15})-([0-9A-Za-z]{1,9})$/;

export const chaveNfseValida = (valor: string): boolean => /^[0-9]{50}$/.test(valor) || CHAVE_NFSE_ABRASF.test(valor);

/** The city and NFS-e number of an ABRASF key, or null for another kind of key. */
export function nfseAbrasfDaChave(chave: string): { codigoMunicipio: string; numero: string } | null {
  const m = CHAVE_NFSE_ABRASF.exec(chave);
  return m ? { codigoMunicipio: m[1], numero: m[2] } : null;
}

/** The reasons of an NFS-e cancellation (event 101101 cMotivo): 1 error in the issue, 2 service not provided, 9 other. */
export const MotivosCancelamentoNfse = ['1', '2', '9'] as const;
export type MotivoCancelamentoNfse = (typeof MotivosCancelamentoNfse)[number];
