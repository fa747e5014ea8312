import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import type { Logger } from '@erp/kit';
import type { UpstreamFetch } from './upstream-fetch';

const SDL_QUERY = JSON.stringify({ query: '{ _service { sdl } }' });

/** The subgraphs' SDL does not compose: a fault of the build, never fixed by waiting. */
export class CompositionError extends Error {
  constructor(messages: string[]) {
    super(`supergraph composition failed:\n${messages.join('\n')}`);
    this.name = 'CompositionError';
  }
}

async function fetchSdl(fetcher: UpstreamFetch, url: string): Promise<string> {
  const response = await fetcher(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: SDL_QUERY });
  const body = (await response.json()) as { data?: { _service?: { sdl?: string } } };
  const sdl = body.data?._service?.sdl;
  if (!sdl) throw new Error(`no SDL from ${url} (HTTP ${response.status})`);
  return sdl;
}

/**
 * Composes the supergraph once, at start, from each subgraph's own SDL (what IntrospectAndCompose does, minus the
 * polling): the graph the gateway serves cannot change under it while it runs. The SDL comes through the gateway's
 * one upstream client (its timeout included); a subgraph not reachable yet is asked again every second, up to
 * `attempts` times; a composition error stops at once.
 */
export async function composeSupergraph(subgraphs: { name: string; url: string }[], fetcher: UpstreamFetch, log: Logger, attempts = 30): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const definitions = await Promise.all(subgraphs.map(async ({ name, url }) => ({ name, url: `${url}/graphql`, typeDefs: parse(await fetchSdl(fetcher, url)) })));
      const result = composeServices(definitions);
      if (result.errors) throw new CompositionError(result.errors.map((e) => e.message));
      log.info({ subgraphs: subgraphs.map((s) => s.name) }, 'supergraph composed');
      return result.supergraphSdl;
    } catch (error) {
      if (error instanceof CompositionError || attempt >= attempts) throw error;
      log.warn({ err: error, attempt }, 'subgraphs not reachable yet; retrying');
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}
