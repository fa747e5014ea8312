import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { decN, texto } from '../format';
import { escreverEmitente, escreverIdeComum, escreverParte, escreverPercurso, escreverPrestacao, parteDestinatario } from './index';
import { escreverImpostosCte } from './taxes';
import { NS_CTE, type DadosXmlCteOs } from './types';

/** rodoOS/infFretamento/tpFretamento. */
const FRETAMENTO = { EVENTUAL: '1', CONTINUO: '2' } as const;

/**
 * The CT-e OS 4.00 XML (model 67, passenger transport, rodoviário; PL_CTe_400_RTC), in the order of cteOS_v4.00.xsd /
 * TCTeOS: ide (tpServ 6, no toma3: the taker is its own group), emit, toma (the recipient, with enderToma), vPrest,
 * imp (the model 57's groups: TImpOS has them), infCTeNorm (infServico, the rodoOS modal), then infCTeSupl with the
 * QR code. Pure; unsigned (the Signature follows infCTeSupl).
 */
export function montarCteOs(d: DadosXmlCteOs, opcoes: { indentado?: boolean } = {}): string {
  const doc = create().ele(NS_CTE, 'CTeOS', { versao: '4.00' });
  const inf = doc.ele('infCte', { versao: '4.00', Id: `CTe${d.chave}` });
  escreverIde(inf, d);
  escreverEmitente(inf, d);
  escreverParte(inf, 'toma', 'enderToma', parteDestinatario(d));

  escreverPrestacao(inf, d);
  escreverImpostosCte(inf, d);

  const os = d.cteOs;
  const norm = inf.ele('infCTeNorm');
  const servico = norm.ele('infServico');
  servico.ele('xDescServ').txt(texto(os.descricaoServico, 30));
  if (os.quantidadePassageiros !== null) servico.ele('infQ').ele('qCarga').txt(decN(os.quantidadePassageiros, 4));
  const rodo = norm.ele('infModal', { versaoModal: '4.00' }).ele('rodoOS');
  if (os.taf) rodo.ele('TAF').txt(os.taf);
  else rodo.ele('NroRegEstadual').txt(os.registroEstadual ?? '');
  if (os.placa) {
    const veic = rodo.ele('veic').ele('placa').txt(os.placa).up();
    if (os.ufVeiculo) veic.ele('UF').txt(os.ufVeiculo);
  }
  if (os.fretamento) rodo.ele('infFretamento').ele('tpFretamento').txt(FRETAMENTO[os.fretamento]);

  doc.ele('infCTeSupl').ele('qrCodCTe').dat(d.qrCode);
  return doc.end({ headless: true, prettyPrint: opcoes.indentado ?? false });
}

function escreverIde(inf: XMLBuilder, d: DadosXmlCteOs): void {
  const { cteOs } = d;
  // tpServ 6: transporte de pessoas.
  const ide = escreverIdeComum(inf, d, { cfop: cteOs.cfop, natOp: 'PRESTACAO DE SERVICO DE TRANSPORTE DE PESSOAS', tpServ: '6' });
  const ie = d.destinatario.inscricaoEstadual;
  // indIEToma: 1 taxpayer with IE, 2 exempt, 9 not a taxpayer (before the route in TIdeOS).
  ide.ele('indIEToma').txt(!ie ? '9' : ie === 'ISENTO' ? '2' : '1');
  escreverPercurso(ide, cteOs);
}
