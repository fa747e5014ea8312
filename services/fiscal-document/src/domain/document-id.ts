import { sha256Hex } from '@erp/contracts';

/**
 * A document's id: the first 32 hex of SHA-256(company + `\n` + `referencia`), so inserting it is the claim of the
 * reference (the same `referencia` twice, even at once on several replicas, gives one document).
 */
export const documentoId = (companyId: string, referencia: string): string => sha256Hex(`${companyId}\n${referencia}`).slice(0, 32);

export const ehDocumentoId = (id: string): boolean => /^[0-9a-f]{32}$/.test(id);
