import {
  MASCARA_SENHA,
  ProvedoresNfse,
  type CertificadoA1Info,
  type ConfiguracaoFiscal,
  type ConfiguracaoFiscalCompartilhada,
} from '@erp/contracts';
import { situacaoValidade } from '../domain/certificado';
import { configuracaoPadrao } from '../domain/configuracao';
import { descricaoServico } from '@erp/fiscal-rules';
import type { CertificadoRecord, SettingsRecord } from '../store/settings-model';

/** What a view reads of a stored version (its event and id are not settings). */
type StoredSettings = Omit<SettingsRecord, '_id' | 'outbox'>;

function certificadoInfo(certificado: CertificadoRecord, now: Date): CertificadoA1Info {
  const validoAte = new Date(certificado.validoAte);
  return {
    titular: certificado.titular,
    cnpj: certificado.cnpj,
    emissor: certificado.emissor,
    numeroSerie: certificado.numeroSerie,
    validoDe: new Date(certificado.validoDe).toISOString(),
    validoAte: validoAte.toISOString(),
    ...situacaoValidade(validoAte, now),
  };
}

/** What other services see: the same settings with no secret, not even a mask. */
export function sharedView(doc: StoredSettings | null, now: Date): ConfiguracaoFiscalCompartilhada {
  const configuracao = doc?.configuracao ?? configuracaoPadrao();
  return {
    ambiente: configuracao.ambiente,
    seriePadrao: configuracao.seriePadrao,
    series: configuracao.series,
    emissaoAutomatica: configuracao.emissaoAutomatica,
    timeoutSegundos: configuracao.timeoutSegundos,
    // Versions saved before the setting existed have none: the legal defaults.
    prazosCancelamento: configuracao.prazosCancelamento ?? configuracaoPadrao().prazosCancelamento,
    vencimentos: { ...configuracaoPadrao().vencimentos, ...configuracao.vencimentos },
    aliquotasReferencia: configuracao.aliquotasReferencia ?? [],
    certificadoA1: doc?.certificado ? certificadoInfo(doc.certificado, now) : null,
    nfse: {
      // Versions saved before a field existed have none (or a free-text provider): the defaults.
      ...configuracaoPadrao().nfse,
      ...configuracao.nfse,
      provedor: ProvedoresNfse.find((p) => p === configuracao.nfse.provedor) ?? null,
      descricaoServico: configuracao.nfse.codigoServico ? descricaoServico(configuracao.nfse.codigoServico) : null,
      senhaConfigurada: Boolean(doc?.nfseSenha),
    },
    // Versions saved before a field of the company existed have none: its default.
    empresa: { ...configuracaoPadrao().empresa, ...configuracao.empresa },
    versao: doc?.versao ?? 0,
    atualizadoEm: doc ? new Date(doc.atualizadoEm).toISOString() : null,
  };
}

/**
 * What the admin UI sees (REST and GraphQL): stored passwords as a run of bullets, the certificate as metadata.
 * Overriding keys of the shared view keeps each in its place, so both views list their fields in the same order.
 */
export function adminView(doc: StoredSettings | null, now: Date): ConfiguracaoFiscal {
  const shared = sharedView(doc, now);
  const { senhaConfigurada, ...nfse } = shared.nfse;
  const { certificadoA1 } = shared;
  return {
    ...shared,
    certificadoA1: certificadoA1 ? { ...certificadoA1, senha: MASCARA_SENHA } : null,
    nfse: { ...nfse, senha: senhaConfigurada ? MASCARA_SENHA : null },
  };
}
