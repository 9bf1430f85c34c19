import { AUTH_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '../../../lib/current-user.ts';
import { ana, fail, felipe, type MockRequest, mockApi, ok } from '../../../test/api-mock.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

// The proof of work runs in a Web Worker, which jsdom lacks: its answer is stood in for.
vi.mock('../../../lib/robot-check/solve-challenge.ts', () => ({
  passRobotCheck: vi.fn(async () => 'cHJvdmEtZGUtdHJhYmFsaG8='),
}));

const verificationSent = { 'POST /api/auth/send-verification-email': ok({ message: 'E-mail enviado.' }) };

async function openAuth(handlers = {}) {
  const api = mockApi({ ...verificationSent, ...handlers });
  const view = renderApp('/auth');
  await screen.findByRole('heading', { name: 'Entrar' });
  return { api, ...view };
}

describe('/auth login', () => {
  it('leads back to the start page from the brand', async () => {
    const { user } = await openAuth({ 'GET /api/launch': ok({ launchAt: '2025-11-01T03:00:00.000Z' }) });
    await user.click(screen.getByRole('link', { name: 'Estudaí: página inicial' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estude junto, do ENEM aos concursos' }),
    ).toBeVisible();
  });

  it('asks for both fields', async () => {
    const { api, user } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'ana@estudai.dev');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await expectToast('Campos obrigatórios', 'Por favor, preencha todos os campos.');
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it("shows 'Erro no login' with the server's message", async () => {
    const { user } = await openAuth({
      'POST /api/auth/login': fail(401, 'E-mail ou senha incorretos.', 'INVALID_CREDENTIALS'),
    });
    await user.type(screen.getByLabelText('Email'), 'ana@estudai.dev');
    await user.type(screen.getByLabelText('Senha'), 'errada123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await expectToast('Erro no login', 'E-mail ou senha incorretos.');
  });

  it("signs in to the demo account in one tap from the landing's 'Testar Demo', and says so in a banner", async () => {
    const demo = { email: 'ana@estudai.dev', password: 'Estudai@2025' };
    const api = mockApi({
      ...verificationSent,
      'GET /api/launch': ok({ launchAt: '2025-11-01T03:00:00.000Z', demo }),
      'POST /api/auth/login': ok(ana),
    });
    renderApp('/auth?demo=1');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/login').map((call) => call.body)).toEqual([demo]);
    expect(await screen.findByText(/Você está na conta de demonstração da Ana/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar minha conta' })).toBeInTheDocument();
  });

  it('shows the login form when there is no demo account to open', async () => {
    const api = mockApi({
      ...verificationSent,
      'GET /api/launch': ok({ launchAt: '2025-11-01T03:00:00.000Z', demo: null }),
    });
    renderApp('/auth?demo=1');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('does the robot check and signs in when the server asks for it', async () => {
    const { api, user } = await openAuth({
      'POST /api/auth/login': (request: MockRequest) =>
        (request.body as { robotCheck?: string }).robotCheck
          ? ok(ana)
          : fail(401, AUTH_MESSAGES.robotCheckRequired, 'ROBOT_CHECK_REQUIRED'),
    });
    await user.type(screen.getByLabelText('Email'), 'ana@estudai.dev');
    await user.type(screen.getByLabelText('Senha'), 'Estudai@2025');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/login').map((call) => call.body)).toEqual([
      { email: 'ana@estudai.dev', password: 'Estudai@2025' },
      { email: 'ana@estudai.dev', password: 'Estudai@2025', robotCheck: 'cHJvdmEtZGUtdHJhYmFsaG8=' },
    ]);
  });

  it('shows the error when the password is wrong even after the robot check', async () => {
    const { api, user } = await openAuth({
      'POST /api/auth/login': (request: MockRequest) =>
        (request.body as { robotCheck?: string }).robotCheck
          ? fail(401, 'E-mail ou senha incorretos.', 'INVALID_CREDENTIALS')
          : fail(401, AUTH_MESSAGES.robotCheckRequired, 'ROBOT_CHECK_REQUIRED'),
    });
    await user.type(screen.getByLabelText('Email'), 'ana@estudai.dev');
    await user.type(screen.getByLabelText('Senha'), 'errada123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await expectToast('Erro no login', 'E-mail ou senha incorretos.');
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(2);
  });

  it('stores the user and goes to /verify-email after signing in', async () => {
    const { api, user } = await openAuth({ 'POST /api/auth/login': ok(felipe) });
    await user.type(screen.getByLabelText('Email'), ' Felipe@Estudai.dev ');
    await user.type(screen.getByLabelText('Senha'), 'Estudai@2025');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' })).toBeInTheDocument();
    expect(currentPath()).toBe('/verify-email');
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'felipe@estudai.dev',
      password: 'Estudai@2025',
    });
    expect(JSON.parse(localStorage.getItem(CURRENT_USER_KEY) ?? 'null')).toEqual(felipe);
  });

  it('lets a verified user through to the feed', async () => {
    const { user } = await openAuth({ 'POST /api/auth/login': ok(ana) });
    await user.type(screen.getByLabelText('Email'), 'ana@estudai.dev');
    await user.type(screen.getByLabelText('Senha'), 'Estudai@2025');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('shows and hides the password', async () => {
    const { user } = await openAuth();
    const password = screen.getByLabelText('Senha');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows no 'Entrar com Google' when the server has no Google keys", async () => {
    await openAuth();
    expect(screen.queryByText('Entrar com Google')).not.toBeInTheDocument();
  });

  it("links 'Entrar com Google' to the server when Google is configured", async () => {
    await openAuth({ 'GET /api/auth/providers': ok({ google: true }) });
    expect(await screen.findByRole('link', { name: 'Entrar com Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
  });

  it('says why a Google sign-in failed when the server sends the visitor back', async () => {
    mockApi({ 'GET /api/auth/providers': ok({ google: true }) });
    renderApp('/auth?erro=suspended');
    await expectToast('Erro no login', 'Sua conta está suspensa. Entre em contato com o suporte.');
    await waitFor(() => expect(currentPath()).toBe('/auth'));
  });

  it('sends a stored unverified user to /verify-email', async () => {
    mockApi(verificationSent, felipe);
    renderApp('/auth', { storedUser: felipe });
    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' })).toBeInTheDocument();
    expect(currentPath()).toBe('/verify-email');
  });
});

async function openSignUp(type: 'Aluno' | 'Professor' | 'Mentor', handlers = {}) {
  const view = await openAuth(handlers);
  await view.user.click(screen.getByRole('button', { name: 'Criar conta' }));
  await view.user.click(screen.getByRole('button', { name: new RegExp(`^${type}`) }));
  return view;
}

async function fillSignUp(
  user: Awaited<ReturnType<typeof openAuth>>['user'],
  values: { name?: string; email?: string; birthDate?: string; password?: string; confirm?: string },
) {
  if (values.name) await user.type(screen.getByLabelText('Nome completo'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.birthDate) await user.type(screen.getByLabelText('Data de nascimento'), values.birthDate);
  if (values.password) await user.type(screen.getByLabelText('Senha'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirmar senha'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Criar conta' }));
}

describe('/auth sign-up', () => {
  it('offers three user types with their texts, and a way back', async () => {
    const { user } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(
      screen.getByRole('button', { name: /Aluno.*Estou aqui para estudar e aprender/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Professor.*Quero ensinar e compartilhar conhecimento/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Mentor.*Quero orientar e ajudar outros estudantes/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('names the chosen type in the subtitle', async () => {
    await openSignUp('Professor');
    expect(screen.getByText('Complete seu cadastro como Professor')).toBeInTheDocument();
  });

  it('asks for every field', async () => {
    const { api, user } = await openSignUp('Aluno');
    await fillSignUp(user, { name: 'Bia', email: 'bia@exemplo.com', password: 'segredo1' });
    await expectToast('Campos obrigatórios', 'Preencha todos os campos para criar a conta.');
    expect(api.callsTo('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('asks for the birth date in a required date input, and refuses one in the future (issue 25)', async () => {
    const { api, user } = await openSignUp('Aluno');
    const field = screen.getByLabelText('Data de nascimento');
    expect(field).toHaveAttribute('type', 'date');
    expect(field).toBeRequired();
    await fillSignUp(user, {
      name: 'Bia',
      email: 'bia@exemplo.com',
      password: 'segredo1',
      confirm: 'segredo1',
    });
    await expectToast('Campos obrigatórios', 'Preencha todos os campos para criar a conta.');
    await user.type(field, `${new Date().getFullYear() + 1}-01-10`);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await expectToast('Erro no cadastro', 'A data de nascimento não pode estar no futuro.');
    expect(api.callsTo('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('tells a child under 12 that a guardian must create the account, before sending', async () => {
    const { api, user } = await openSignUp('Aluno');
    await fillSignUp(user, {
      name: 'Bia',
      email: 'bia@exemplo.com',
      birthDate: `${new Date().getFullYear() - 8}-01-10`,
      password: 'segredo1',
      confirm: 'segredo1',
    });
    await expectToast('Erro no cadastro', 'um responsável precisa criar a conta junto com você');
    expect(api.callsTo('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('asks for equal passwords', async () => {
    const { user } = await openSignUp('Aluno');
    await fillSignUp(user, {
      name: 'Bia',
      email: 'bia@exemplo.com',
      birthDate: '2005-04-12',
      password: 'segredo1',
      confirm: 'segredo2',
    });
    await expectToast('Senhas não coincidem', 'As senhas devem ser iguais.');
  });

  it('asks for at least 6 characters', async () => {
    const { user } = await openSignUp('Aluno');
    await fillSignUp(user, {
      name: 'Bia',
      email: 'bia@exemplo.com',
      birthDate: '2005-04-12',
      password: '12345',
      confirm: '12345',
    });
    await expectToast('Senha muito curta', 'A senha deve ter pelo menos 6 caracteres.');
  });

  it("shows 'Erro no cadastro' with the server's message", async () => {
    const { user } = await openSignUp('Aluno', {
      'POST /api/auth/signup': fail(409, 'Já existe uma conta com este e-mail.', 'EMAIL_TAKEN'),
    });
    await fillSignUp(user, {
      name: 'Bia',
      email: 'bia@exemplo.com',
      birthDate: '2005-04-12',
      password: 'segredo1',
      confirm: 'segredo1',
    });
    await expectToast('Erro no cadastro', 'Já existe uma conta com este e-mail.');
  });

  it('creates the account as the chosen type and goes to /verify-email', async () => {
    const bia = {
      ...felipe,
      id: 'u-bia',
      displayName: 'Bia Lima',
      email: 'bia@exemplo.com',
      userType: 'mentor' as const,
    };
    const { api, user } = await openSignUp('Mentor', { 'POST /api/auth/signup': ok(bia, 201) });
    await fillSignUp(user, {
      name: 'Bia Lima',
      email: 'bia@exemplo.com',
      birthDate: '2005-04-12',
      password: 'segredo1',
      confirm: 'segredo1',
    });
    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/signup')[0]?.body).toEqual({
      displayName: 'Bia Lima',
      email: 'bia@exemplo.com',
      password: 'segredo1',
      profile: 'mentor',
      birthDate: '2005-04-12',
    });
    expect(JSON.parse(localStorage.getItem(CURRENT_USER_KEY) ?? 'null')).toEqual(bia);
  });
});

describe('/auth forgot password', () => {
  async function openForgot(handlers = {}) {
    const view = await openAuth(handlers);
    await view.user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(screen.getByRole('heading', { name: 'Recuperar senha' })).toBeInTheDocument();
    return view;
  }

  it('asks for the email', async () => {
    const { user } = await openForgot();
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }));
    await expectToast('Email obrigatório', 'Digite seu email para recuperar a senha.');
  });

  it("confirms with 'Email enviado!' and returns to the login", async () => {
    const { api, user } = await openForgot({
      'POST /api/auth/forgot-password': ok({ message: 'Se houver uma conta…' }),
    });
    await user.type(screen.getByLabelText('Email'), 'ana@estudai.dev');
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }));
    await expectToast('Email enviado!', 'Verifique sua caixa de entrada para redefinir sua senha.');
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]?.body).toEqual({ email: 'ana@estudai.dev' });
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
  });

  it("shows 'Erro ao enviar email' when the call fails", async () => {
    const { user } = await openForgot({ 'POST /api/auth/forgot-password': 'network-error' });
    await user.type(screen.getByLabelText('Email'), 'ana@estudai.dev');
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }));
    await expectToast('Erro ao enviar email', 'Servidor não respondeu. Verifique sua conexão.');
  });

  it('goes back to the login', async () => {
    const { user } = await openForgot();
    await user.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument());
  });
});

describe('/auth moving between screens', () => {
  const heading = (name: string) => screen.getByRole('heading', { name });

  it('leaves focus alone on the first screen', async () => {
    await openAuth();
    expect(heading('Entrar')).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it("puts focus on each new screen's heading: type chooser, sign-up form and back", async () => {
    const { user } = await openAuth();
    screen.getByRole('button', { name: 'Criar conta' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(heading('Criar conta')).toHaveFocus());
    expect(heading('Criar conta')).toHaveAccessibleDescription('Como você quer usar o Estudaí?');

    await user.click(screen.getByRole('button', { name: /^Professor/ }));
    await waitFor(() =>
      expect(heading('Criar conta')).toHaveAccessibleDescription('Complete seu cadastro como Professor'),
    );
    expect(heading('Criar conta')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() =>
      expect(heading('Criar conta')).toHaveAccessibleDescription('Como você quer usar o Estudaí?'),
    );
    expect(heading('Criar conta')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(heading('Entrar')).toHaveFocus());
  });

  it("puts focus on 'Recuperar senha', then on 'Entrar' when going back", async () => {
    const { user } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    await waitFor(() => expect(heading('Recuperar senha')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    await waitFor(() => expect(heading('Entrar')).toHaveFocus());
  });

  it("puts focus on 'Entrar' after 'Email enviado!'", async () => {
    const { user } = await openAuth({
      'POST /api/auth/forgot-password': ok({ message: 'Se houver uma conta…' }),
    });
    await user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    await user.type(screen.getByLabelText('Email'), 'ana@estudai.dev{Enter}');
    await expectToast('Email enviado!', 'Verifique sua caixa de entrada para redefinir sua senha.');
    await waitFor(() => expect(heading('Entrar')).toHaveFocus());
  });
});

describe('/auth for a guardian (issue 36)', () => {
  it("creates a guardian's account from the invitation kept on the device, with no type to choose", async () => {
    localStorage.setItem('guardianInvite', 'tok1');
    const marta = {
      ...felipe,
      id: 'u-marta',
      displayName: 'Marta Lima',
      email: 'marta@exemplo.com',
      userType: 'responsavel' as const,
    };
    const api = mockApi({ ...verificationSent, 'POST /api/auth/signup': ok(marta, 201) });
    const { user } = renderApp('/auth?responsavel=1');
    expect(await screen.findByText(/Sua conta de responsável/)).toBeInTheDocument();
    await fillSignUp(user, {
      name: 'Marta Lima',
      email: 'marta@exemplo.com',
      birthDate: '1983-04-12',
      password: 'segredo1',
      confirm: 'segredo1',
    });
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/signup')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/auth/signup')[0]?.body).toEqual({
      displayName: 'Marta Lima',
      email: 'marta@exemplo.com',
      password: 'segredo1',
      profile: 'responsavel',
      birthDate: '1983-04-12',
      guardianInvite: 'tok1',
    });
  });

  it('opens on the usual login without a kept invitation', async () => {
    mockApi(verificationSent);
    renderApp('/auth?responsavel=1');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
  });
});
