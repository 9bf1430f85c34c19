import type { Post } from '@estudai/contract/constants';
import { Link, useParams } from 'react-router';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { usePublicPost } from '../api/get-public-post.ts';
import { PostCardSkeleton } from '../components/post-card-skeleton.tsx';
import { PostSummary } from '../components/post-summary.tsx';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** A question's, poll's or quiz's options, to read: answering takes an account. */
function ReadOnlyOptions({ post }: { post: Post }) {
  const options =
    post.questionData?.options ??
    post.pollData?.options.map((option) => option.text) ??
    post.questionSetData?.questions[0]?.options;
  if (!options?.length) return null;
  const more = (post.questionSetData?.questions.length ?? 1) - 1;
  return (
    <Card padding="sm" className="grid gap-2">
      {post.questionSetData?.questions[0] && <RichText text={post.questionSetData.questions[0].question} />}
      <ol className="grid gap-2" aria-label="Alternativas">
        {options
          .map((option, index) => ({ letter: LETTERS[index] ?? String(index + 1), option }))
          .map(({ letter, option }) => (
            <li
              key={letter}
              className="flex gap-2 rounded-xl border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
            >
              <span className="font-semibold text-slate-500">{letter}</span>
              <RichText text={option} />
            </li>
          ))}
      </ol>
      {more > 0 && (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          E mais {more} {more === 1 ? 'questão' : 'questões'} no quiz.
        </p>
      )}
    </Card>
  );
}

function SignUpCall({ answerable }: { answerable: boolean }) {
  return (
    <Card className="grid gap-3 text-center">
      <h2 className="text-lg font-semibold">Estude junto no Estudaí</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {answerable
          ? 'Crie sua conta grátis para responder, ver o gabarito, curtir e comentar.'
          : 'Crie sua conta grátis para curtir, comentar e seguir quem estuda com você.'}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Link to={paths.signUp()} className={buttonClasses({ size: 'lg' })}>
          Criar conta grátis
        </Link>
        <Link to={paths.auth()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Entrar
        </Link>
      </div>
    </Card>
  );
}

/** `/post/{id}` for a visitor: the shared post, read-only, and a call to sign up. */
export function PublicPostPage() {
  const { postId = '' } = useParams();
  const post = usePublicPost(postId);
  const missing = post.error instanceof ApiError && post.error.status === 404;
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="sticky top-0 z-30 flex h-14 items-center border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <Link to={paths.home()} className="text-lg font-bold text-indigo-600 dark:text-indigo-400">
          Estudaí
        </Link>
      </header>
      <main className="mx-auto grid w-full max-w-2xl gap-4 p-4">
        <h1 className="sr-only">Publicação compartilhada</h1>
        {post.isPending && <PostCardSkeleton />}
        {post.data && (
          <>
            <PostSummary post={post.data} />
            <ReadOnlyOptions post={post.data} />
          </>
        )}
        {post.isError && (
          <Card role="alert" className="text-center text-sm">
            {missing
              ? 'Esta publicação não está disponível: pode ter sido apagada, ser de um grupo ou de um perfil só para seguidores.'
              : post.error.message}
          </Card>
        )}
        <SignUpCall
          answerable={Boolean(post.data && post.data.type !== 'text' && post.data.type !== 'photo')}
        />
      </main>
    </div>
  );
}
