import { Streams } from '@erp/contracts';
import { bootService, ensureStream, startOutboxRelay } from '@erp/kit';
import fs from 'node:fs';
import { SettingsService } from './app/settings-service';
import { TransmissionRelay } from './app/transmission';
import { readConfig } from './config';
import { SecretBox, generateDevelopmentKey, parseKeys } from './crypto/secret-box';
import { TABELA_SEFAZ, tabelaDeTeste } from './domain/sefaz-endpoints';
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
    const caExtra = config.SEFAZ_CA_FILE ? [fs.readFileSync(config.SEFAZ_CA_FILE, 'utf8')] : [];
    const tabela = config.SEFAZ_ENDPOINTS_OVERRIDE ? tabelaDeTeste(config.SEFAZ_ENDPOINTS_OVERRIDE) : TABELA_SEFAZ;
    if (config.SEFAZ_ENDPOINTS_OVERRIDE) log.warn({ base: config.SEFAZ_ENDPOINTS_OVERRIDE }, 'SEFAZ endpoints overridden for tests');
    const relay = new TransmissionRelay(service, tabela, log, caExtra);
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
