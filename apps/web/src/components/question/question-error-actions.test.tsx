import { type CurrentUser, QUESTION_REPORT_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '../../lib/current-user.ts';
import { ana, fail, mockApi, ok } from '../../test/api-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import {
  type ErrorActionsQuestion,
  QuestionErrorActions,
  QuestionStatusBadge,
} from './question-error-actions.tsx';

const M = QUESTION_REPORT_MESSAGES;
const carla: CurrentUser = {
  ...ana,
  id: 'u-carla',
  displayName: 'Carla Mendes',
  username: 'carla',
  userType: 'professor',
};
const admin: CurrentUser = {
  ...ana,
  id: 'u-admin',
  displayName: 'Admin',
  username: 'admin',
  userType: 'admin',
};

const question: ErrorActionsQuestion = {
  postId: 'p1',
  questionIndex: 0,
  authorId: carla.id,
  options: ['x = 2', 'x = 3', 'x = 6', 'x = −3'],
  correctAnswer: 1,
  status: 'ativa',
};

const outcome = (overrides = {}) => ({
  postId: 'p1',
  questionIndex: 0,
  correctAnswer: 2,
  status: 'ativa',
  nowWrong: 3,
  nowRight: 1,
  reportsClosed: 2,
  message: M.keyCorrected,
  ...overrides,
});

function renderAs(
  user: CurrentUser,
  handlers = {},
  props: { answered?: boolean; q?: ErrorActionsQuestion } = {},
) {
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  const api = mockApi(handlers, user);
  const view = renderWithProviders(
    <QuestionErrorActions question={props.q ?? question} answered={props.answered ?? true} />,
  );
  return { ...api, ...view };
}

describe('Reportar erro na questão', () => {
  it('sends the reason and, for Outro, the text it needs, then shows the server’s message', async () => {
    const { user, calls } = renderAs(ana, {
      'POST /api/posts/p1/question-reports': ok({ message: M.reported }, 201),
    });
    expect(screen.queryByRole('button', { name: M.correctKeyAction })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: M.reportAction }));
    const dialog = await screen.findByRole('dialog', { name: M.reportTitle });
    const send = await within(dialog).findByRole('button', { name: M.send });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Outro'));
    // 'Outro' needs its text before it goes.
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText(M.textLabel), 'A figura não aparece.');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText(M.reported)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/posts/p1/question-reports')?.body).toEqual({
      reason: 'outro',
      text: 'A figura não aparece.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends gabarito errado without a text, and a quiz question’s index', async () => {
    const { user, calls } = renderAs(
      ana,
      { 'POST /api/posts/p1/question-reports': ok({ message: M.reported }, 201) },
      { q: { ...question, questionIndex: 2 } },
    );
    await user.click(await screen.findByRole('button', { name: M.reportAction }));
    const dialog = await screen.findByRole('dialog', { name: M.reportTitle });
    await user.click(within(dialog).getByLabelText('Gabarito errado'));
    await user.click(within(dialog).getByRole('button', { name: M.send }));
    expect(await screen.findByText(M.reported)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/posts/p1/question-reports')?.body).toEqual({
      questionIndex: 2,
      reason: 'gabarito_errado',
    });
  });

  it('is not offered before the reader answered', async () => {
    renderAs(ana, {}, { answered: false });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: M.reportAction })).not.toBeInTheDocument(),
    );
  });
});

describe('the author’s actions', () => {
  it('corrects the key: picks the right alternative, confirms, and shows the server’s message', async () => {
    const { user, calls } = renderAs(carla, { 'POST /api/posts/p1/key': ok(outcome()) }, { answered: false });
    expect(screen.queryByRole('button', { name: M.reportAction })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: M.correctKeyAction }));
    const dialog = await screen.findByRole('dialog', { name: M.correctKeyTitle });
    const confirm = await within(dialog).findByRole('button', { name: M.correctKeyConfirm });
    // The key it already has is no correction.
    await user.click(within(dialog).getByRole('radio', { name: /x = 3/ }));
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /x = 6/ }));
    await user.click(confirm);
    expect(await screen.findByText(M.keyCorrected)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/posts/p1/key')?.body).toEqual({ correctAnswer: 2 });
  });

  it('anuls the question after a confirmation, and shows the server’s refusal when it already was', async () => {
    const { user, calls } = renderAs(carla, {
      'POST /api/posts/p1/status': fail(409, M.alreadyAnulada, 'QUESTION_STATUS_UNCHANGED'),
    });
    await user.click(await screen.findByRole('button', { name: M.anularAction }));
    const dialog = await screen.findByRole('dialog', { name: M.anularAction });
    expect(within(dialog).getByText(M.anularConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: M.anularAction }));
    expect(await screen.findByText(M.alreadyAnulada)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/posts/p1/status')?.body).toEqual({ status: 'anulada' });
  });

  it('lets an admin mark someone’s question desatualizada; an anulada one offers no more marks', async () => {
    const { user, calls, unmount } = renderAs(admin, {
      'POST /api/posts/p1/status': ok(outcome({ status: 'desatualizada', message: M.markedDesatualizada })),
    });
    await user.click(await screen.findByRole('button', { name: M.desatualizadaAction }));
    const dialog = await screen.findByRole('dialog', { name: M.desatualizadaAction });
    await user.click(within(dialog).getByRole('button', { name: M.desatualizadaAction }));
    expect(await screen.findByText(M.markedDesatualizada)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/posts/p1/status')?.body).toEqual({
      status: 'desatualizada',
    });
    unmount();
    renderAs(carla, {}, { q: { ...question, status: 'anulada' } });
    expect(await screen.findByRole('button', { name: M.correctKeyAction })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.anularAction })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.desatualizadaAction })).not.toBeInTheDocument();
  });
});

describe('QuestionStatusBadge', () => {
  it('shows Anulada and Desatualizada, nothing for an active question', () => {
    mockApi();
    const { rerender } = renderWithProviders(<QuestionStatusBadge status="anulada" />);
    expect(screen.getByText('Anulada')).toBeInTheDocument();
    rerender(<QuestionStatusBadge status="desatualizada" />);
    expect(screen.getByText('Desatualizada')).toBeInTheDocument();
    rerender(<QuestionStatusBadge status="ativa" />);
    expect(screen.queryByText('Desatualizada')).not.toBeInTheDocument();
    expect(screen.queryByText('Anulada')).not.toBeInTheDocument();
  });
});
