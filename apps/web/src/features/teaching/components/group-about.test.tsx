import { TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockRequest, ok } from '../../../test/api-mock.ts';
import { makeGroup, memberGroup, ownGroup, renderGroup } from '../../../test/groups.ts';
import { expectToast } from '../../../test/toast.ts';
import { GROUP_API, makeAnnouncement, makeGroupPage } from '../testing/teaching-fixtures.ts';

const SLOW_MS = 20_000;
const about = () => screen.findByRole('region', { name: M.aboutTitle });

describe('the group page for prospective members', { timeout: SLOW_MS }, () => {
  it('shows a visitor what they will learn, the syllabus, the FAQ and the reviews, above the way in', async () => {
    const { user } = renderGroup(makeGroup(), { [`GET ${GROUP_API}/page`]: ok(makeGroupPage()) });
    const section = await about();
    expect(within(section).getByRole('heading', { name: M.learnOutcomesTitle })).toBeInTheDocument();
    const outcomes = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(outcomes).toContain('Resolver questões de cinemática do ENEM');
    expect(outcomes).toContain('Montar diagramas de forças');
    expect(within(section).getByText('Módulo 1: Cinemática')).toBeInTheDocument();
    expect(section).toHaveTextContent('2 aulas');
    await user.click(within(section).getByText('Módulo 1: Cinemática'));
    expect(within(section).getByText('Queda livre')).toBeVisible();
    expect(within(section).getByRole('heading', { name: M.faqTitle })).toBeInTheDocument();
    await user.click(within(section).getByText('As aulas ficam gravadas?'));
    expect(within(section).getByText('Sim, por 6 meses.')).toBeVisible();
    expect(within(section).getByRole('heading', { name: M.reviewsTitle })).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '5 de 5 estrelas' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Didática excelente!');
    // A visitor cannot edit it; the way in comes after it.
    expect(within(section).queryByRole('button', { name: M.editGroupPage })).not.toBeInTheDocument();
    const join = screen.getByRole('button', { name: /Entrar no grupo/ });
    expect(section.compareDocumentPosition(join) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing to a member while the owner has written nothing', async () => {
    renderGroup(memberGroup());
    expect(await screen.findByRole('tab', { name: 'Posts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: M.aboutTitle })).not.toBeInTheDocument();
  });

  it('lets the owner write the page: modules with a lesson per line and a question, checked before the call', async () => {
    let saved = makeGroupPage({ learnOutcomes: '', syllabus: [], faq: [], reviews: [] });
    const { api, user } = renderGroup(ownGroup(), {
      [`GET ${GROUP_API}/page`]: () => ok(saved),
      [`PUT ${GROUP_API}/page`]: ({ body }: MockRequest) => {
        saved = { ...(body as typeof saved), reviews: [] };
        return ok(saved);
      },
    });
    const section = await about();
    expect(section).toHaveTextContent(M.groupPageEmpty);
    await user.click(within(section).getByRole('button', { name: M.editGroupPage }));
    const dialog = await screen.findByRole('dialog', { name: M.editGroupPage });
    await user.type(within(dialog).getByLabelText(M.learnOutcomesTitle), 'Dominar a cinemática');
    await user.click(within(dialog).getByRole('button', { name: M.addModule }));
    await user.type(within(dialog).getByLabelText(M.syllabusLessons), 'Vetores{Enter}{Enter}Queda livre');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar página' }));
    expect(await within(dialog).findByText(M.syllabusModuleRequired)).toBeInTheDocument();
    expect(api.callsTo('PUT', `${GROUP_API}/page`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(M.syllabusModuleTitle), 'Cinemática');
    await user.click(within(dialog).getByRole('button', { name: M.addFaq }));
    await user.type(within(dialog).getByLabelText(M.faqQuestion), 'Tem certificado?');
    await user.type(within(dialog).getByLabelText(M.faqAnswer), 'Não.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar página' }));
    await expectToast(M.groupPageSaved);
    expect(api.callsTo('PUT', `${GROUP_API}/page`)[0]?.body).toEqual({
      learnOutcomes: 'Dominar a cinemática',
      syllabus: [{ title: 'Cinemática', lessons: ['Vetores', 'Queda livre'] }],
      faq: [{ question: 'Tem certificado?', answer: 'Não.' }],
    });
    expect(screen.queryByRole('dialog', { name: M.editGroupPage })).not.toBeInTheDocument();
    expect(within(section).getByText('Módulo 1: Cinemática')).toBeInTheDocument();
    expect(within(section).getByText('Tem certificado?')).toBeInTheDocument();

    // Removing the only question and saving sends an empty FAQ.
    await user.click(within(section).getByRole('button', { name: M.editGroupPage }));
    const again = await screen.findByRole('dialog', { name: M.editGroupPage });
    expect(within(again).getByLabelText(M.faqQuestion)).toHaveValue('Tem certificado?');
    await user.click(within(again).getByRole('button', { name: M.removeFaq(1) }));
    await user.click(within(again).getByRole('button', { name: 'Salvar página' }));
    await expectToast(M.groupPageSaved);
    expect(api.callsTo('PUT', `${GROUP_API}/page`)[1]?.body).toMatchObject({ faq: [] });
  });

  it("shows the server's refusal in the form", async () => {
    const { user } = renderGroup(ownGroup(), {
      [`PUT ${GROUP_API}/page`]: fail(403, 'Apenas o dono do grupo pode fazer isso.', 'FORBIDDEN'),
    });
    await user.click(within(await about()).getByRole('button', { name: M.editGroupPage }));
    const dialog = await screen.findByRole('dialog', { name: M.editGroupPage });
    await user.type(within(dialog).getByLabelText(M.learnOutcomesTitle), 'Algo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar página' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Apenas o dono do grupo pode fazer isso.',
    );
  });
});

describe('older announcements', { timeout: SLOW_MS }, () => {
  it('are a tap away under the pinned one, newest first', async () => {
    const { user } = renderGroup(memberGroup(), {
      [`GET ${GROUP_API}/announcements`]: ok([
        makeAnnouncement(),
        makeAnnouncement({ id: 'an-2', content: 'Lista 3 publicada', isPinned: false }),
        makeAnnouncement({ id: 'an-3', content: 'Bem-vindos ao grupo', isPinned: false }),
      ]),
    });
    const pinned = await screen.findByRole('region', { name: M.announcementsTitle });
    expect(within(pinned).queryByText('Lista 3 publicada')).not.toBeInTheDocument();
    const toggle = within(pinned).getByRole('button', { name: M.olderAnnouncements(2) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = within(pinned).getByRole('list', { name: M.olderAnnouncements(2) });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Lista 3 publicada'), expect.stringContaining('Bem-vindos ao grupo')]);
    await user.click(within(pinned).getByRole('button', { name: M.hideOlderAnnouncements }));
    expect(within(pinned).queryByText('Lista 3 publicada')).not.toBeInTheDocument();
  });

  it('offer no toggle when there is only the pinned one', async () => {
    renderGroup(memberGroup(), { [`GET ${GROUP_API}/announcements`]: ok([makeAnnouncement()]) });
    const pinned = await screen.findByRole('region', { name: M.announcementsTitle });
    expect(within(pinned).queryByRole('button')).not.toBeInTheDocument();
  });
});
