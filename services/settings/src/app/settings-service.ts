import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import {
  ASSINATURA_MAX_BYTES,
  SettingsErrorCodes,
  SignErrorCodes,
  Refusal,
  type ConfiguracaoFiscal,
  type ConfiguracaoFiscalCompartilhada,
  Subjects,
  type SettingsChangedEvent,
  type SettingsSignReply,
  type SettingsSignRequest,
} from '@erp/contracts';
import { pendingEvent, systemClock, type Clock, type Logger } from '@erp/kit';
import type { SecretBox } from '../crypto/secret-box';
import { lerCertificadoA1, type LeituraCertificado } from '../domain/certificado';
import { validarEntrada, type AcaoCertificado, type AcaoSenha } from '../domain/validation';
import type { CertificadoRecord, SettingsRecord } from '../store/settings-model';
import { settingsVersionId, type SettingsStore } from '../store/settings-store';
import { adminView, sharedView } from './views';

/** A save's precondition: the version the editor read (GraphQL `versaoEsperada`, REST `If-Match`). */
interface SaveOptions {
  expectedVersion?: number;
}

function editConflict(): Refusal {
  return new Refusal(SettingsErrorCodes.CONFLITO_DE_EDICAO, 'a configuração foi alterada por outra pessoa; recarregue e tente de novo', {
    status: 409,
  });
}

/** Associated data of each encrypted field: a ciphertext only opens for its own company and field. */
const associatedData = {
  pfx: (companyId: string) => `${companyId}|certificado.pfx`,
  senhaCertificado: (companyId: string) => `${companyId}|certificado.senha`,
  senhaNfse: (companyId: string) => `${companyId}|nfse.senha`,
};

const SAVE_ATTEMPTS = 5;
const REENCRYPT_BATCH = 100;
/** Bounds the in-memory key cache; past it the cache starts over (a re-parse costs a few milliseconds). */
const MAX_CACHED_KEYS = 1000;

interface KeyInUse {
  versao: number;
  key: KeyObject;
  certificadoDer: string;
  /** The same key and certificate as PEM, for a TLS client handshake (the transmission relay). */
  chavePem: string;
  certificadoPem: string;
}

/** What the transmission relay needs of a company: its settings and its key, never leaving this process. */
export type CredenciaisTls =
  | { ok: true; versao: number; configuracao: SettingsRecord['configuracao']; chavePem: string; certificadoPem: string }
  | { ok: false; codigo: typeof SignErrorCodes.CERTIFICADO_AUSENTE | typeof SignErrorCodes.CERTIFICADO_EXPIRADO; erro: string };

export interface SettingsServiceDeps {
  store: SettingsStore;
  secretBox: SecretBox;
  /** Publishes the pending settings-changed events now (the outbox relay's flush). */
  announce: () => Promise<unknown>;
  log: Logger;
  clock?: Clock;
}

/**
 * The settings use cases. Validation and certificate reading are pure (domain); this class adds the stored
 * state (secrets kept across saves, optimistic versioning), encryption and the signing boundary.
 */
export class SettingsService {
  /** Parsed private keys by company, valid for one settings version; never leaves this process. */
  private readonly keys = new Map<string, KeyInUse>();

  private readonly store: SettingsStore;
  private readonly secretBox: SecretBox;
  private readonly announce: () => Promise<unknown>;
  private readonly log: Logger;
  private readonly now: Clock;

  constructor(deps: SettingsServiceDeps) {
    this.store = deps.store;
    this.secretBox = deps.secretBox;
    this.announce = deps.announce;
    this.log = deps.log;
    this.now = deps.clock ?? systemClock;
  }

  async get(companyId: string): Promise<ConfiguracaoFiscal> {
    return adminView(await this.store.find(companyId), this.now());
  }

  async getShared(companyId: string): Promise<ConfiguracaoFiscalCompartilhada> {
    return sharedView(await this.store.find(companyId), this.now());
  }

  /**
   * Saves a new version. The version is claimed by a unique insert (`SettingsStore.claimVersion`), so of racing
   * saves exactly one writes version N. Without a precondition the loser re-reads and merges again onto the
   * winner's version (up to 5 times, then 409 `CONFLITO_DE_EDICAO`): last writer wins, whole (PUT replaces).
   * With `expectedVersion` (the version the editor read), a save that finds another version, or loses the
   * race for the next one, is refused with 409 at once: two admins editing the same screen cannot silently
   * overwrite each other. Refusals are thrown as `Refusal`.
   */
  async save(companyId: string, userId: string, corpo: unknown, options: SaveOptions = {}): Promise<ConfiguracaoFiscal> {
    const { expectedVersion } = options;
    // The file is read once; what depends on the stored state is redone on each attempt.
    let leitura: LeituraCertificado | undefined;
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt += 1) {
      const current = await this.store.find(companyId);
      const versao = (current?.versao ?? 0) + 1;
      if (expectedVersion !== undefined && expectedVersion !== versao - 1) throw editConflict();
      const validacao = validarEntrada(corpo, { temCertificado: Boolean(current?.certificado) });
      if (!validacao.ok) {
        throw new Refusal(SettingsErrorCodes.CONFIGURACAO_INVALIDA, `configuração inválida: ${validacao.campos.map((c) => c.campo || 'corpo').join(', ')}`, {
          extra: { campos: validacao.campos },
        });
      }
      const { configuracao, nfseSenha, certificado } = validacao.valor;
      if (certificado.acao === 'definir') leitura ??= lerCertificadoA1(certificado.arquivo, certificado.senha);
      const newCertificado = this.certificadoToStore(companyId, certificado, current, leitura, configuracao.empresa.cnpj);
      if ('codigo' in newCertificado) throw new Refusal(newCertificado.codigo, newCertificado.erro);

      const atualizadoEm = this.now();
      const record: Omit<SettingsRecord, 'outbox'> = {
        _id: settingsVersionId(companyId, versao),
        companyId,
        versao,
        configuracao,
        nfseSenha: this.senhaToStore(companyId, nfseSenha, current),
        certificado: newCertificado.value,
        atualizadoEm,
        atualizadoPor: userId,
      };
      const event: SettingsChangedEvent = {
        companyId,
        versao,
        atualizadoEm: atualizadoEm.toISOString(),
        configuracao: sharedView(record, atualizadoEm),
      };
      const doc: SettingsRecord = { ...record, outbox: pendingEvent(Subjects.settingsChanged, record._id, event, atualizadoEm) };
      if (await this.store.claimVersion(doc)) {
        await this.announceNow(doc);
        return adminView(doc, this.now());
      }
      if (expectedVersion !== undefined) throw editConflict();
    }
    throw editConflict();
  }

  /** A failed publish is not the save's failure: the event stays pending in the version and the relay retries it. */
  private async announceNow(doc: SettingsRecord): Promise<void> {
    try {
      await this.announce();
      await this.store.pruneBefore(doc.companyId, doc.versao);
    } catch (error) {
      this.log.warn({ err: error, companyId: doc.companyId, versao: doc.versao }, 'settings-changed not published yet; relay will retry');
    }
  }

  private senhaToStore(companyId: string, acao: AcaoSenha, current: SettingsRecord | null) {
    if (acao.acao === 'remover') return null;
    if (acao.acao === 'definir') return this.secretBox.encrypt(Buffer.from(acao.valor, 'utf8'), associatedData.senhaNfse(companyId));
    return current?.nfseSenha ? this.secretBox.reencrypt(current.nfseSenha, associatedData.senhaNfse(companyId)) : null;
  }

  private certificadoToStore(
    companyId: string,
    acao: AcaoCertificado,
    current: SettingsRecord | null,
    leitura: LeituraCertificado | undefined,
    cnpjEmpresa: string | null,
  ): { value: CertificadoRecord | null } | { codigo: string; erro: string } {
    if (acao.acao === 'remover') return { value: null };
    if (acao.acao === 'manter') {
      const stored = current?.certificado;
      if (!stored) return { value: null };
      if (stored.cnpj !== cnpjEmpresa) return cnpjDivergente(stored.cnpj, cnpjEmpresa);
      return { value: this.certificadoUnderCurrentKey(companyId, stored) };
    }
    if (!leitura || !leitura.ok) return leitura ?? { codigo: SettingsErrorCodes.CERTIFICADO_FORMATO_INVALIDO, erro: 'certificado ilegível' };
    const lido = leitura.certificado;
    const now = this.now();
    if (lido.validoAte.getTime() < now.getTime()) {
      return { codigo: SettingsErrorCodes.CERTIFICADO_EXPIRADO, erro: `o certificado expirou em ${lido.validoAte.toISOString()}` };
    }
    if (lido.validoDe.getTime() > now.getTime()) {
      return { codigo: SettingsErrorCodes.CERTIFICADO_AINDA_NAO_VALIDO, erro: `o certificado só vale a partir de ${lido.validoDe.toISOString()}` };
    }
    if (lido.cnpj !== cnpjEmpresa) return cnpjDivergente(lido.cnpj, cnpjEmpresa);
    return {
      value: {
        pfx: this.secretBox.encrypt(acao.arquivo, associatedData.pfx(companyId)),
        senha: this.secretBox.encrypt(Buffer.from(acao.senha, 'utf8'), associatedData.senhaCertificado(companyId)),
        titular: lido.titular,
        cnpj: lido.cnpj,
        emissor: lido.emissor,
        numeroSerie: lido.numeroSerie,
        validoDe: lido.validoDe,
        validoAte: lido.validoAte,
        certificadoDer: lido.certificadoDer.toString('base64'),
      },
    };
  }

  /** The stored certificate with its file and password under the current key (the same values if they already are). */
  private certificadoUnderCurrentKey(companyId: string, stored: CertificadoRecord): CertificadoRecord {
    return {
      ...stored,
      pfx: this.secretBox.reencrypt(stored.pfx, associatedData.pfx(companyId)),
      senha: this.secretBox.reencrypt(stored.senha, associatedData.senhaCertificado(companyId)),
    };
  }

  /**
   * Key rotation: re-encrypts, with the first configured key, every secret still under an older key. Runs at
   * start; a document saved meanwhile is skipped (its save already used the new key). Returns how many changed.
   */
  async reencryptWithCurrentKey(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.store.withOldKey(this.secretBox.currentKeyId, REENCRYPT_BATCH);
      let replaced = 0;
      for (const { _id, companyId, certificado, nfseSenha } of batch) {
        const reencrypted = {
          _id,
          certificado: certificado && this.certificadoUnderCurrentKey(companyId, certificado),
          nfseSenha: nfseSenha && this.secretBox.reencrypt(nfseSenha, associatedData.senhaNfse(companyId)),
        };
        if (await this.store.replaceCiphers(reencrypted)) replaced += 1;
      }
      total += replaced;
      // A batch where nothing could be written means the rest is being saved concurrently: stop, never spin.
      if (batch.length < REENCRYPT_BATCH || replaced === 0) return total;
    }
  }

  /**
   * Signs bytes with the company's A1 key. This is the only way the key is used outside this service: the
   * caller gets the signature and the public certificate, never the key, the file or its password.
   */
  async sign(pedido: SettingsSignRequest): Promise<SettingsSignReply> {
    const dados = Buffer.from(pedido.dadosBase64, 'base64');
    if (dados.length > ASSINATURA_MAX_BYTES) {
      return { ok: false, codigo: SignErrorCodes.DADOS_GRANDES_DEMAIS, erro: `no máximo ${ASSINATURA_MAX_BYTES} bytes por assinatura` };
    }
    const usable = await this.usableKey(pedido.companyId);
    if (!usable.ok) return usable;
    const assinatura = sign(pedido.algoritmo === 'RSA-SHA1' ? 'sha1' : 'sha256', dados, usable.inUse.key);
    return { ok: true, assinaturaBase64: assinatura.toString('base64'), certificadoBase64: usable.inUse.certificadoDer };
  }

  /**
   * The company's key and certificate for the transmission relay's TLS handshake, with its settings (timeout,
   * NFS-e endpoint). Only `app/transmission.ts` calls it; nothing returned here is ever sent anywhere else.
   */
  async credenciaisTls(companyId: string): Promise<CredenciaisTls> {
    const usable = await this.usableKey(companyId);
    if (!usable.ok) return usable;
    const { inUse, doc } = usable;
    return { ok: true, versao: doc.versao, configuracao: doc.configuracao, chavePem: inUse.chavePem, certificadoPem: inUse.certificadoPem };
  }

  private async usableKey(
    companyId: string,
  ): Promise<
    | { ok: true; doc: SettingsRecord; inUse: KeyInUse }
    | { ok: false; codigo: typeof SignErrorCodes.CERTIFICADO_AUSENTE | typeof SignErrorCodes.CERTIFICADO_EXPIRADO; erro: string }
  > {
    const doc = await this.store.find(companyId);
    const certificado = doc?.certificado;
    if (!doc || !certificado) return { ok: false, codigo: SignErrorCodes.CERTIFICADO_AUSENTE, erro: 'a empresa não tem certificado A1' };
    if (new Date(certificado.validoAte).getTime() < this.now().getTime()) {
      return { ok: false, codigo: SignErrorCodes.CERTIFICADO_EXPIRADO, erro: 'o certificado A1 da empresa expirou' };
    }
    return { ok: true, doc, inUse: this.keyInUse(doc, certificado) };
  }

  private keyInUse(doc: SettingsRecord, certificado: CertificadoRecord): KeyInUse {
    const cached = this.keys.get(doc.companyId);
    if (cached && cached.versao === doc.versao) return cached;
    const arquivo = this.secretBox.decrypt(certificado.pfx, associatedData.pfx(doc.companyId));
    const senha = this.secretBox.decrypt(certificado.senha, associatedData.senhaCertificado(doc.companyId)).toString('utf8');
    const leitura = lerCertificadoA1(arquivo, senha);
    if (!leitura.ok) throw new Error(`stored certificate of ${doc.companyId} no longer opens: ${leitura.codigo}`);
    const inUse: KeyInUse = {
      versao: doc.versao,
      key: createPrivateKey(leitura.certificado.chavePrivadaPem),
      certificadoDer: certificado.certificadoDer,
      chavePem: leitura.certificado.chavePrivadaPem,
      certificadoPem: `-----BEGIN CERTIFICATE-----\n${(certificado.certificadoDer.match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`,
    };
    if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
    this.keys.set(doc.companyId, inUse);
    return inUse;
  }
}

function cnpjDivergente(cnpjCertificado: string, cnpjEmpresa: string | null): { codigo: string; erro: string } {
  return {
    codigo: SettingsErrorCodes.CERTIFICADO_CNPJ_DIVERGENTE,
    erro: `o certificado é do CNPJ ${cnpjCertificado}, diferente do CNPJ da empresa (${cnpjEmpresa ?? 'não informado'})`,
  };
}
