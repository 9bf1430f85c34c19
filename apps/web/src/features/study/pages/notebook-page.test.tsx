import { NOTEBOOK_NOTE_MAX } from '@estudai/contract/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { notebookEntry } from '../testing/study-fixtures.ts';

/** A lazy page's first render on a busy machine may take longer than findBy's default second. */
const FIRST_RENDER = { timeout: 5_000 };

const summary = { total: 1, dueNow: 1, bySubject: [{ subject: 'matematica', count: 1 }] };

function openNotebook(handlers = {}) {
  const api = mockApi(
    {
      'GET /api/notebook': {
        status: 200,
        body: { data: [notebookEntry()], hasMore: false, nextCursor: null },
      },
      'GET /api/notebook/summary': ok(summary),
      'GET /api/reviews/reminder': ok({ enabled: false, hour: 19 }),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp('/caderno', { storedUser: ana }) };
}

describe('caderno de erros', { timeout: 15_000 }, () => {
  it('shows each entry under its subject with the count, why it is there and when it comes back', async () => {
    openNotebook();
    const group = await screen.findByRole('region', { name: 'Matemática' }, FIRST_RENDER);
    expect(within(group).getByRole('heading', { name: /Matemática\s*1 questão/ })).toBeInTheDocument();
    const entry = within(group).getByRole('article');
    expect(within(entry).getByText('Errada')).toBeInTheDocument();
    expect(within(entry).getByText('Revisar agora')).toBeInTheDocument();
    expect(within(entry).getByRole('radio', { name: 'x = 3 (resposta correta)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revisão, 1 para revisar' })).toBeInTheDocument();
  });

  it("counts the note's characters, stops at 1,000 and saves it with PATCH", async () => {
    const { api, user } = openNotebook({
      'PATCH /api/notebook/e-funcao': (request: { body: { note: string } }) =>
        ok(notebookEntry({ note: request.body.note })),
    });
    const note = await screen.findByRole('textbox', { name: 'Por que errei?' }, FIRST_RENDER);
    const save = screen.getByRole('button', { name: 'Salvar anotação' });
    expect(screen.getByText(`0/${NOTEBOOK_NOTE_MAX} caracteres`)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(note, 'Troquei o sinal');
    expect(screen.getByText(`15/${NOTEBOOK_NOTE_MAX} caracteres`)).toBeInTheDocument();
    // Pasting more than the limit keeps the first 1,000 characters.
    fireEvent.change(note, { target: { value: 'a'.repeat(NOTEBOOK_NOTE_MAX + 20) } });
    expect(note).toHaveValue('a'.repeat(NOTEBOOK_NOTE_MAX));
    expect(screen.getByText(`${NOTEBOOK_NOTE_MAX}/${NOTEBOOK_NOTE_MAX} caracteres`)).toBeInTheDocument();

    await user.clear(note);
    await user.type(note, 'Troquei o sinal ao isolar x');
    await user.click(save);
    await expectToast('Anotação salva');
    expect(api.callsTo('PATCH', '/api/notebook/e-funcao')[0]?.body).toEqual({
      note: 'Troquei o sinal ao isolar x',
    });
    expect(save).toBeDisabled();
  });

  it('removes an entry only after confirmation', async () => {
    const { api, user } = openNotebook({ 'DELETE /api/notebook/e-funcao': ok({ id: 'e-funcao' }) });
    await user.click(await screen.findByRole('button', { name: 'Remover' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Remover do caderno?' });
    expect(api.callsTo('DELETE', '/api/notebook/e-funcao')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await expectToast('Questão removida do caderno.');
    expect(api.callsTo('DELETE', '/api/notebook/e-funcao')).toHaveLength(1);
  });

  it('says when the caderno is empty', async () => {
    openNotebook({
      'GET /api/notebook': { status: 200, body: { data: [], hasMore: false, nextCursor: null } },
      'GET /api/notebook/summary': ok({ total: 0, dueNow: 0, bySubject: [] }),
    });
    expect(
      await screen.findByText(
        'Seu caderno está vazio. Questões que você errar aparecem aqui.',
        {},
        FIRST_RENDER,
      ),
    ).toBeInTheDocument();
  });
});
