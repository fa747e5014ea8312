import { bootService } from '@erp/kit';
import { config } from './config';
import { resolvers, typeDefs } from './graphql/schema';

void bootService({
  name: 'tax-simulation',
  config,
  dbName: config.MONGODB_DB,
  setup: async () => ({ typeDefs, resolvers }),
});
