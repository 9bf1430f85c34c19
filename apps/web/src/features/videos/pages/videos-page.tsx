import { PlaySquare } from 'lucide-react';
import { ComingSoon, Page } from '../../../components/page.tsx';

export function VideosPage() {
  return (
    <Page title="Vídeos">
      <ComingSoon icon={PlaySquare}>
        Aulas, exercícios, dicas e revisões dos grupos vão aparecer aqui, com busca e filtros.
      </ComingSoon>
    </Page>
  );
}
