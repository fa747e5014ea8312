import { bootService } from '@erp/kit';
import { readConfig } from './config';
import { typeDefs } from './graphql/schema';
import { tokenResolvers } from './graphql/token-resolvers';
import { usuarioResolvers } from './graphql/usuario-resolvers';
import { serveAuthenticate } from './messaging/authenticate';
import { serveUsersLookup } from './messaging/directory';
import { tokenChangedPublisher } from './messaging/token-events';
import { createTokenStore } from './store/token-store';
import { createUsuarioStore } from './store/usuario-store';

const config = readConfig();

void bootService({
  name: 'token',
  config,
  dbName: config.MONGODB_DB,
  setup: async ({ db, nc, log }) => {
    const tokens = await createTokenStore(db, { maxTimeMS: config.TOKEN_QUERY_MAX_TIME_MS });
    const users = await createUsuarioStore(db, { maxTimeMS: config.TOKEN_QUERY_MAX_TIME_MS });
    serveAuthenticate(nc, tokens, log, config.TOKEN_LAST_USE_GRANULARITY_SECONDS * 1000);
    serveUsersLookup(nc, users, log);
    const tokenGraph = tokenResolvers(tokens, tokenChangedPublisher(nc, log));
    const userGraph = usuarioResolvers(users);
    return {
      typeDefs,
      resolvers: {
        Query: { ...tokenGraph.Query, ...userGraph.Query },
        Mutation: { ...tokenGraph.Mutation, ...userGraph.Mutation },
      },
    };
  },
});
