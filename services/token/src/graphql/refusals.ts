import { refusal, type GraphContext } from '@erp/kit';
import { Refusal } from '../domain/refusal';

type Resolver<A, R> = (parent: unknown, args: A, context: GraphContext) => Promise<R>;

/** Turns a rule's refusal into a GraphQL error with its stable `extensions.code`; anything else stays ours. */
export function guarded<A, R>(resolver: Resolver<A, R>): Resolver<A, R> {
  return async (parent, args, context) => {
    try {
      return await resolver(parent, args, context);
    } catch (error) {
      if (error instanceof Refusal) throw refusal(error.code, error.message, error.extra);
      throw error;
    }
  };
}
