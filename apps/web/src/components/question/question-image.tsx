import type { ShownMedia } from '@estudai/contract/constants';
import { LazyMediaGallery } from '../media-gallery/lazy-media-gallery.tsx';

/**
 * Issue 42: the image a question or a flashcard brought from an import, beside its text, through the
 * image rule: blurred while checked or sensitive, a grey tile when the viewer gets no address.
 */
export function QuestionImage({ image, own = false }: { image: ShownMedia | undefined; own?: boolean }) {
  if (!image) return null;
  return <LazyMediaGallery media={[image]} own={own} whole />;
}
