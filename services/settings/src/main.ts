import { Streams } from '@erp/contracts';
import { bootService, ensureStream, startOutboxRelay } from '@erp/kit';
import fs from 'node:fs';
import { SettingsService } from './app/settings-service';
import { TransmissionRelay } from './app/transmission';
import { readConfig } from './config';
import { SecretBox, generateDevelopmentKey, parseKeys } from './crypto/secret-box';
import { TABELA_CTE, tabelaCteComAutoridadeLocal } from './domain/cte-endpoints';
import { TABELA_SEFAZ, tabelaComAutoridadeLocal } from './domain/sefaz-endpoints';
import { SEFIN_OFICIAL, sefinComAutoridadeLocal } from './domain/sefin-endpoints';
import { createResolvers } from './graphql/resolvers';
import { typeDefs } from './graphql/schema';
import { serveSettingsRequests } from './messaging/settings-responders';
import { registerSettingsRoutes } from './rest/settings-routes';
import { createSettingsStore } from './store/settings-store';

const config = readConfig();

void bootService({
  name: 'settings',
  config,
  dbName: config.MONGODB_DB,
  // A .pfx of up to 64 KiB travels as base64 inside the JSON body.
  bodyLimit: 256 * 1024,
  setup: async ({ db, nc, app, log, verifySession }) => {
    let secretBox: SecretBox;
    if (config.SETTINGS_ENCRYPTION_KEYS) {
      secretBox = new SecretBox(parseKeys(config.SETTINGS_ENCRYPTION_KEYS));
    } else {
      secretBox = new SecretBox([generateDevelopmentKey()]);
      log.warn(
        { kid: secretBox.currentKeyId },
        'SETTINGS_ENCRYPTION_KEYS not set: using a random development key; secrets saved now will not open after a restart',
      );
    }
    await ensureStream(nc, Streams.settings, config.NATS_STREAM_REPLICAS);
    const store = await createSettingsStore(db);
    // Each saved version carries its settings-changed event; the relay publishes it (and any a crash left).
    const outboxRelay = await startOutboxRelay({ collection: store.collection, nc, log, name: 'settings-changed' });
    const service = new SettingsService({ store, secretBox, announce: () => outboxRelay.flush(), log });
    registerSettingsRoutes(app, service, verifySession);
    // The local authority's development CA is trusted only outside production (config.ts refuses it there).
    const caExtra = [config.SEFAZ_CA_FILE, config.LOCAL_AUTHORITY_CA_FILE].filter((f): f is string => Boolean(f)).map((f) => fs.readFileSync(f, 'utf8'));
    const local = config.FISCAL_HOMOLOGACAO_DESTINO === 'local' ? config.LOCAL_AUTHORITY_URL : undefined;
    const tabela = local ? tabelaComAutoridadeLocal(local) : TABELA_SEFAZ;
    log.info({ homologacao: local ?? 'sefaz' }, 'HOMOLOGAÇÃO transmissions go to the local authority or to SEFAZ; PRODUÇÃO to SEFAZ');
    const relay = new TransmissionRelay(service, tabela, log, caExtra, local ? sefinComAutoridadeLocal(local) : SEFIN_OFICIAL, local ? tabelaCteComAutoridadeLocal(local) : TABELA_CTE);
    serveSettingsRequests(nc, service, relay, log);
    // Not awaited: a rotation over many companies must not delay readiness. A key missing from the list is
    // a configuration fault worth a loud log, not a refusal to serve the companies it does not touch.
    service
      .reencryptWithCurrentKey()
      .then((n) => n > 0 && log.info({ documentos: n, kid: secretBox.currentKeyId }, 'secrets re-encrypted with the current key'))
      .catch((error) => log.error({ err: error }, 're-encryption with the current key failed'));
    return { typeDefs, resolvers: createResolvers(service), stops: [() => outboxRelay.stop(), async () => relay.close()] };
  },
});
