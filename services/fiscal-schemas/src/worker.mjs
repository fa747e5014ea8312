// The libxml2 side of @erp/fiscal-schemas, in a worker thread: libxml2-wasm is an ES module with a top-level await
// (its WebAssembly load), which CommonJS code (our services under tsx, jest) cannot require; a worker imports it
// natively, and validating a large document does not hold up the caller's event loop. Plain JavaScript so that it
// runs the same under tsx, jest and the bundled dist/.
import { parentPort } from 'node:worker_threads';
import { XmlBufferInputProvider, XmlC14NMode, XmlDocument, XmlLibError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';

const DSIG = { ds: 'http://www.w3.org/2000/09/xmldsig#' };
/** Schema files by virtual path `/<package>/<file>`: includes and imports resolve among them, never on disk or network. */
const arquivos = new XmlBufferInputProvider({});
const conteudos = new Map();
xmlRegisterInputProvider(arquivos);
/** Compiled schemas by `<package>/<root file>`: compiling leiauteNFe takes ~200 ms, so once per process. */
const validadores = new Map();

const erroDe = (error) =>
  error instanceof XmlLibError
    ? error.details.map((d) => ({ linha: d.line, mensagem: d.message.trim() }))
    : [{ linha: 0, mensagem: error instanceof Error ? error.message : String(error) }];

function validador(pacote, raiz) {
  const chave = `${pacote}/${raiz}`;
  let v = validadores.get(chave);
  if (!v) {
    const url = `/${chave}`;
    const conteudo = conteudos.get(url);
    if (!conteudo) throw new Error(`schema ${url} não carregado`);
    const xsd = XmlDocument.fromBuffer(conteudo, { url });
    try {
      v = XsdValidator.fromDoc(xsd);
    } finally {
      xsd.dispose();
    }
    validadores.set(chave, v);
  }
  return v;
}

function validar({ pacote, raiz, xml }) {
  let doc;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return { ok: false, erros: erroDe(error) };
  }
  try {
    validador(pacote, raiz).validate(doc);
    return { ok: true };
  } catch (error) {
    return { ok: false, erros: erroDe(error) };
  } finally {
    doc.dispose();
  }
}

/**
 * C14N 1.0 (inclusive, without comments) of what an enveloped XMLDSig signature over `#<referencia>` covers: the
 * `SignedInfo` of the signature that references it, and the referenced element without that signature when it lies
 * inside it (the enveloped-signature transform removes the signature it belongs to, XMLDSig 6.6.4: another signature
 * inside the element, e.g. the RPS's inside an ABRASF substitution or an NFS-e, is covered). Null where either is missing. `exclusiva`: exclusive C14N 1.0
 * instead (the NFS-e national standard lets a company choose it).
 */
function canonicalizar({ xml, referencia, exclusiva }) {
  const opcoes = exclusiva ? { mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 } : undefined;
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(referencia)) return { elemento: null, signedInfo: null };
  const doc = XmlDocument.fromString(xml);
  try {
    const signedInfo = doc.get(`//ds:Signature/ds:SignedInfo[ds:Reference/@URI='#${referencia}']`, DSIG);
    const canonicoSignedInfo = signedInfo ? signedInfo.canonicalizeToString(opcoes) : null;
    const elemento = doc.get(`//*[@Id='${referencia}']`);
    if (elemento) for (const assinatura of elemento.find(`.//ds:Signature[ds:SignedInfo/ds:Reference/@URI='#${referencia}']`, DSIG)) assinatura.remove();
    return { elemento: elemento ? elemento.canonicalizeToString(opcoes) : null, signedInfo: canonicoSignedInfo };
  } finally {
    doc.dispose();
  }
}

parentPort.on('message', ({ id, op, dados }) => {
  let resposta;
  try {
    if (op === 'carregar') {
      for (const [nome, conteudo] of Object.entries(dados)) {
        arquivos.addBuffer(nome, conteudo);
        conteudos.set(nome, conteudo);
      }
      resposta = { ok: true };
    } else if (op === 'validar') resposta = validar(dados);
    else resposta = canonicalizar(dados);
    parentPort.postMessage({ id, resposta });
  } catch (error) {
    parentPort.postMessage({ id, falha: error instanceof Error ? error.message : String(error) });
  }
});
