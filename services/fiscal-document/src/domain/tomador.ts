import type { DestinatarioValido } from './emission-input';

/** The NFS-e's tomador as the DPS and the ABRASF RPS write it: a Brazilian CNPJ or CPF with its name. */
export interface TomadorNacional {
  tipo: 'CNPJ' | 'CPF';
  documento: string;
  nome: string;
}

/**
 * The recipient of an NFS-e as its tomador. A recipient abroad is an NF-e's only (the validator refuses it
 * elsewhere, `exterior_somente_nfe`), so the DPS's NIF group is never written.
 */
export function tomadorNacional(destinatario: DestinatarioValido | null | undefined): TomadorNacional | null {
  if (!destinatario || destinatario.tipoDocumento === 'ESTRANGEIRO') return null;
  return { tipo: destinatario.tipoDocumento, documento: destinatario.documento, nome: destinatario.nome ?? '' };
}
