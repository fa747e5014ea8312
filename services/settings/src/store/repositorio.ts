import type { DocConfiguracao, ModeloConfiguracao } from './modelo';

/** Queries on the settings collection; every one is keyed by company, so no query can cross companies. */
export class RepositorioConfiguracao {
  constructor(private readonly modelo: ModeloConfiguracao) {}

  buscar(companyId: string): Promise<DocConfiguracao | null> {
    return this.modelo.findOne({ companyId }, { _id: 0 }).lean<DocConfiguracao>().exec();
  }

  /**
   * Writes version `doc.versao` only if the stored one is still `doc.versao - 1` (0 = nothing stored yet).
   * Returns false when someone saved in between, so the caller re-reads and merges again.
   */
  async gravar(doc: DocConfiguracao): Promise<boolean> {
    if (doc.versao === 1) {
      try {
        await this.modelo.collection.insertOne({ ...doc });
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === 11000) return false;
        throw error;
      }
    }
    const resultado = await this.modelo.collection.updateOne({ companyId: doc.companyId, versao: doc.versao - 1 }, { $set: { ...doc } });
    return resultado.matchedCount === 1;
  }

  async marcarPublicado(companyId: string, versao: number): Promise<void> {
    await this.modelo.collection.updateOne({ companyId, versao }, { $set: { eventoPendente: false } });
  }

  pendentes(limite: number): Promise<DocConfiguracao[]> {
    return this.modelo.find({ eventoPendente: true }, { _id: 0 }).limit(limite).lean<DocConfiguracao[]>().exec();
  }

  /** Documents holding a secret encrypted with a key other than `kid` (what a key rotation must still redo). */
  comChaveAntiga(kid: string, limite: number): Promise<DocConfiguracao[]> {
    const antiga = { $exists: true, $ne: kid };
    return this.modelo
      .find({ $or: [{ 'nfseSenha.kid': antiga }, { 'certificado.pfx.kid': antiga }, { 'certificado.senha.kid': antiga }] }, { _id: 0 })
      .limit(limite)
      .lean<DocConfiguracao[]>()
      .exec();
  }

  /** Replaces the ciphertexts of one version in place; the plaintexts are the same, so the version stays. */
  async trocarCifras(doc: Pick<DocConfiguracao, 'companyId' | 'versao' | 'nfseSenha' | 'certificado'>): Promise<boolean> {
    const resultado = await this.modelo.collection.updateOne(
      { companyId: doc.companyId, versao: doc.versao },
      { $set: { nfseSenha: doc.nfseSenha, certificado: doc.certificado } },
    );
    return resultado.matchedCount === 1;
  }
}
