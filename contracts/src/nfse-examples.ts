/**
 * The OpenAPI document's NFS-e examples (docs/nfse.md), declared once: the gateway shows them, and an end-to-end
 * test saves the settings examples and posts the emission example exactly as written on the default stack.
 */

/** The settings' `nfse` block of a company on the national standard (Sefin Nacional), São Paulo. */
export const EXEMPLO_NFSE_NACIONAL = {
  provedor: 'NACIONAL',
  endpoint: null,
  codigoCidade: '3550308',
  inscricaoMunicipal: '12345678',
  codigoServico: '01.07',
  codigoServicoNacional: '010701',
  codigoNbs: '115021000',
  algoritmoAssinatura: 'RSA-SHA1',
  canonicalizacao: 'C14N',
} as const;

/** The settings' `nfse` block of a city on its own ABRASF 2.04 web service (the adapter is still to come: docs/nfse.md). */
export const EXEMPLO_NFSE_ABRASF = {
  provedor: 'ABRASF_2_04',
  endpoint: 'https://nfse.prefeitura.example.gov.br/nfse/ws',
  codigoCidade: '3106200',
  inscricaoMunicipal: '0012345001',
  codigoServico: '01.07',
  usuario: 'empresa',
  senha: 'senha-do-web-service',
  algoritmoAssinatura: 'RSA-SHA1',
  canonicalizacao: 'C14N',
} as const;

/** A complete NFS-e emission body: one service to a company, ISS 2% (the tax engine computes R$ 24,00). */
export const EXEMPLO_EMISSAO_NFSE = {
  referencia: 'OS-2026-0001',
  modelo: 'NFSE',
  destinatario: { documento: '11.222.333/0001-81', nome: 'Tomador Servicos Ltda' },
  itens: [{ codigo: 'SUP-01', descricao: 'Suporte técnico em informática (10 horas)', quantidade: 10, valorUnitario: 120, aliquotaIss: 2 }],
} as const;
