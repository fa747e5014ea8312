/**
 * Fixes of defects in official schema files, applied to a derived copy at load time (the vendored files stay
 * byte-identical to the published ones). Each names the file, the exact official text and its replacement; a fix
 * whose official text is not found fails the load, so a refreshed package that changed the file is noticed instead
 * of silently validating with or without the fix.
 */
export interface Correcao {
  arquivo: string;
  /** Why the official text cannot be used with libxml2 (xmllint, libxml2-wasm). */
  motivo: string;
  original: string;
  corrigido: string;
}

/**
 * NFS-e Nacional 1.01, `tiposSimples_v1.01.xsd`, type `TSSerieDPS`: XSD patterns are implicitly anchored and have
 * no `^`/`$`; libxml2 takes them literally and refuses every real series (`1`, `900`).
 */
export const CORRECAO_TSSERIEDPS: Correcao = {
  arquivo: 'tiposSimples_v1.01.xsd',
  motivo: 'TSSerieDPS: padrão com âncoras ^ e $, que XSD não tem (libxml2 as toma como literais e recusa toda série real)',
  original: '<xs:pattern value="^0{0,4}\\d{1,5}$"/>',
  corrigido: '<xs:pattern value="0{0,4}\\d{1,5}"/>',
};

/**
 * ABRASF 2.04, `nfse_v204.xsd`: the global element `CompNfse` carries `minOccurs`/`maxOccurs`, which XSD forbids
 * on a global element; libxml2 refuses to compile the schema.
 */
export const CORRECAO_COMPNFSE_ABRASF: Correcao = {
  arquivo: 'nfse_v204.xsd',
  motivo: 'CompNfse: elemento global com minOccurs/maxOccurs, proibidos em elemento global (libxml2 não compila o schema)',
  original: '<xsd:element name="CompNfse" type="tcCompNfse" \n\t\tminOccurs="1" maxOccurs="1"/>',
  corrigido: '<xsd:element name="CompNfse" type="tcCompNfse"/>',
};

/** The derived text of `arquivo` with `correcao` applied; throws when the official text is not there exactly once. */
export function aplicarCorrecao(texto: string, correcao: Correcao): string {
  const primeira = texto.indexOf(correcao.original);
  if (primeira < 0 || texto.indexOf(correcao.original, primeira + 1) >= 0) {
    throw new Error(`correção de ${correcao.arquivo} não aplicável: o texto oficial não aparece exatamente uma vez (${correcao.motivo})`);
  }
  return texto.replace(correcao.original, correcao.corrigido);
}
