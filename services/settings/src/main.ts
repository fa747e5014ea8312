import { Streams } from '@erp/contracts';
import { bootService, ensureStream } from '@erp/kit';
import { ServicoConfiguracao } from './app/servico';
import { config } from './config';
import { Cofre, gerarChaveDesenvolvimento, lerChaves } from './crypto/cofre';
import { criarResolvers, typeDefs } from './graphql/schema';
import { criarPublicador, iniciarRelay } from './messaging/eventos';
import { responderPedidos } from './messaging/respostas';
import { registrarRotas } from './rest/rotas';
import { modeloConfiguracao } from './store/modelo';
import { RepositorioConfiguracao } from './store/repositorio';

void bootService({
  name: 'settings',
  config,
  dbName: config.MONGODB_DB,
  // A .pfx of up to 64 KiB travels as base64 inside the JSON body.
  bodyLimit: 256 * 1024,
  setup: async ({ db, nc, app, log, verifySession }) => {
    let cofre: Cofre;
    if (config.SETTINGS_ENCRYPTION_KEYS) {
      cofre = new Cofre(lerChaves(config.SETTINGS_ENCRYPTION_KEYS));
    } else {
      cofre = new Cofre([gerarChaveDesenvolvimento()]);
      log.warn(
        { kid: cofre.chaveAtual },
        'SETTINGS_ENCRYPTION_KEYS not set: using a random development key; secrets saved now will not open after a restart',
      );
    }
    await ensureStream(nc, Streams.settings, config.NATS_STREAM_REPLICAS);
    const repositorio = new RepositorioConfiguracao(await modeloConfiguracao(db));
    const publicar = criarPublicador(nc);
    const servico = new ServicoConfiguracao(repositorio, cofre, publicar, log);
    registrarRotas(app, servico, verifySession);
    responderPedidos(nc, servico, log);
    const pararRelay = iniciarRelay(repositorio, publicar, log);
    // Not awaited: a rotation over many companies must not delay readiness. A key missing from the list is
    // a configuration fault worth a loud log, not a refusal to serve the companies it does not touch.
    servico
      .recifrarComChaveAtual()
      .then((n) => n > 0 && log.info({ documentos: n, kid: cofre.chaveAtual }, 'secrets re-encrypted with the current key'))
      .catch((error) => log.error({ err: error }, 're-encryption with the current key failed'));
    return { typeDefs, resolvers: criarResolvers(servico), stops: [pararRelay] };
  },
});
