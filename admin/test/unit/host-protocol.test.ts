import { avisarSaida, janelaDaPlataforma, PEDIR_SESSAO, pedirSessao, SAIR, SESSAO, sessaoDaMensagem } from '../../src/session/host-protocol';

const PLATAFORMA = 'https://erp.example.com';
const ORIGENS = [PLATAFORMA, 'https://portal.example.com'];

/** A stand-in for the browser's window with its parent and opener, recording what is posted to the platform. */
function janela(posicao: 'moldura' | 'aberta' | 'sozinha') {
  const enviadas: [unknown, string][] = [];
  const plataforma = { postMessage: (dados: unknown, origem: string) => enviadas.push([dados, origem]) };
  const propria: Record<string, unknown> = {};
  propria.parent = posicao === 'moldura' ? plataforma : propria;
  propria.opener = posicao === 'aberta' ? plataforma : null;
  Object.defineProperty(globalThis, 'window', { value: propria, configurable: true });
  return { plataforma, enviadas };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('admin host protocol - the session handed over by the platform', () => {
  it('admin host protocol - takes the JWT of a well-formed message from an allowed origin', () => {
    expect(sessaoDaMensagem({ tipo: SESSAO, sessao: 'a.b.c' }, PLATAFORMA, ORIGENS)).toBe('a.b.c');
    expect(sessaoDaMensagem({ tipo: SESSAO, sessao: 'x.y.z' }, 'https://portal.example.com', ORIGENS)).toBe('x.y.z');
  });

  it('admin host protocol - ignores any other origin, shape or size', () => {
    expect(sessaoDaMensagem({ tipo: SESSAO, sessao: 'a.b.c' }, 'https://intruso.example.com', ORIGENS)).toBeNull();
    expect(sessaoDaMensagem({ tipo: SESSAO, sessao: 'a.b.c' }, 'https://erp.example.com:8443', ORIGENS)).toBeNull();
    expect(sessaoDaMensagem({ tipo: SESSAO, sessao: 'a.b.c' }, PLATAFORMA, [])).toBeNull();
    expect(sessaoDaMensagem({ tipo: PEDIR_SESSAO, sessao: 'a.b.c' }, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessaoDaMensagem({ tipo: SESSAO, sessao: 42 }, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessaoDaMensagem({ tipo: SESSAO }, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessaoDaMensagem('a.b.c', PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessaoDaMensagem(null, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessaoDaMensagem({ tipo: SESSAO, sessao: 'x'.repeat(16_385) }, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessaoDaMensagem({ tipo: SESSAO, sessao: 'x'.repeat(16_384) }, PLATAFORMA, ORIGENS)).toHaveLength(16_384);
  });

  it('admin host protocol - asks the framing parent, once per allowed origin and only to that origin', () => {
    const { enviadas } = janela('moldura');
    expect(janelaDaPlataforma()).not.toBeNull();
    pedirSessao(ORIGENS);
    expect(enviadas).toEqual([
      [{ tipo: PEDIR_SESSAO }, PLATAFORMA],
      [{ tipo: PEDIR_SESSAO }, 'https://portal.example.com'],
    ]);
  });

  it('admin host protocol - asks the opener when opened by window.open, and says when the user leaves', () => {
    const { plataforma, enviadas } = janela('aberta');
    expect(janelaDaPlataforma()).toBe(plataforma);
    avisarSaida([PLATAFORMA]);
    expect(enviadas).toEqual([[{ tipo: SAIR }, PLATAFORMA]]);
  });

  it('admin host protocol - standalone (no parent, no opener): nobody to ask, nothing posted', () => {
    janela('sozinha');
    expect(janelaDaPlataforma()).toBeNull();
    expect(() => pedirSessao(ORIGENS)).not.toThrow();
    expect(() => avisarSaida(ORIGENS)).not.toThrow();
  });
});
