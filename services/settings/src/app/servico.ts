import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import {
  ASSINATURA_MAX_BYTES,
  SettingsErrorCodes,
  SignErrorCodes,
  type CampoInvalido,
  type ConfiguracaoFiscal,
  type ConfiguracaoFiscalCompartilhada,
  type SettingsSignReply,
  type SettingsSignRequest,
} from '@erp/contracts';
import type { Logger } from '@erp/kit';
import type { Cofre } from '../crypto/cofre';
import { lerCertificadoA1, type LeituraCertificado } from '../domain/certificado';
import { validarEntrada, type AcaoCertificado, type AcaoSenha } from '../domain/validacao';
import type { CertificadoGuardado, DocConfiguracao } from '../store/modelo';
import type { RepositorioConfiguracao } from '../store/repositorio';
import { visaoAdministrativa, visaoCompartilhada } from './visoes';

export type ResultadoSalvar =
  | { ok: true; configuracao: ConfiguracaoFiscal }
  | { ok: false; codigo: string; erro: string; campos?: CampoInvalido[] };

/** Associated data of each encrypted field: a ciphertext only opens for its own company and field. */
const contexto = {
  pfx: (companyId: string) => `${companyId}|certificado.pfx`,
  senhaCertificado: (companyId: string) => `${companyId}|certificado.senha`,
  senhaNfse: (companyId: string) => `${companyId}|nfse.senha`,
};

const TENTATIVAS_GRAVACAO = 5;
const LOTE_RECIFRAGEM = 100;
/** Bounds the in-memory key cache; past it the cache starts over (a re-parse costs a few milliseconds). */
const MAX_CHAVES_EM_CACHE = 1000;

interface ChaveEmUso {
  versao: number;
  chave: KeyObject;
  certificadoDer: string;
}

/**
 * The settings use cases. Validation and certificate reading are pure (domain); this class adds the stored
 * state (secrets kept across saves, optimistic versioning), encryption and the signing boundary.
 */
export class ServicoConfiguracao {
  /** Parsed private keys by company, valid for one settings version; never leaves this process. */
  private readonly chaves = new Map<string, ChaveEmUso>();

  constructor(
    private readonly repositorio: RepositorioConfiguracao,
    private readonly cofre: Cofre,
    private readonly publicar: (doc: DocConfiguracao) => Promise<void>,
    private readonly log: Logger,
    private readonly agora: () => Date = () => new Date(),
  ) {}

  async obter(companyId: string): Promise<ConfiguracaoFiscal> {
    return visaoAdministrativa(await this.repositorio.buscar(companyId), this.agora());
  }

  async obterCompartilhada(companyId: string): Promise<ConfiguracaoFiscalCompartilhada> {
    return visaoCompartilhada(await this.repositorio.buscar(companyId), this.agora());
  }

  async salvar(companyId: string, userId: string, corpo: unknown): Promise<ResultadoSalvar> {
    // The file is read once; what depends on the stored state is redone on each attempt.
    let leitura: LeituraCertificado | undefined;
    for (let tentativa = 0; tentativa < TENTATIVAS_GRAVACAO; tentativa += 1) {
      const atual = await this.repositorio.buscar(companyId);
      const validacao = validarEntrada(corpo, { temCertificado: Boolean(atual?.certificado) });
      if (!validacao.ok) {
        return {
          ok: false,
          codigo: SettingsErrorCodes.CONFIGURACAO_INVALIDA,
          erro: `configuração inválida: ${validacao.campos.map((c) => c.campo || 'corpo').join(', ')}`,
          campos: validacao.campos,
        };
      }
      const { configuracao, nfseSenha, certificado } = validacao.valor;
      if (certificado.acao === 'definir') leitura ??= lerCertificadoA1(certificado.arquivo, certificado.senha);
      const certificadoNovo = this.certificadoParaGravar(companyId, certificado, atual, leitura, configuracao.empresa.cnpj);
      if ('codigo' in certificadoNovo) return { ok: false, ...certificadoNovo };

      const doc: DocConfiguracao = {
        companyId,
        versao: (atual?.versao ?? 0) + 1,
        configuracao,
        nfseSenha: this.senhaParaGravar(companyId, nfseSenha, atual),
        certificado: certificadoNovo.valor,
        atualizadoEm: this.agora(),
        atualizadoPor: userId,
        eventoPendente: true,
      };
      if (await this.repositorio.gravar(doc)) {
        await this.publicarAgora(doc);
        return { ok: true, configuracao: visaoAdministrativa(doc, this.agora()) };
      }
    }
    return { ok: false, codigo: SettingsErrorCodes.CONFLITO_DE_EDICAO, erro: 'a configuração mudou durante o salvamento; tente de novo' };
  }

  /** The event is also marked pending in the document, so a failed publish is retried by the relay. */
  private async publicarAgora(doc: DocConfiguracao): Promise<void> {
    try {
      await this.publicar(doc);
      await this.repositorio.marcarPublicado(doc.companyId, doc.versao);
    } catch (error) {
      this.log.warn({ err: error, companyId: doc.companyId, versao: doc.versao }, 'settings-changed not published yet; relay will retry');
    }
  }

  private senhaParaGravar(companyId: string, acao: AcaoSenha, atual: DocConfiguracao | null) {
    if (acao.acao === 'remover') return null;
    if (acao.acao === 'definir') return this.cofre.cifrar(Buffer.from(acao.valor, 'utf8'), contexto.senhaNfse(companyId));
    return atual?.nfseSenha ? this.cofre.atualizar(atual.nfseSenha, contexto.senhaNfse(companyId)) : null;
  }

  private certificadoParaGravar(
    companyId: string,
    acao: AcaoCertificado,
    atual: DocConfiguracao | null,
    leitura: LeituraCertificado | undefined,
    cnpjEmpresa: string | null,
  ): { valor: CertificadoGuardado | null } | { codigo: string; erro: string } {
    if (acao.acao === 'remover') return { valor: null };
    if (acao.acao === 'manter') {
      const guardado = atual?.certificado;
      if (!guardado) return { valor: null };
      if (guardado.cnpj !== cnpjEmpresa) return divergente(guardado.cnpj, cnpjEmpresa);
      return { valor: this.certificadoComChaveAtual(companyId, guardado) };
    }
    if (!leitura || !leitura.ok) return leitura ?? { codigo: SettingsErrorCodes.CERTIFICADO_FORMATO_INVALIDO, erro: 'certificado ilegível' };
    const lido = leitura.certificado;
    const agora = this.agora();
    if (lido.validoAte.getTime() < agora.getTime()) {
      return { codigo: SettingsErrorCodes.CERTIFICADO_EXPIRADO, erro: `o certificado expirou em ${lido.validoAte.toISOString()}` };
    }
    if (lido.validoDe.getTime() > agora.getTime()) {
      return { codigo: SettingsErrorCodes.CERTIFICADO_AINDA_NAO_VALIDO, erro: `o certificado só vale a partir de ${lido.validoDe.toISOString()}` };
    }
    if (lido.cnpj !== cnpjEmpresa) return divergente(lido.cnpj, cnpjEmpresa);
    return {
      valor: {
        pfx: this.cofre.cifrar(acao.arquivo, contexto.pfx(companyId)),
        senha: this.cofre.cifrar(Buffer.from(acao.senha, 'utf8'), contexto.senhaCertificado(companyId)),
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
  private certificadoComChaveAtual(companyId: string, guardado: CertificadoGuardado): CertificadoGuardado {
    return {
      ...guardado,
      pfx: this.cofre.atualizar(guardado.pfx, contexto.pfx(companyId)),
      senha: this.cofre.atualizar(guardado.senha, contexto.senhaCertificado(companyId)),
    };
  }

  /**
   * Key rotation: re-encrypts, with the first configured key, every secret still under an older key. Runs at
   * start; a document saved meanwhile is skipped (its save already used the new key). Returns how many changed.
   */
  async recifrarComChaveAtual(): Promise<number> {
    let total = 0;
    for (;;) {
      const lote = await this.repositorio.comChaveAntiga(this.cofre.chaveAtual, LOTE_RECIFRAGEM);
      let trocados = 0;
      for (const { companyId, versao, certificado, nfseSenha } of lote) {
        const recifrado = {
          companyId,
          versao,
          certificado: certificado && this.certificadoComChaveAtual(companyId, certificado),
          nfseSenha: nfseSenha && this.cofre.atualizar(nfseSenha, contexto.senhaNfse(companyId)),
        };
        if (await this.repositorio.trocarCifras(recifrado)) trocados += 1;
      }
      total += trocados;
      // A batch where nothing could be written means the rest is being saved concurrently: stop, never spin.
      if (lote.length < LOTE_RECIFRAGEM || trocados === 0) return total;
    }
  }

  /**
   * Signs bytes with the company's A1 key. This is the only way the key is used outside this service: the
   * caller gets the signature and the public certificate, never the key, the file or its password.
   */
  async assinar(pedido: SettingsSignRequest): Promise<SettingsSignReply> {
    const dados = Buffer.from(pedido.dadosBase64, 'base64');
    if (dados.length > ASSINATURA_MAX_BYTES) {
      return { ok: false, codigo: SignErrorCodes.DADOS_GRANDES_DEMAIS, erro: `no máximo ${ASSINATURA_MAX_BYTES} bytes por assinatura` };
    }
    const doc = await this.repositorio.buscar(pedido.companyId);
    const certificado = doc?.certificado;
    if (!doc || !certificado) return { ok: false, codigo: SignErrorCodes.CERTIFICADO_AUSENTE, erro: 'a empresa não tem certificado A1' };
    if (new Date(certificado.validoAte).getTime() < this.agora().getTime()) {
      return { ok: false, codigo: SignErrorCodes.CERTIFICADO_EXPIRADO, erro: 'o certificado A1 da empresa expirou' };
    }
    const emUso = this.chaveEmUso(doc, certificado);
    const assinatura = sign(pedido.algoritmo === 'RSA-SHA1' ? 'sha1' : 'sha256', dados, emUso.chave);
    return { ok: true, assinaturaBase64: assinatura.toString('base64'), certificadoBase64: emUso.certificadoDer };
  }

  private chaveEmUso(doc: DocConfiguracao, certificado: CertificadoGuardado): ChaveEmUso {
    const emCache = this.chaves.get(doc.companyId);
    if (emCache && emCache.versao === doc.versao) return emCache;
    const arquivo = this.cofre.decifrar(certificado.pfx, contexto.pfx(doc.companyId));
    const senha = this.cofre.decifrar(certificado.senha, contexto.senhaCertificado(doc.companyId)).toString('utf8');
    const leitura = lerCertificadoA1(arquivo, senha);
    if (!leitura.ok) throw new Error(`stored certificate of ${doc.companyId} no longer opens: ${leitura.codigo}`);
    const emUso = { versao: doc.versao, chave: createPrivateKey(leitura.certificado.chavePrivadaPem), certificadoDer: certificado.certificadoDer };
    if (this.chaves.size >= MAX_CHAVES_EM_CACHE) this.chaves.clear();
    this.chaves.set(doc.companyId, emUso);
    return emUso;
  }
}

function divergente(cnpjCertificado: string, cnpjEmpresa: string | null): { codigo: string; erro: string } {
  return {
    codigo: SettingsErrorCodes.CERTIFICADO_CNPJ_DIVERGENTE,
    erro: `o certificado é do CNPJ ${cnpjCertificado}, diferente do CNPJ da empresa (${cnpjEmpresa ?? 'não informado'})`,
  };
}
