import { CORRECAO_COMPNFSE_ABRASF, CORRECAO_TSSERIEDPS, type Correcao } from './correcoes';

/**
 * The official schema packages vendored in `schemas/` (byte-identical to the published files; each folder's
 * SOURCE.md gives name, version, source and the sha256 of every file). `correcoes` are applied to a derived copy in
 * memory when a package is loaded, never to the vendored files: libxml2 cannot compile or apply two official files
 * as published (docs/fiscal-schemas.md).
 */
export interface Pacote {
  /** Folder under `schemas/`. */
  pasta: string;
  /** XML namespace of the documents it validates. */
  namespace: string;
  correcoes: readonly Correcao[];
}

export const PACOTES = {
  /** NF-e / NFC-e 4.00, PL_010 (NT 2025.002-RTC v1.30, with PL_010C and the alphanumeric CNPJ), as kept by sped-nfe. */
  'nfe-PL_010_V1.30': { pasta: 'nfe/PL_010_V1.30', namespace: 'http://www.portalfiscal.inf.br/nfe', correcoes: [] },
  /** CT-e / CT-e OS / CT-e Simplificado / GTV-e 4.00 with IBS/CBS (RTC). */
  'cte-PL_CTe_400_RTC': { pasta: 'cte/PL_CTe_400_RTC', namespace: 'http://www.portalfiscal.inf.br/cte', correcoes: [] },
  /** NFS-e Padrão Nacional, leiaute 1.01 (zip of 2026-02-09). */
  'nfse-nacional-1.01': { pasta: 'nfse-nacional/1.01', namespace: 'http://www.sped.fazenda.gov.br/nfse', correcoes: [CORRECAO_TSSERIEDPS] },
  /** NFS-e ABRASF 2.04 (one schema for every message). */
  'nfse-abrasf-2.04': { pasta: 'nfse-abrasf/2.04', namespace: 'http://www.abrasf.org.br/nfse.xsd', correcoes: [CORRECAO_COMPNFSE_ABRASF] },
} as const satisfies Record<string, Pacote>;

export type NomePacote = keyof typeof PACOTES;

export const NOMES_PACOTES = Object.keys(PACOTES) as NomePacote[];
