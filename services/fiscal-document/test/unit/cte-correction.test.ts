import { validarXml } from '@erp/fiscal-schemas';
import { CONDICAO_USO_CCE_CTE, conferirAlteracoes } from '../../src/domain/cte-correction';
import { evCCeCTe, eventoCte, idEventoCte } from '../../src/xml/cte/messages';
import { CHAVE_CTE } from '../support/cte-fixture';

describe('ct-e correction letter', () => {
  it('ct-e cc-e - the event (Id with a 3-digit sequence) and its evCCeCTe are within the official schemas', async () => {
    const detalhe = evCCeCTe([{ grupo: 'compl', campo: 'xObs', valor: 'Entrega pelo portão 2' }, { grupo: 'infNFe', campo: 'PIN', valor: '123', numeroItem: 2 }], CONDICAO_USO_CCE_CTE);
    expect(await validarXml('cte-PL_CTe_400_RTC', 'evCCeCTe_v4.00.xsd', detalhe)).toEqual({ ok: true });
    const evento = eventoCte({ chave: CHAVE_CTE, cnpj: '11222333000181', producao: false, em: new Date('2026-11-20T15:00:00Z'), sequencia: 7, tpEvento: '110110', detalhe });
    expect(evento).toContain(`Id="${idEventoCte('110110', CHAVE_CTE, 7)}"`);
    expect(idEventoCte('110110', CHAVE_CTE, 7)).toBe(`ID110110${CHAVE_CTE}007`);
  });

  it('ct-e cc-e - changes of value, tax, the parties\' identity or the CT-e\'s identification are refused field by field', () => {
    const erros = conferirAlteracoes([
      { grupo: 'compl', campo: 'xObs', valor: 'ok' },
      { grupo: 'vPrest', campo: 'vTPrest', valor: '10.00' },
      { grupo: 'rem', campo: 'CNPJ', valor: '11222333000181' },
      { grupo: 'rem', campo: 'xNome', valor: 'Nome corrigido' },
      { grupo: 'ide', campo: 'dhEmi', valor: '2026-11-21' },
      { grupo: 'infNFe', campo: 'PIN', valor: '1', numeroItem: 100 },
    ]);
    expect(erros.map((e) => `${e.campo}:${e.regra}`)).toEqual(['alteracoes[1].campo:correcao_proibida', 'alteracoes[2].campo:correcao_proibida', 'alteracoes[4].campo:correcao_proibida', 'alteracoes[5].numeroItem:faixa']);
  });
});
