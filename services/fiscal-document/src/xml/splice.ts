/**
 * A signed document (NFe, evento, inutNFe) is embedded in messages and distribution documents as the exact text
 * that was signed and stored: a re-serialization could differ from the stored bytes, and the stored XML is what
 * the DANFE and the authorized `nfeProc` are made of.
 */
const semDeclaracao = (xml: string) => xml.replace(/^<\?xml[^>]*\?>\s*/, '');

/** Splices signed text into a message built by the builder, where the marker element stands. */
export function inserir(mensagem: string, marcador: string, conteudo: string): string {
  const vazio = `<${marcador}/>`;
  if (!mensagem.includes(vazio)) throw new Error(`marker ${marcador} not found`);
  return mensagem.replace(vazio, () => semDeclaracao(conteudo));
}

