import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import type { Logger } from '@erp/kit';

const SDL_QUERY = JSON.stringify({ query: '{ _service { sdl } }' });

async function fetchSdl(url: string): Promise<string> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: SDL_QUERY,
  });
  const body = (await response.json()) as { data?: { _service?: { sdl?: string } } };
  const sdl = body.data?._service?.sdl;
  if (!sdl) throw new Error(`no SDL from ${url} (HTTP ${response.status})`);
  return sdl;
}

/**
 * Composes the supergraph once, at start, from each subgraph's own SDL (what IntrospectAndCompose does,
 * minus the polling): the graph the gateway serves cannot change under it while it runs.
 */
export async function composeSupergraph(
  subgraphs: { name: string; url: string }[],
  log: Logger,
  attempts = 30,
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const definitions = await Promise.all(
        subgraphs.map(async ({ name, url }) => ({ name, url: `${url}/graphql`, typeDefs: parse(await fetchSdl(url)) })),
      );
      const result = composeServices(definitions);
      if (result.errors) {
        throw new Error(`supergraph composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
      }
      log.info({ subgraphs: subgraphs.map((s) => s.name) }, 'supergraph composed');
      return result.supergraphSdl;
    } catch (error) {
      if (attempt >= attempts || (error instanceof Error && error.message.startsWith('supergraph composition'))) throw error;
      log.warn({ err: error, attempt }, 'subgraphs not reachable yet; retrying');
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}
