import { POST_MESSAGES, type Post } from '@estudai/contract';
import { imageViewer } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { SharedPageMeta } from '../../lib/page-meta.ts';
import { toPost } from './posts.present.ts';
import { findPublicPostRow } from './posts.queries.ts';

const DESCRIPTION_MAX = 200;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** `GET /api/public/posts/{id}`: a main-feed post as a signed-out visitor may read it, else 404. */
export async function getPublicPost(ctx: AppContext, postId: string): Promise<Post> {
  const found = await findPublicPostRow(ctx.database.db, postId);
  if (!found) throw notFound(POST_MESSAGES.notFound);
  return toPost(found.row, imageViewer(null, ctx.clock()));
}

/** What its text says first: the question, the poll, the quiz's title, or the post's own text. */
function headline(post: Post): string {
  return oneLine(
    post.questionData?.question ?? post.pollData?.question ?? post.questionSetData?.title ?? post.content,
  );
}

const absolute = (publicUrl: string, url: string) => new URL(url, publicUrl).toString();

/**
 * The preview of `/post/{id}` for a link shared anywhere: null when the post is not one a
 * signed-out visitor may read (a group's, hidden, a followers-only author's), so the page
 * tells nothing about it.
 */
export async function sharedPostMeta(ctx: AppContext, postId: string): Promise<SharedPageMeta | null> {
  const found = await findPublicPostRow(ctx.database.db, postId);
  if (!found) return null;
  const post = toPost(found.row, imageViewer(null, ctx.clock()));
  const { publicUrl } = ctx.config;
  const name = post.author.displayName;
  const text = headline(post);
  const secondary = oneLine(post.content);
  const description =
    text && secondary && text !== secondary
      ? `${text} — ${secondary}`
      : text || 'Veja esta publicação no Estudaí.';
  // A preview shows only a photo the check found ok (issue 43): never a pending or sensitive one.
  const first = post.type === 'photo' ? post.media[0] : undefined;
  const photo = first?.sensitivity === 'ok' ? (first.url ?? undefined) : undefined;
  return {
    title: clip(`${name} no Estudaí${text ? `: ${text}` : ''}`, 90),
    description: clip(description, DESCRIPTION_MAX),
    url: absolute(publicUrl, `/post/${post.id}`),
    image: absolute(publicUrl, photo ?? '/icons/icon-512.png'),
    imageAlt: photo ? `Imagem da publicação de ${name}` : 'Estudaí',
    card: photo ? 'summary_large_image' : 'summary',
  };
}
