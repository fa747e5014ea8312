import type { Page } from 'playwright-core';
import { criarPfx } from '../../services/settings/test/support/certificados';
import { rest } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway } from './admin-fixtures';
import { cnpjNovo } from './fiscal-helpers';

/**
 * The fiscal settings screen in headless Chromium against the running stack: the API's own field messages, a save
 * with a certificate, a save that keeps what it does not show, edit conflicts, removals that ask first, and a
 * refused certificate password; each compared with what the REST API stores or answers.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-settings', { signedIn: true });
const { byId, activeText } = fixture;
let page: Page;
let admin: string;
let cnpj = '';

beforeAll(() => {
  ({ page, admin } = fixture);
});

describe('admin page - fiscal settings', () => {
  it('admin page - shows the API’s own validation messages next to each field', async () => {
    await page.getByRole('link', { name: 'Configurações fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Configurações fiscais' }).waitFor();
    await page.getByLabel('CNPJ').fill('11.222.333/0001-99');
    await page.getByLabel('Razão social').fill('X');
    await page.getByLabel('Município (código IBGE)').fill('3550309');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await byId('cfg-empresa.cnpj-erro').waitFor();

    const api = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { empresa: { cnpj: '11.222.333/0001-99', razaoSocial: 'X', codigoMunicipio: '3550309' } },
    });
    expect(api.status).toBe(400);
    const campos = api.body.campos as { campo: string; erro: string }[];
    expect(campos.map((c) => c.campo).sort()).toEqual(['empresa.cnpj', 'empresa.codigoMunicipio', 'empresa.razaoSocial']);
    for (const { campo, erro } of campos) {
      expect(await byId(`cfg-${campo}-erro`).textContent()).toBe(erro);
      expect(await byId(`cfg-${campo}`).getAttribute('aria-invalid')).toBe('true');
    }
    expect(await until(activeText, (t) => t.includes('3 campos precisam de correção'))).toContain('3 campos precisam de correção');
  });

  it('admin page - saves with a certificate: holder, CNPJ, validity and the expiry warning shown, passwords never', async () => {
    cnpj = cnpjNovo();
    await page.getByLabel('CNPJ').fill(cnpj);
    await page.getByLabel('Razão social').fill('Empresa da Página Ltda');
    await page.getByLabel('UF', { exact: true }).selectOption('SP');
    await page.getByLabel('Município (código IBGE)').fill('3550308');
    await page.getByLabel('Regime tributário').selectOption('SIMPLES_NACIONAL');
    await page.getByLabel('Alíquota efetiva do DAS (%)').fill('6');
    await page.getByLabel('Séries em uso').fill('1, 2');
    await page.getByLabel('Código de serviço (LC 116/2003)').fill('01.07');
    await page.getByLabel('Código da cidade (IBGE)').fill('3550308');
    await page.getByLabel('Senha do web service').fill('segredo-do-ws');
    await page.getByLabel('Logradouro').fill('Avenida Paulista');
    await page.getByLabel('Número', { exact: true }).fill('1000');
    await page.getByLabel('Bairro').fill('Bela Vista');
    await page.getByLabel('Município (nome)').fill('São Paulo');
    await page.getByLabel('CEP').fill('01310100');
    await page.getByLabel('Inscrição estadual').pressSequentially('110042490114');
    // CNPJ, IE (by the UF's layout) and CEP are punctuated as typed; what is stored is their digits (below).
    expect(await page.getByLabel('CNPJ').inputValue()).toBe(cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'));
    expect(await page.getByLabel('Inscrição estadual').inputValue()).toBe('110.042.490.114');
    expect(await page.getByLabel('CEP').inputValue()).toBe('01310-100');
    await page.getByLabel('NF-e (horas)').fill('12');
    await page.getByLabel('ICMS: dia').fill('5');
    await page.getByLabel('ICMS: em dia não útil').selectOption('ANTECIPAR');
    const pfx = criarPfx('senha-do-a1', { cnpjNoNome: cnpj, razaoSocial: 'EMPRESA DA PAGINA LTDA', validoAte: new Date(Date.now() + 20 * 86_400_000) });
    await page.getByLabel('Arquivo .pfx', { exact: true }).setInputFiles({ name: 'empresa.pfx', mimeType: 'application/x-pkcs12', buffer: pfx });
    await page.getByLabel('Senha do arquivo .pfx').fill('senha-do-a1');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();

    await page.getByText('Configurações salvas (versão 1).').waitFor();
    expect(await until(activeText, (t) => t.includes('Configurações salvas'))).toContain('Configurações salvas');
    const card = page.locator('.certificado');
    const text = (await card.textContent())!;
    expect(text).toContain(`EMPRESA DA PAGINA LTDA:${cnpj}`);
    // The certificate's CNPJ punctuated like every other CNPJ of the page.
    expect(await card.locator('dt:text-is("CNPJ") + dd').textContent()).toBe(cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'));
    expect(text).toMatch(/(19|20) dias restantes/);
    // Said as a person says it ("em 19 dias"), not "19 dia(s)".
    expect(await card.getByRole('note').textContent()).toMatch(/^o certificado A1 expira em (19|20) dias; providencie a renovação$/);
    expect(await page.getByLabel('Senha do arquivo .pfx').inputValue()).toBe('');
    expect(await page.getByLabel('Senha do web service').inputValue()).toBe('');
    expect(await page.getByLabel('Senha do web service').getAttribute('placeholder')).toBe('•••••••• (guardada)');
    const html = await page.content();
    expect(html).not.toContain('senha-do-a1');
    expect(html).not.toContain('segredo-do-ws');
    await screenshot(page, 'configuracoes');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const stored = await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin });
    expect(stored.body.dados).toMatchObject({ versao: 1, series: [1, 2], empresa: { cnpj, inscricaoEstadual: '110042490114', regimeTributario: 'SIMPLES_NACIONAL' }, nfse: { codigoServico: '01.07', senha: expect.stringMatching(/^•+$/) } });
    expect(stored.body.dados.empresa.endereco).toEqual({ logradouro: 'Avenida Paulista', numero: '1000', complemento: null, bairro: 'Bela Vista', municipio: 'São Paulo', cep: '01310100', telefone: null });
    expect(stored.body.dados.prazosCancelamento).toEqual({ nfeHoras: 12, nfceMinutos: null, cteHoras: null, nfseDias: null });
    expect(stored.body.dados.vencimentos).toEqual({ icms: { dia: 5, ajuste: 'ANTECIPAR' }, iss: null, cbs: null, ibs: null, is: null });
  });

  it('admin page - a save that changes one field keeps every other stored setting (address, deadlines, due days, certificate)', async () => {
    const before = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    await page.getByLabel('Timeout (segundos)').fill('50');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText(`Configurações salvas (versão ${before.versao + 1}).`).waitFor();
    const after = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    expect(after.timeoutSegundos).toBe(50);
    const { versao: _v1, atualizadoEm: _a1, timeoutSegundos: _t1, ...rest1 } = before;
    const { versao: _v2, atualizadoEm: _a2, timeoutSegundos: _t2, ...rest2 } = after;
    expect(rest2).toEqual(rest1);
  });

  it('admin page - a save over someone else’s newer version is refused (CONFLITO_DE_EDICAO) and nothing is lost silently', async () => {
    const current = await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin });
    const other = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { ...current.body.dados, timeoutSegundos: 45 },
      headers: { 'if-match': current.headers.get('etag')! },
    });
    expect(other.status).toBe(200);

    await page.getByLabel('Timeout (segundos)').fill('60');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText(/Conflito de edição:/).waitFor();
    const conflito = await page.getByRole('alert').filter({ hasText: 'Conflito de edição' }).textContent();
    expect(conflito).toContain(`salvou a versão ${other.body.dados.versao}`);
    // Words for the person, not the API's code.
    expect(conflito).not.toContain('CONFLITO_DE_EDICAO');
    expect((await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados.timeoutSegundos).toBe(45);
    await page.getByRole('button', { name: new RegExp(`Descartar as minhas alterações e carregar a versão ${other.body.dados.versao}`) }).click();
    await page.getByText(new RegExp(`Versão ${other.body.dados.versao}, salva em`)).waitFor();
    expect(await page.getByLabel('Timeout (segundos)').inputValue()).toBe('45');
  });

  it('admin page - "Salvar por cima" asks first, then replaces the newer version with what was typed', async () => {
    const current = await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin });
    const other = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { ...current.body.dados, timeoutSegundos: 30 },
      headers: { 'if-match': current.headers.get('etag')! },
    });
    expect(other.status).toBe(200);
    const newer = other.body.dados.versao as number;

    await page.getByLabel('Timeout (segundos)').fill('70');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    const overwrite = page.getByRole('button', { name: `Salvar as minhas alterações por cima da versão ${newer}` });
    await overwrite.click();
    const dialog = page.getByRole('dialog', { name: `Salvar por cima da versão ${newer}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`as alterações da versão ${newer} são substituídas pelas suas`);
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados.timeoutSegundos).toBe(30);

    await overwrite.click();
    await dialog.getByRole('button', { name: `Salvar por cima da versão ${newer}` }).click();
    await page.getByText(`Configurações salvas (versão ${newer + 1}).`).waitFor();
    expect((await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados).toMatchObject({ versao: newer + 1, timeoutSegundos: 70 });
  });

  it('admin page - removing the stored certificate or web-service password asks first; "Voltar" saves nothing', async () => {
    const before = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    const save = page.getByRole('button', { name: 'Salvar configurações' });
    const dialog = page.getByRole('dialog', { name: 'Salvar e remover o que está guardado?' });

    await page.getByLabel('Remover o certificado guardado ao salvar').check();
    await save.click();
    expect(await dialog.textContent()).toContain('o certificado A1 de EMPRESA DA PAGINA LTDA');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Remover o certificado guardado ao salvar').uncheck();

    await page.getByLabel('Remover a senha guardada ao salvar').check();
    await save.click();
    expect(await dialog.textContent()).toContain('a senha guardada do web service da NFS-e é apagada');
    expect(await dialog.textContent()).not.toContain('certificado');
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados.versao).toBe(before.versao);

    await save.click();
    await dialog.getByRole('button', { name: 'Salvar e remover' }).click();
    await page.getByText(`Configurações salvas (versão ${before.versao + 1}).`).waitFor();
    const after = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    expect(after.nfse.senha).toBeNull();
    expect(after.certificadoA1).toEqual(before.certificadoA1);
  });

  it('admin page - a certificate refused for its password shows the API’s message under the password field', async () => {
    const pfx = criarPfx('senha-certa', { cnpjNoNome: cnpj, razaoSocial: 'EMPRESA DA PAGINA LTDA', validoAte: new Date(Date.now() + 200 * 86_400_000) });
    await page.getByLabel('Substituir por outro arquivo .pfx').setInputFiles({ name: 'novo.pfx', mimeType: 'application/x-pkcs12', buffer: pfx });
    await page.getByLabel('Senha do arquivo .pfx').fill('senha-errada');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    const message = byId('cfg-certificadoA1.senha-erro');
    await message.waitFor();

    const current = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    const api = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { ...current, certificadoA1: { arquivoBase64: pfx.toString('base64'), senha: 'senha-errada' } },
    });
    expect(api.body.codigo).toBe('CERTIFICADO_SENHA_INVALIDA');
    expect(await message.textContent()).toBe(api.body.erro);
    expect(await byId('cfg-certificadoA1.senha').getAttribute('aria-invalid')).toBe('true');
    expect(await until(activeText, (t) => t.includes('1 campo precisa de correção'))).toContain('1 campo precisa de correção');
    await page.getByRole('button', { name: 'Desfazer alterações' }).click();
    await message.waitFor({ state: 'detached' });
  });

  itRequestedOnlyTheGateway(fixture);
});
