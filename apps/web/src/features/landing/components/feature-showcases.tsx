import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

interface Showcase {
  title: string;
  heading: string;
  text: string;
  points: string[];
  image: string;
  alt: string;
}

/** Spec §2: the five showcases, each with an illustration of the screen it describes. */
const SHOWCASES: Showcase[] = [
  {
    title: 'Feed',
    heading: 'Um feed feito para estudar',
    text: 'Posts, questões de múltipla escolha, enquetes e quizzes de quem você segue e dos seus grupos.',
    points: ['Curta, salve e comente', 'Questões com gabarito e explicação', 'Puxe para atualizar'],
    image: '/landing/feed.svg',
    alt: 'Tela do feed do Estudaí com uma questão de matemática e uma enquete',
  },
  {
    title: 'Grupos de Estudo',
    heading: 'Grupos com professores e mentores',
    text: 'Grupos gratuitos ou pagos, com materiais, videoaulas e um fórum só para os membros.',
    points: ['Materiais em PDF', 'Fórum com tópicos fixados', 'Busca por matéria'],
    image: '/landing/grupos.svg',
    alt: 'Tela de grupos de estudo do Estudaí com cartões de grupos de física e química',
  },
  {
    title: 'Chat',
    heading: 'Converse com quem estuda com você',
    text: 'Mensagens diretas em tempo real com quem segue você de volta, para tirar dúvidas na hora.',
    points: ['Mensagens em tempo real', 'Conversas só entre seguidores mútuos', 'Contador de não lidas'],
    image: '/landing/chat.svg',
    alt: 'Tela de chat do Estudaí com uma conversa sobre uma questão de biologia',
  },
  {
    title: 'Biblioteca de Vídeos',
    heading: 'Videoaulas para revisar quando quiser',
    text: 'Todos os vídeos dos seus grupos em um lugar, com busca e filtros por categoria.',
    points: ['Aulas, exercícios, dicas e revisão', 'Busca por título', 'Links de apoio em cada vídeo'],
    image: '/landing/videos.svg',
    alt: 'Tela da biblioteca de vídeos do Estudaí com miniaturas de videoaulas',
  },
  {
    title: 'Perfil e Estatísticas',
    heading: 'Acompanhe sua evolução',
    text: 'Horas de estudo, sequência de dias e percentual de acertos no seu perfil de estudante.',
    points: ['Horas estudadas hoje e no total', 'Sequência de dias seguidos', 'Percentual de acertos'],
    image: '/landing/perfil.svg',
    alt: 'Tela de perfil do Estudaí com estatísticas de estudo',
  },
];

export function FeatureShowcases() {
  return (
    <section aria-labelledby="showcases-title" className="px-5 py-14">
      <div className="mx-auto grid max-w-4xl gap-12">
        <div className="grid gap-2 text-center">
          <h2 id="showcases-title" className="text-3xl font-bold tracking-tight">
            Tudo o que você precisa para estudar
          </h2>
          <p className="text-slate-600 dark:text-slate-300">Conheça o Estudaí por dentro.</p>
        </div>
        {SHOWCASES.map((showcase, index) => (
          <article
            key={showcase.title}
            className={cn(
              'grid items-center gap-6 md:grid-cols-2 md:gap-10',
              index % 2 === 1 && 'md:[&>img]:order-2',
            )}
          >
            <img
              src={showcase.image}
              alt={showcase.alt}
              width={280}
              height={500}
              loading="lazy"
              decoding="async"
              className="mx-auto h-auto w-full max-w-60 drop-shadow-xl"
            />
            <div className="grid gap-3">
              <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
                {showcase.title}
              </p>
              <h3 className="text-2xl font-bold">{showcase.heading}</h3>
              <p className="text-slate-700 dark:text-slate-300">{showcase.text}</p>
              <ul className="grid gap-2">
                {showcase.points.map((point) => (
                  <li key={point} className="flex items-center gap-2">
                    <Check className="size-5 shrink-0 text-green-600" aria-hidden />
                    {point}
                  </li>
                ))}
              </ul>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
