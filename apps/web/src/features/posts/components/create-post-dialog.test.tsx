import { MEDIA_ALT_MAX } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, fail, lastPage, mockApi, ok } from '../../../test/api-mock.ts';
import { makeGroup } from '../../../test/groups.ts';
import { teenOf } from '../../../test/me.ts';
import { makePost, page } from '../../../test/posts.ts';
import { currentPath, renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { FOLLOWERS_ONLY_AUDIENCE } from './create-post-dialog.tsx';

async function openDialog(handlers = {}) {
  const api = mockApi({ 'GET /api/posts': page([]), ...handlers }, ana);
  const view = renderApp('/?create-post=1', { storedUser: ana });
  const dialog = await screen.findByRole('dialog', { name: 'Criar novo post' });
  return { api, dialog, ...view };
}

const publish = () => screen.getByRole('button', { name: 'Publicar' });

describe('create-post dialog', () => {
  it('opens from ?create-post=1 and takes the parameter off the address', async () => {
    await openDialog();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(screen.getByRole('radio', { name: 'Texto' })).toBeChecked();
    expect(screen.getByLabelText('Publicar em')).toHaveDisplayValue('Feed principal');
  });

  it('tells a teen with a followers-only profile who will see a main-feed post (issue 36)', async () => {
    const lucas = { ...ana, id: 'u-lucas', displayName: 'Lucas Lima' };
    mockApi(
      {
        'GET /api/posts': page([]),
        'GET /api/auth/session': ok(teenOf(lucas, { protectedMode: false })),
        'GET /api/study-groups/my': lastPage([makeGroup({ id: 'g1', name: 'Física para o ENEM' })]),
      },
      lucas,
    );
    const { user } = renderApp('/?create-post=1', { storedUser: lucas });
    await screen.findByRole('dialog', { name: 'Criar novo post' });
    const audience = screen.getByLabelText('Publicar em');
    expect(await screen.findByText(FOLLOWERS_ONLY_AUDIENCE)).toBeInTheDocument();
    expect(audience).toHaveAccessibleDescription(FOLLOWERS_ONLY_AUDIENCE);
    // A group's post is seen by the group: the note is for the main feed only.
    await user.selectOptions(audience, await screen.findByRole('option', { name: 'Física para o ENEM' }));
    expect(screen.queryByText(FOLLOWERS_ONLY_AUDIENCE)).not.toBeInTheDocument();
  });

  it('says nothing of the audience to someone whose profile is public', async () => {
    await openDialog();
    expect(screen.getByLabelText('Publicar em')).toHaveDisplayValue('Feed principal');
    expect(screen.queryByText(FOLLOWERS_ONLY_AUDIENCE)).not.toBeInTheDocument();
  });

  it('offers the six post types', async () => {
    const { dialog } = await openDialog();
    const types = within(within(dialog).getByRole('group', { name: 'Tipo de post' })).getAllByRole('radio');
    expect(types.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Texto',
      'Questão',
      'Enquete',
      'Quiz',
      'Foto',
      'Anexo',
    ]);
  });

  it("asks for content in a text post: 'Digite algum conteúdo para o post.'", async () => {
    const { api, user } = await openDialog();
    await user.type(screen.getByLabelText('Conteúdo'), '   ');
    await user.click(publish());
    await expectToast('Erro', 'Digite algum conteúdo para o post.');
    expect(api.callsTo('POST', '/api/posts')).toHaveLength(0);
  });

  it("asks for the question: 'Digite a pergunta.'", async () => {
    const { api, user } = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'Questão' }));
    await user.type(screen.getByLabelText('Alternativa A'), '1');
    await user.click(publish());
    await expectToast('Erro', 'Digite a pergunta.');
    expect(api.callsTo('POST', '/api/posts')).toHaveLength(0);
  });

  it("asks for the poll's question: 'Digite a pergunta da enquete.'", async () => {
    const { api, user } = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'Enquete' }));
    await user.type(screen.getByLabelText('Opção 1'), 'Sim');
    await user.click(publish());
    await expectToast('Erro', 'Digite a pergunta da enquete.');
    expect(api.callsTo('POST', '/api/posts')).toHaveLength(0);
  });

  it('publishes a question with four alternatives A–D and the one marked correct', async () => {
    const { api, user } = await openDialog({ 'POST /api/posts': ok(makePost(), 201) });
    await user.click(screen.getByRole('radio', { name: 'Questão' }));
    await user.type(screen.getByLabelText('Pergunta'), 'Quanto é $2^3$?');
    for (const [letter, text] of [
      ['A', '6'],
      ['B', '8'],
      ['C', '9'],
      ['D', '16'],
    ]) {
      await user.type(screen.getByLabelText(`Alternativa ${letter}`), text as string);
    }
    expect(screen.getByRole('radio', { name: 'A é a correta' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'B é a correta' }));
    await user.type(screen.getByLabelText('Explicação (opcional)'), '2·2·2 = 8');
    await user.click(publish());
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.');
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toEqual({
      type: 'question',
      content: '',
      studyGroupId: null,
      questionData: {
        question: 'Quanto é $2^3$?',
        options: ['6', '8', '9', '16'],
        correctAnswer: 1,
        explanation: '2·2·2 = 8',
      },
    });
  });

  it("takes a fifth alternative E with 'Adicionar alternativa', and 'Remover' moves the key with its alternative", async () => {
    const { api, user } = await openDialog({ 'POST /api/posts': ok(makePost(), 201) });
    await user.click(screen.getByRole('radio', { name: 'Questão' }));
    await user.type(screen.getByLabelText('Pergunta'), 'Capital do Brasil?');
    await user.click(screen.getByRole('button', { name: 'Adicionar alternativa' }));
    expect(screen.queryByRole('button', { name: 'Adicionar alternativa' })).not.toBeInTheDocument();
    for (const [letter, text] of [
      ['A', 'Rio'],
      ['B', 'Salvador'],
      ['C', 'São Paulo'],
      ['D', 'Recife'],
      ['E', 'Brasília'],
    ])
      await user.type(screen.getByLabelText(`Alternativa ${letter}`), text as string);
    await user.click(screen.getByRole('radio', { name: 'E é a correta' }));
    await user.click(publish());
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.');
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toMatchObject({
      questionData: { options: ['Rio', 'Salvador', 'São Paulo', 'Recife', 'Brasília'], correctAnswer: 4 },
    });
  });

  it("removes an alternative down to two, and 'Certo/Errado' fills Cebraspe's two in one tap", async () => {
    const { api, user } = await openDialog({ 'POST /api/posts': ok(makePost(), 201) });
    await user.click(screen.getByRole('radio', { name: 'Questão' }));
    await user.type(screen.getByLabelText('Pergunta'), 'A derivada de x² é 2x.');
    await user.type(screen.getByLabelText('Alternativa D'), 'quarta');
    await user.click(screen.getByRole('radio', { name: 'D é a correta' }));
    await user.click(screen.getByRole('button', { name: 'Remover alternativa A' }));
    expect(screen.queryByLabelText('Alternativa D')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Alternativa C')).toHaveValue('quarta');
    expect(screen.getByRole('radio', { name: 'C é a correta' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Certo/Errado' }));
    expect(screen.getByLabelText('Alternativa A')).toHaveValue('Certo');
    expect(screen.getByLabelText('Alternativa B')).toHaveValue('Errado');
    expect(screen.queryByLabelText('Alternativa C')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remover alternativa/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'B é a correta' }));
    await user.click(publish());
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.');
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toMatchObject({
      questionData: { options: ['Certo', 'Errado'], correctAnswer: 1 },
    });
  });

  it("sends a question's subject, topic, exam and year, and offers the same ones on the next question", async () => {
    const { api, user } = await openDialog({ 'POST /api/posts': ok(makePost(), 201) });
    await user.click(screen.getByRole('radio', { name: 'Questão' }));
    await user.type(screen.getByLabelText('Pergunta'), 'Zero de f(x) = 2x − 6?');
    for (const letter of ['A', 'B', 'C', 'D'])
      await user.type(screen.getByLabelText(`Alternativa ${letter}`), letter);
    await user.selectOptions(screen.getByLabelText('Matéria'), 'Matemática');
    await user.type(screen.getByLabelText('Assunto'), '  Funções ');
    await user.selectOptions(screen.getByLabelText('Banca'), 'ENEM');
    await user.selectOptions(screen.getByLabelText('Ano'), '2023');
    await user.click(publish());
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.');
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toMatchObject({
      questionData: { subject: 'matematica', topic: 'Funções', exam: 'enem', year: 2023 },
    });

    // The next question, and each new one of a quiz, start with the author's last choices.
    await user.click(screen.getByRole('button', { name: 'Criar novo post' }));
    await screen.findByRole('dialog', { name: 'Criar novo post' });
    await user.click(screen.getByRole('radio', { name: 'Quiz' }));
    expect(screen.getByLabelText('Matéria')).toHaveDisplayValue('Matemática');
    expect(screen.getByLabelText('Assunto')).toHaveValue('Funções');
    await user.selectOptions(screen.getByLabelText('Banca'), 'FUVEST');
    await user.click(screen.getByRole('button', { name: 'Adicionar questão' }));
    const banks = screen.getAllByLabelText('Banca');
    expect(banks.map((select) => (select as HTMLSelectElement).value)).toEqual(['fuvest', 'fuvest']);
  });

  it('keeps poll options between 2 and 6, lets only the third on be removed, and drops blanks', async () => {
    const { api, user } = await openDialog({ 'POST /api/posts': ok(makePost(), 201) });
    await user.click(screen.getByRole('radio', { name: 'Enquete' }));
    expect(screen.getAllByLabelText(/^Opção \d$/)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Remover opção/ })).not.toBeInTheDocument();

    const add = screen.getByRole('button', { name: 'Adicionar opção' });
    for (let i = 0; i < 4; i++) await user.click(add);
    expect(screen.getAllByLabelText(/^Opção \d$/)).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Adicionar opção' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover opção 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover opção 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover opção 6' }));
    await user.click(screen.getByRole('button', { name: 'Remover opção 5' }));
    expect(screen.getAllByLabelText(/^Opção \d$/)).toHaveLength(4);

    await user.type(screen.getByLabelText('Pergunta da enquete'), 'Melhor horário?');
    await user.type(screen.getByLabelText('Opção 1'), ' Manhã ');
    await user.type(screen.getByLabelText('Opção 3'), 'Noite');
    await user.click(publish());
    await expectToast('Post criado!');
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toMatchObject({
      type: 'poll',
      pollData: { question: 'Melhor horário?', options: ['Manhã', 'Noite'] },
    });
  });

  it('refuses a poll with fewer than two filled options', async () => {
    const { api, user } = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'Enquete' }));
    await user.type(screen.getByLabelText('Pergunta da enquete'), 'Melhor horário?');
    await user.type(screen.getByLabelText('Opção 1'), 'Manhã');
    await user.click(publish());
    await expectToast('Erro', 'A enquete precisa de 2 a 6 opções preenchidas.');
    expect(api.callsTo('POST', '/api/posts')).toHaveLength(0);
  });

  it("says which quiz question is empty: 'Digite a pergunta da questão 2.'", async () => {
    const { api, user } = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'Quiz' }));
    await user.type(screen.getByLabelText('Título do quiz'), 'Revisão');
    const first = screen.getByRole('group', { name: 'Questão 1' });
    await user.type(within(first).getByLabelText('Pergunta'), 'Quanto é 2 + 2?');
    await user.click(screen.getByRole('button', { name: 'Adicionar questão' }));
    await user.click(publish());
    await expectToast('Erro', 'Digite a pergunta da questão 2.');
    expect(api.callsTo('POST', '/api/posts')).toHaveLength(0);
  });

  it('never removes the first quiz question and adds as many as asked', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'Quiz' }));
    expect(screen.getByRole('group', { name: 'Questão 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover questão 1' })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Adicionar questão' });
    for (let i = 0; i < 7; i++) await user.click(add);
    expect(screen.getByRole('group', { name: 'Questão 8' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover questão 2' }));
    expect(screen.queryByRole('group', { name: 'Questão 8' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover questão 1' })).not.toBeInTheDocument();
  });

  it('adds media links with Enter: trimmed, never empty or repeated, each removable', async () => {
    const { api, user } = await openDialog({ 'POST /api/posts': ok(makePost(), 201) });
    await user.click(screen.getByRole('radio', { name: 'Anexo' }));
    const input = screen.getByLabelText('Link do anexo');
    await user.type(input, '   {Enter}');
    expect(screen.queryByRole('list', { name: 'Links adicionados' })).not.toBeInTheDocument();

    await user.type(input, '  https://exemplo.com/a.pdf  {Enter}');
    expect(input).toHaveValue('');
    const list = screen.getByRole('list', { name: 'Links adicionados' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['https://exemplo.com/a.pdf']);

    await user.type(input, 'https://exemplo.com/a.pdf{Enter}');
    await expectToast('Erro', 'Esse link já foi adicionado.');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    await user.clear(input);
    await user.type(input, 'https://exemplo.com/b.pdf{Enter}');
    await user.type(input, 'https://exemplo.com/c.pdf{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remover https://exemplo.com/b.pdf' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['https://exemplo.com/a.pdf', 'https://exemplo.com/c.pdf']);
    // Enter added links; it did not send the form.
    expect(api.callsTo('POST', '/api/posts')).toHaveLength(0);

    await user.click(publish());
    await expectToast('Post criado!');
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toMatchObject({
      type: 'attachment',
      mediaUrls: ['https://exemplo.com/a.pdf', 'https://exemplo.com/c.pdf'],
    });
  });

  it('shows each photo as a thumbnail with a description for screen readers, sent as its alt text (issue 36)', async () => {
    const { api, user } = await openDialog({ 'POST /api/posts': ok(makePost(), 201) });
    await user.click(screen.getByRole('radio', { name: 'Foto' }));
    const input = screen.getByLabelText('Link da imagem');
    await user.type(input, 'https://exemplo.com/a.png{Enter}');
    const list = screen.getByRole('list', { name: 'Imagens adicionadas' });
    // A thumbnail, not the raw address.
    expect(list).not.toHaveTextContent('https://exemplo.com/a.png');
    expect(within(list).getByRole('presentation')).toHaveAttribute('src', 'https://exemplo.com/a.png');
    const single = within(list).getByLabelText('Descrição da imagem (para leitores de tela)');
    expect(single).toHaveAttribute('maxLength', String(MEDIA_ALT_MAX));

    await user.type(input, 'https://exemplo.com/b.png{Enter}');
    await user.type(input, 'https://exemplo.com/c.png{Enter}');
    await user.type(
      screen.getByLabelText('Descrição da imagem 1 (para leitores de tela)'),
      '  Mapa mental de genética  ',
    );
    await user.type(
      screen.getByLabelText('Descrição da imagem 3 (para leitores de tela)'),
      'Tabela periódica',
    );
    await user.click(screen.getByRole('button', { name: 'Remover imagem 2' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByLabelText('Descrição da imagem 2 (para leitores de tela)')).toHaveValue(
      'Tabela periódica',
    );

    await user.click(publish());
    await expectToast('Post criado!');
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toMatchObject({
      type: 'photo',
      mediaUrls: ['https://exemplo.com/a.png', 'https://exemplo.com/c.png'],
      mediaAlts: ['Mapa mental de genética', 'Tabela periódica'],
    });
  });

  it('shows Publicando... while sending, then closes, resets and refreshes the feed', async () => {
    let release: () => void = () => {};
    const { api, user } = await openDialog({
      'POST /api/posts': () =>
        new Promise((resolve) => {
          release = () => resolve(ok(makePost({ content: 'Resumo de Física' }), 201));
        }),
    });
    await user.type(screen.getByLabelText('Conteúdo'), '  Resumo de Física  ');
    const feedLoads = api.callsTo('GET', '/api/posts').length;
    await user.click(publish());
    expect(await screen.findByRole('button', { name: 'Publicando...' })).toBeDisabled();
    release();
    await expectToast('Post criado!', 'Seu post foi publicado com sucesso.');
    expect(screen.queryByRole('dialog', { name: 'Criar novo post' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts')[0]?.body).toEqual({
      type: 'text',
      content: 'Resumo de Física',
      studyGroupId: null,
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/posts')).toHaveLength(feedLoads + 1));

    await user.click(screen.getByRole('button', { name: 'Compartilhe algo com a comunidade...' }));
    expect(await screen.findByLabelText('Conteúdo')).toHaveValue('');
  });

  it("says 'Não foi possível criar o post. Tente novamente.' when the server refuses", async () => {
    const { user } = await openDialog({ 'POST /api/posts': fail(500, 'Falhou') });
    await user.type(screen.getByLabelText('Conteúdo'), 'Oi');
    await user.click(publish());
    const toastElement = await expectToast('Erro', 'Não foi possível criar o post. Tente novamente.');
    expect(toastElement).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('dialog', { name: 'Criar novo post' })).toBeInTheDocument();
    expect(screen.getByLabelText('Conteúdo')).toHaveValue('Oi');
  });
});
