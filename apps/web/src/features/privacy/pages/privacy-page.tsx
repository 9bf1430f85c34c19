import {
  ACCOUNT_DELETION_DAYS,
  EXPORT_DOWNLOAD_DAYS,
  GUARDIAN_INVITE_DAYS,
  MIN_SIGNUP_AGE,
  SUPERVISION_AGE,
} from '@estudai/contract/constants';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TITLE_BAR_CLASSES } from '../../../components/title-bar.ts';
import { Card } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid gap-2 text-[15px] leading-relaxed text-slate-700 dark:text-slate-200">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{title}</h2>
      {children}
    </Card>
  );
}

/**
 * /privacidade: what Estudaí keeps about a person, why, for how long, who sees it and how to take it
 * out or erase it, in words a 13-year-old follows (LGPD art. 14, ECA Digital). Open to everyone.
 */
export function PrivacyPage() {
  const { user } = useAuth();
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className={TITLE_BAR_CLASSES}>
        <Link
          to={user ? paths.profile() : paths.home()}
          aria-label="Voltar"
          className="-ml-2 flex size-10 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="min-w-0 truncate text-lg font-semibold">Privacidade</h1>
      </header>
      <main className="mx-auto grid w-full max-w-2xl gap-4 p-4 pb-10">
        <p className="text-[15px] leading-relaxed">
          Aqui explicamos, sem juridiquês, o que o Estudaí guarda sobre você e o que você pode fazer com esses
          dados. Se algo não ficar claro, peça ajuda a um adulto de confiança ou fale com a gente.
        </p>

        <Section title="O que guardamos">
          <ul className="grid list-disc gap-1 pl-5">
            <li>Seu nome, e-mail, senha (embaralhada, ninguém consegue ler) e data de nascimento.</li>
            <li>O que você publica: posts, comentários, respostas, materiais, vídeos e sua foto.</li>
            <li>Suas mensagens no chat, quem você segue e os grupos de que participa.</li>
            <li>Seu estudo: questões respondidas, revisões, simulados e o tempo de estudo.</li>
            <li>Quanto tempo você usa o app por dia (só a soma, não o que você vê).</li>
            <li>
              Pagamentos de grupos pagos: valor, data e grupo (o cartão fica com a empresa de pagamento).
            </li>
          </ul>
          <p>Não usamos sua localização, não mostramos anúncios e não vendemos seus dados.</p>
        </Section>

        <Section title="Para que usamos">
          <p>
            Só para o app funcionar: mostrar seu perfil e seus posts, entregar mensagens, montar suas revisões
            e avisar você de novidades. Sua data de nascimento serve para proteger quem é menor de idade; ela
            nunca aparece para outras pessoas.
          </p>
        </Section>

        <Section title="Quem vê o quê">
          <ul className="grid list-disc gap-1 pl-5">
            <li>
              Se você tem menos de 18 anos, seu perfil e seus posts aparecem só para quem você aceitou como
              seguidor, e não mostramos sua cidade nem seu site.
            </li>
            <li>Suas mensagens só são vistas por você e por quem conversa com você.</li>
            <li>
              Um adulto só pode conversar com você se vocês dois se seguem e ele é dono de um grupo de que
              você participa, como um professor.
            </li>
            <li>
              Se você tem menos de {SUPERVISION_AGE} anos, seu responsável vê quanto tempo você usa o app e
              estuda, com quais adultos você conversa (nunca o que vocês escrevem) e aprova grupos pagos.
            </li>
            <li>
              A equipe de moderação vê um conteúdo quando alguém o denuncia. Conteúdo de exploração ou
              aliciamento de menores é guardado como prova para as autoridades.
            </li>
          </ul>
        </Section>

        <Section title="Menores de idade">
          <p>
            Menores de {MIN_SIGNUP_AGE} anos precisam criar a conta junto com um responsável. De{' '}
            {MIN_SIGNUP_AGE} a {SUPERVISION_AGE - 1} anos, a conta começa em modo protegido (sem chat e sem
            grupos pagos) até um responsável confirmar o convite que você envia por e-mail. O convite vale por{' '}
            {GUARDIAN_INVITE_DAYS} dias.
          </p>
        </Section>

        <Section title="Por quanto tempo guardamos">
          <p>
            Enquanto sua conta existir. Se você pedir para excluir a conta, esperamos {ACCOUNT_DELETION_DAYS}{' '}
            dias (caso você mude de ideia, é só entrar de novo) e depois apagamos tudo. Ficam só: o registro
            mínimo dos pagamentos que a lei de impostos exige, sem seu nome nem e-mail; as mensagens que você
            enviou aparecem para a outra pessoa como “Mensagem apagada”; e provas de denúncias graves que a
            lei manda guardar.
          </p>
        </Section>

        <Section title="Como baixar ou apagar seus dados">
          <p>
            Em <strong>Perfil → Configurações → Meus dados</strong> você pode:
          </p>
          <ul className="grid list-disc gap-1 pl-5">
            <li>
              Baixar uma cópia de tudo (um arquivo ZIP). Avisamos quando ficar pronto, e o link vale{' '}
              {EXPORT_DOWNLOAD_DAYS} dias.
            </li>
            <li>Excluir sua conta, confirmando com a sua senha.</li>
            <li>Deixar sua privacidade mais fechada.</li>
          </ul>
          <p>Seu responsável também pode fazer isso por você.</p>
          {user && (
            <Link to={paths.myData()} className="font-medium text-indigo-600 underline dark:text-indigo-400">
              Ir para Meus dados
            </Link>
          )}
        </Section>
      </main>
    </div>
  );
}
