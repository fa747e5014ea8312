import { bootService } from '@erp/kit';
import { config } from './config';
import { DateTime } from './graphql/date-time';
import { typeDefs } from './graphql/schema';
import { tokenResolvers } from './graphql/token-resolvers';
import { usuarioResolvers } from './graphql/usuario-resolvers';
import { serveAuthenticate } from './messaging/authenticate';
import { serveUsersLookup } from './messaging/directory';
import { tokenChangedPublisher } from './messaging/token-events';
import { TokenStore } from './store/token-store';
import { UsuarioStore } from './store/usuario-store';

void bootService({
  name: 'token',
  config,
  dbName: config.MONGODB_DB,
  setup: async ({ db, nc, log }) => {
    const tokens = await TokenStore.open(db);
    const users = await UsuarioStore.open(db);
    serveAuthenticate(nc, tokens, log, config.TOKEN_LAST_USE_GRANULARITY_SECONDS * 1000);
    serveUsersLookup(nc, users, log);
    const tokenGraph = tokenResolvers(tokens, tokenChangedPublisher(nc, log));
    const userGraph = usuarioResolvers(users);
    return {
      typeDefs,
      resolvers: {
        DateTime,
        Query: { ...tokenGraph.Query, ...userGraph.Query },
        Mutation: { ...tokenGraph.Mutation, ...userGraph.Mutation },
      },
    };
  },
});
