import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, mockApi, ok } from '../../../test/api-mock.ts';
import { page, pollPost } from '../../../test/posts.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { formatPollTimeLeft } from '../poll-expiry.ts';

const HOUR = 3_600_000;

describe('poll expiry text', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();

  it("says 'N dias restantes' while more than 24 h remain", () => {
    expect(formatPollTimeLeft(inHours(72), now)).toBe('3 dias restantes');
    expect(formatPollTimeLeft(inHours(24 * 5 + 3), now)).toBe('5 dias restantes');
  });

  it("says 'Nh restantes' within the last 24 h", () => {
    expect(formatPollTimeLeft(inHours(24), now)).toBe('24h restantes');
    expect(formatPollTimeLeft(inHours(5), now)).toBe('5h restantes');
    expect(formatPollTimeLeft(inHours(0.25), now)).toBe('1h restantes');
  });

  it('says nothing once the poll is closed', () => {
    expect(formatPollTimeLeft(inHours(-1), now)).toBeNull();
  });
});

describe('poll card', () => {
  it('votes with one click and then shows percentages and bars', async () => {
    const post = pollPost({
      pollData: { ...pollPost().pollData!, expiresAt: new Date(Date.now() + 50 * HOUR).toISOString() },
    });
    const api = mockApi(
      {
        'GET /api/posts': page([post]),
        'POST /api/posts/p-poll/vote': ok({
          ...post,
          viewerVote: 0,
          pollData: {
            ...post.pollData!,
            options: [
              { text: 'Física', votes: 2 },
              { text: 'Química', votes: 3 },
            ],
            totalVotes: 5,
          },
        }),
      },
      ana,
    );
    const { user } = renderApp('/', { storedUser: ana });
    await screen.findByText('Qual matéria revisar hoje?');
    expect(screen.getByText('Enquete')).toBeInTheDocument();
    expect(screen.getByText('2 dias restantes')).toBeInTheDocument();
    expect(screen.queryByText('%', { exact: false })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Física' }));
    const results = await screen.findByRole('list', { name: 'Resultado da enquete' });
    expect(api.callsTo('POST', '/api/posts/p-poll/vote')[0]?.body).toEqual({ optionIndex: 0 });
    const [physics, chemistry] = within(results).getAllByRole('listitem') as HTMLElement[];
    expect(physics).toHaveTextContent('40%');
    expect(physics).toHaveTextContent('Seu voto');
    expect(chemistry).toHaveTextContent('60%');
    expect(within(physics as HTMLElement).getByTestId('poll-bar')).toHaveStyle({ width: '40%' });
    expect(screen.getByText('5 votos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Física' })).not.toBeInTheDocument();
  });

  it('shows the results of a closed poll without voting', async () => {
    mockApi(
      {
        'GET /api/posts': page([
          pollPost({
            pollData: { ...pollPost().pollData!, expiresAt: new Date(Date.now() - HOUR).toISOString() },
          }),
        ]),
      },
      ana,
    );
    renderApp('/', { storedUser: ana });
    expect(await screen.findByRole('list', { name: 'Resultado da enquete' })).toHaveTextContent('75%');
    expect(screen.getByText('Enquete encerrada')).toBeInTheDocument();
  });
});
