import { jetstream } from '@nats-io/jetstream';
import { Subjects, encode, type SettingsChangedEvent } from '@erp/contracts';
import type { Logger, NatsConnection } from '@erp/kit';
import { visaoCompartilhada } from '../app/visoes';
import type { DocConfiguracao } from '../store/modelo';
import type { RepositorioConfiguracao } from '../store/repositorio';

/**
 * Publishes `settings.v1.changed` on JetStream. The message id is company + version, so a republish by the
 * relay after a lost acknowledgement is dropped by the stream's duplicate window. No secret is in the payload.
 */
export function criarPublicador(nc: NatsConnection): (doc: DocConfiguracao) => Promise<void> {
  const js = jetstream(nc);
  return async (doc) => {
    const evento: SettingsChangedEvent = {
      companyId: doc.companyId,
      versao: doc.versao,
      atualizadoEm: new Date(doc.atualizadoEm).toISOString(),
      configuracao: visaoCompartilhada(doc, new Date()),
    };
    await js.publish(Subjects.settingsChanged, encode(evento), { msgID: `${doc.companyId}:${doc.versao}` });
  };
}

/**
 * Retries events whose publish failed right after a save (broker down, timeout). The pending flag is set in
 * the same write as the settings, so no change goes unannounced.
 */
export function iniciarRelay(
  repositorio: RepositorioConfiguracao,
  publicar: (doc: DocConfiguracao) => Promise<void>,
  log: Logger,
  intervaloMs = 5_000,
): () => Promise<void> {
  let rodando = false;
  const passo = async () => {
    if (rodando) return;
    rodando = true;
    try {
      for (const doc of await repositorio.pendentes(100)) {
        await publicar(doc);
        await repositorio.marcarPublicado(doc.companyId, doc.versao);
      }
    } catch (error) {
      log.warn({ err: error }, 'settings-changed relay: will retry');
    } finally {
      rodando = false;
    }
  };
  const timer = setInterval(() => void passo(), intervaloMs);
  timer.unref();
  return async () => clearInterval(timer);
}
