import { announceSignOut, ASK_FOR_SESSION, askForSession, hostWindow, SESSION_MESSAGE, SIGN_OUT, sessionFromMessage } from '../../src/session/host-protocol';

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
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE, sessao: 'a.b.c' }, PLATAFORMA, ORIGENS)).toBe('a.b.c');
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE, sessao: 'x.y.z' }, 'https://portal.example.com', ORIGENS)).toBe('x.y.z');
  });

  it('admin host protocol - ignores any other origin, shape or size', () => {
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE, sessao: 'a.b.c' }, 'https://intruso.example.com', ORIGENS)).toBeNull();
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE, sessao: 'a.b.c' }, 'https://erp.example.com:8443', ORIGENS)).toBeNull();
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE, sessao: 'a.b.c' }, PLATAFORMA, [])).toBeNull();
    expect(sessionFromMessage({ tipo: ASK_FOR_SESSION, sessao: 'a.b.c' }, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE, sessao: 42 }, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE }, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessionFromMessage('a.b.c', PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessionFromMessage(null, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE, sessao: 'x'.repeat(16_385) }, PLATAFORMA, ORIGENS)).toBeNull();
    expect(sessionFromMessage({ tipo: SESSION_MESSAGE, sessao: 'x'.repeat(16_384) }, PLATAFORMA, ORIGENS)).toHaveLength(16_384);
  });

  it('admin host protocol - asks the framing parent, once per allowed origin and only to that origin', () => {
    const { enviadas } = janela('moldura');
    expect(hostWindow()).not.toBeNull();
    askForSession(ORIGENS);
    expect(enviadas).toEqual([
      [{ tipo: ASK_FOR_SESSION }, PLATAFORMA],
      [{ tipo: ASK_FOR_SESSION }, 'https://portal.example.com'],
    ]);
  });

  it('admin host protocol - asks the opener when opened by window.open, and says when the user leaves', () => {
    const { plataforma, enviadas } = janela('aberta');
    expect(hostWindow()).toBe(plataforma);
    announceSignOut([PLATAFORMA]);
    expect(enviadas).toEqual([[{ tipo: SIGN_OUT }, PLATAFORMA]]);
  });

  it('admin host protocol - standalone (no parent, no opener): nobody to ask, nothing posted', () => {
    janela('sozinha');
    expect(hostWindow()).toBeNull();
    expect(() => askForSession(ORIGENS)).not.toThrow();
    expect(() => announceSignOut(ORIGENS)).not.toThrow();
  });
});
