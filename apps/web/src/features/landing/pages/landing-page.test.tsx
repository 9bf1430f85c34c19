import { LAUNCH_AT_DEFAULT, ROBOT_CHECK_FAILED_CODE, WAITLIST_MESSAGES } from '@estudai/contract/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, type MockRequest, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';

vi.mock('../../../lib/robot-check/solve-challenge.ts', () => ({
  solveRobotCheck: vi.fn(async () => 'cHJvdmEtZGUtdHJhYmFsaG8='),
}));

const launch = new Date(LAUNCH_AT_DEFAULT).getTime();
const challenge = {
  parameters: { algorithm: 'SHA-256', nonce: 'aa', salt: 'bb', cost: 1, keyLength: 32, keyPrefix: 'cc' },
  signature: 'dd',
};
const landingApi = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/launch': ok({ launchAt: LAUNCH_AT_DEFAULT }),
    'GET /api/altcha/challenge': () =>
      ok({
        ...challenge,
        parameters: { ...challenge.parameters, expiresAt: Math.floor(Date.now() / 1000) + 300 },
      }),
    ...extra,
  });

/** The sections below the first screen render one per task after it; the footer comes last. */
const allSectionsShown = () =>
  waitFor(() => expect(document.querySelector('footer')).not.toBeNull(), { timeout: 5_000 });

const timer = () => screen.getByRole('timer', { name: 'Contagem regressiva para o lançamento' });
const unit = (key: string) => timer().querySelector(`[data-unit="${key}"]`)?.firstChild?.textContent;

describe('landing page: hero and countdown', () => {
  it('counts down to the launch and keeps Testar Demo disabled before it', async () => {
    // 2 days, 1 hour, 1 minute and 1.2 seconds before the launch; the display ticks on whole seconds.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: launch - ((2 * 24 + 1) * 3600 + 61) * 1000 - 200 });
    landingApi();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['02', '01', '01', '01']);
    expect(screen.getByRole('button', { name: 'Testar Demo' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(2_000));
    expect(unit('seconds')).toBe('00');
    act(() => vi.advanceTimersByTime(1_000));
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['02', '01', '00', '59']);
  });

  it('after the launch shows no countdown and calls to sign up instead of the waiting list; Testar Demo opens the demo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: launch + 60_000 });
    landingApi();
    const { user } = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Testar Demo' })).toHaveAttribute('href', '/auth?demo=1');
    expect(screen.getByText('Já estamos no ar!')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Entre na lista de espera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quero ser avisado' })).not.toBeInTheDocument();
    const signUp = screen.getByRole('region', { name: 'Crie sua conta grátis' });
    expect(within(signUp).getByRole('link', { name: 'Já tenho conta' })).toHaveAttribute('href', '/auth');
    await user.click(within(signUp).getByRole('link', { name: 'Criar conta' }));
    // /auth opens on creating an account: the user-type choice.
    expect(await screen.findByText('Como você quer usar o Estudaí?')).toBeInTheDocument();
  });

  it("after the launch, 'Testar Demo' opens the demo account in one tap when the server has one", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: launch + 60_000 });
    landingApi({
      'GET /api/launch': ok({
        launchAt: LAUNCH_AT_DEFAULT,
        demo: { email: 'ana@estudai.dev', password: 'x' },
      }),
    });
    renderApp('/');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Testar Demo' })).toHaveAttribute('href', '/auth?demo=1'),
    );
  });

  it("after the launch, without demo data, the first button is 'Criar conta grátis'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: launch + 60_000 });
    landingApi({ 'GET /api/launch': ok({ launchAt: LAUNCH_AT_DEFAULT, demo: null }) });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Criar conta grátis' })).toHaveAttribute(
      'href',
      '/auth?criar-conta=1',
    );
    expect(screen.queryByRole('link', { name: 'Testar Demo' })).not.toBeInTheDocument();
  });

  it('opens Testar Demo and swaps the countdown and the waiting list for the sign-up call when the launch arrives while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: launch - 1_500 });
    landingApi();
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Testar Demo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Quero ser avisado' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole('link', { name: 'Testar Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quero ser avisado' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/auth?criar-conta=1');
  });

  it('follows the launch date the server is configured with', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: launch + 60_000 });
    landingApi({
      'GET /api/launch': ok({ launchAt: new Date(launch + 3 * 86_400_000 + 5 * 60_000).toISOString() }),
    });
    renderApp('/');
    await screen.findByRole('timer');
    expect(await screen.findByRole('button', { name: 'Testar Demo' })).toBeDisabled();
    expect(unit('days')).toBe('03');
  });

  it("has a visible 'Entrar' link to /auth and a footer © 2025", async () => {
    landingApi();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/auth');
    await allSectionsShown();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025 Estudaí');
  });

  it("scrolls to the install steps with 'Como instalar'", async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    landingApi();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Como instalar' }));
    const section = screen.getByRole('region', { name: 'Como instalar' });
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollIntoView.mock.contexts[0]).toBe(section);
    expect(section).toHaveFocus();
    expect(within(section).getByRole('heading', { name: 'Android (Chrome)' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'iPhone e iPad (Safari)' })).toBeInTheDocument();
  });

  it('shows the five showcases, with sized lazy illustrations, and the six feature cards', async () => {
    landingApi();
    renderApp('/');
    await allSectionsShown();
    const cards = screen.getByRole('region', { name: 'Recursos para cada jeito de estudar' });
    for (const title of [
      'Feed',
      'Grupos de Estudo',
      'Chat',
      'Biblioteca de Vídeos',
      'Perfil e Estatísticas',
    ]) {
      expect(screen.getByText(title, { selector: 'p' })).toBeInTheDocument();
    }
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(5);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
    expect(within(cards).getAllByRole('listitem')).toHaveLength(6);
  });
});

describe('landing page: waiting list (before the launch)', () => {
  // The server's launch date a week ahead: the waiting list is offered only before the launch.
  const beforeLaunchApi = (extra: Parameters<typeof mockApi>[0] = {}) =>
    landingApi({
      'GET /api/launch': ok({ launchAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
      ...extra,
    });

  async function fill(user: ReturnType<typeof renderApp>['user']) {
    await user.type(screen.getByLabelText('Nome'), 'Lia Matos');
    await user.type(screen.getByLabelText('E-mail'), 'lia@exemplo.com');
    await user.type(screen.getByLabelText('Telefone (com DDD)'), '(81) 99999-1234');
    await user.selectOptions(screen.getByLabelText('Objetivo'), 'concursos');
  }
  const submit = () => screen.getByRole('button', { name: 'Quero ser avisado' });

  it('asks for every field, then for the robot check', async () => {
    const api = beforeLaunchApi();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Quero ser avisado' }));
    expect(await screen.findByText(WAITLIST_MESSAGES.required)).toBeInTheDocument();
    await fill(user);
    await user.click(submit());
    expect(await screen.findByText(WAITLIST_MESSAGES.robotCheckRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/recaptcha/validate')).toHaveLength(0);
  });

  it('takes the robot-check message away once the check passes', async () => {
    beforeLaunchApi();
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: 'Quero ser avisado' });
    await fill(user);
    await user.click(submit());
    expect(await screen.findByText(WAITLIST_MESSAGES.robotCheckRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Não sou um robô' }));
    expect(await screen.findByText('Verificado')).toBeInTheDocument();
    expect(screen.queryByText(WAITLIST_MESSAGES.robotCheckRequired)).not.toBeInTheDocument();
  });

  it("takes the server's refusal of the check away once a new check passes", async () => {
    beforeLaunchApi({
      'POST /api/recaptcha/validate': fail(400, WAITLIST_MESSAGES.robotCheckUsed, ROBOT_CHECK_FAILED_CODE),
    });
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: 'Quero ser avisado' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'Não sou um robô' }));
    await screen.findByText('Verificado');
    await user.click(submit());
    expect(await screen.findByText(WAITLIST_MESSAGES.robotCheckUsed)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Não sou um robô' }));
    await screen.findByText('Verificado');
    expect(screen.queryByText(WAITLIST_MESSAGES.robotCheckUsed)).not.toBeInTheDocument();
  });

  it('signs up after the robot check, then clears the fields and resets the check', async () => {
    let sent: MockRequest | undefined;
    beforeLaunchApi({
      'POST /api/recaptcha/validate': (request) => {
        sent = request;
        return ok({ message: WAITLIST_MESSAGES.success }, 201);
      },
    });
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: 'Quero ser avisado' });
    await fill(user);
    const check = screen.getByRole('checkbox', { name: 'Não sou um robô' });
    await user.click(check);
    expect(await screen.findByText('Verificado')).toBeInTheDocument();
    expect(check).toBeChecked();
    await user.click(submit());
    expect(await screen.findByText(WAITLIST_MESSAGES.success)).toBeInTheDocument();
    expect(sent?.body).toEqual({
      name: 'Lia Matos',
      email: 'lia@exemplo.com',
      phone: '(81) 99999-1234',
      objective: 'concursos',
      recaptchaResponse: 'cHJvdmEtZGUtdHJhYmFsaG8=',
    });
    expect(screen.getByLabelText('Nome')).toHaveValue('');
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
    expect(screen.getByLabelText('Telefone (com DDD)')).toHaveValue('');
    expect(screen.getByLabelText('Objetivo')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Não sou um robô' })).not.toBeChecked();
  });

  it("shows the server's message, and asks for a new check when the server refused it", async () => {
    beforeLaunchApi({
      'POST /api/recaptcha/validate': fail(400, WAITLIST_MESSAGES.robotCheckUsed, ROBOT_CHECK_FAILED_CODE),
    });
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: 'Quero ser avisado' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'Não sou um robô' }));
    await screen.findByText('Verificado');
    await user.click(submit());
    expect(await screen.findByText(WAITLIST_MESSAGES.robotCheckUsed)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Não sou um robô' })).not.toBeChecked();
    expect(screen.getByLabelText('Nome')).toHaveValue('Lia Matos');
  });

  it('shows the generic failure when the server does not answer', async () => {
    beforeLaunchApi({ 'POST /api/recaptcha/validate': 'network-error' });
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: 'Quero ser avisado' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'Não sou um robô' }));
    await screen.findByText('Verificado');
    await user.click(submit());
    expect(await screen.findByText(WAITLIST_MESSAGES.failure)).toBeInTheDocument();
  });
});

describe('landing page: share', () => {
  it('copies the link with a toast where there is no share sheet', async () => {
    landingApi();
    const { user } = renderApp('/');
    // After renderApp: user-event puts its own clipboard on navigator when it is set up.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await allSectionsShown();
    await user.click(screen.getByRole('button', { name: 'Compartilhar' }));
    await expectToast(WAITLIST_MESSAGES.linkCopied);
    expect(writeText).toHaveBeenCalledWith(window.location.origin);
  });
});
