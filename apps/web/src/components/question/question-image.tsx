import type { ShownMedia } from '@estudai/contract/constants';
import { MediaGallery } from '../media-gallery/media-gallery.tsx';

/**
 * Issue 42: the image a question or a flashcard brought from an import, beside its text, through the
 * image rule: blurred while checked or sensitive, a grey tile when the viewer gets no address.
 */
export function QuestionImage({ image, own = false }: { image: ShownMedia | undefined; own?: boolean }) {
  if (!image) return null;
  return <MediaGallery media={[image]} own={own} whole />;
}
