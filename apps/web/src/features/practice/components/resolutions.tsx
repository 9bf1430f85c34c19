import {
  type BankQuestion,
  PRACTICE_MESSAGES as M,
  RESOLUTION_CONTENT_MAX,
  RESOLUTION_IMAGES_MAX,
  type Resolution,
} from '@estudai/contract/constants';
import { Award, GraduationCap, ThumbsUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { MediaGallery } from '../../../components/media-gallery/media-gallery.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Image } from '../../../components/ui/image.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { UploadImageButton } from '../../../components/upload-image-button.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useResolutions, useVoteResolution, useWriteResolution } from '../api/practice.ts';

type QuestionRef = Pick<BankQuestion, 'postId' | 'questionIndex' | 'postType'>;

function ResolutionItem({ resolution, question }: { resolution: Resolution; question: QuestionRef }) {
  const vote = useVoteResolution(question);
  const { user } = useAuth();
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{resolution.author.displayName}</span>
        {resolution.isTeacher && (
          <Badge tone="indigo">
            <GraduationCap className="size-3.5" aria-hidden />
            {M.teacherResolution}
          </Badge>
        )}
        {resolution.accepted && (
          <Badge tone="green">
            <Award className="size-3.5" aria-hidden />
            {M.bestResolution}
          </Badge>
        )}
      </div>
      <RichText text={resolution.content} className="text-sm" />
      <MediaGallery media={resolution.media} own={user?.id === resolution.author.id} />
      <div>
        <Button
          variant={resolution.votedByMe ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={resolution.votedByMe}
          disabled={vote.isPending}
          onClick={() => vote.mutate({ id: resolution.id, voted: resolution.votedByMe })}
        >
          <ThumbsUp className="size-4" aria-hidden />
          {M.useful} · {resolution.votes}
        </Button>
      </div>
    </li>
  );
}

/** The resolutions of an answered question, teachers' first, and a form to write one. */
export function Resolutions({ question }: { question: QuestionRef }) {
  const list = useResolutions(question);
  const write = useWriteResolution(question);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const fieldId = useId();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 border-t border-slate-100 pt-3 dark:border-slate-800"
    >
      <h3 id={headingId} className="font-semibold">
        {M.resolutionsTitle}
      </h3>
      {list.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Carregando...</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {list.error.message}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{M.resolutionsEmpty}</p>
      ) : (
        <ul className="grid gap-2">
          {list.data.map((resolution) => (
            <ResolutionItem key={resolution.id} resolution={resolution} question={question} />
          ))}
        </ul>
      )}
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const text = content.trim();
          if (!text) return;
          write.mutate(
            { content: text, mediaUrls: images },
            {
              onSuccess: () => {
                setContent('');
                setImages([]);
              },
            },
          );
        }}
      >
        <label htmlFor={fieldId} className="text-sm font-medium">
          {M.writeResolution}
        </label>
        <Textarea
          id={fieldId}
          size="sm"
          value={content}
          maxLength={RESOLUTION_CONTENT_MAX}
          placeholder={M.resolutionPlaceholder}
          onChange={(event) => setContent(event.target.value)}
        />
        {images.length > 0 && (
          <ul aria-label="Imagens da resolução" className="flex flex-wrap gap-2">
            {images.map((url, index) => (
              <li key={url} className="relative">
                <Image
                  src={url}
                  alt={`Imagem ${index + 1} da resolução`}
                  className="size-20 rounded-lg object-cover"
                />
                <Button
                  variant="secondary"
                  size="icon"
                  className="absolute -top-2 -right-2 size-7 rounded-full"
                  aria-label={`Remover imagem ${index + 1}`}
                  onClick={() => setImages(images.filter((other) => other !== url))}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-start justify-between gap-2">
          {images.length < RESOLUTION_IMAGES_MAX ? (
            <UploadImageButton
              purpose="resolution_image"
              label="Imagem"
              onUploaded={(url) => setImages((current) => [...current, url])}
            />
          ) : (
            <span />
          )}
          <Button type="submit" size="sm" disabled={!content.trim() || write.isPending}>
            {write.isPending ? 'Enviando...' : M.sendResolution}
          </Button>
        </div>
      </form>
    </section>
  );
}
