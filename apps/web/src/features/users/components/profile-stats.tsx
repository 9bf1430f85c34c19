import type { UserProfile } from '@estudai/contract/constants';
import { BookOpen, CalendarCheck, Clock, FileText, Flame, PlayCircle, Star, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { formatHours, formatStudyTime } from '../../../lib/format.ts';
import { StarRating } from './star-rating.tsx';

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
        {icon}
        {label}
      </dt>
      <dd className="text-lg font-semibold">{children}</dd>
    </div>
  );
}

const icon = 'size-4';

/** Spec §2: study statistics for students, content metrics and rating for everyone else. */
export function ProfileStats({ profile }: { profile: UserProfile }) {
  // A guardian's account (issue 36) has neither study figures nor teaching ones.
  if (profile.userType === 'responsavel') return null;
  if (profile.userType === 'aluno') {
    return (
      <Card padding="sm" className="grid gap-3">
        <h2 className="font-semibold">Estatísticas de Estudo</h2>
        <dl className="grid grid-cols-2 gap-3">
          <Stat icon={<Clock className={icon} aria-hidden />} label="Total de Horas">
            {formatHours(profile.totalStudyHours)}
          </Stat>
          <Stat icon={<Target className={icon} aria-hidden />} label="Taxa de Acerto">
            {profile.questionsAnswered === 0 ? (
              <span title="Nenhuma questão respondida ainda">—</span>
            ) : (
              `${profile.accuracyPercentage}%`
            )}
          </Stat>
          <Stat icon={<Flame className={icon} aria-hidden />} label="Dias Seguidos">
            {profile.studyStreak}
          </Stat>
          <Stat icon={<CalendarCheck className={icon} aria-hidden />} label="Hoje">
            {formatStudyTime(profile.todayStudyTime)}
          </Stat>
        </dl>
      </Card>
    );
  }
  return (
    <Card padding="sm" className="grid gap-3">
      <h2 className="font-semibold">Métricas de Conteúdo</h2>
      <dl className="grid grid-cols-2 gap-3">
        <Stat icon={<FileText className={icon} aria-hidden />} label="Materiais">
          {profile.materialsCount}
        </Stat>
        <Stat icon={<PlayCircle className={icon} aria-hidden />} label="Vídeos">
          {profile.videosCount}
        </Stat>
        <Stat icon={<BookOpen className={icon} aria-hidden />} label="Questões">
          {profile.questionsCount}
        </Stat>
        <Stat icon={<Star className={icon} aria-hidden />} label="Avaliação">
          <StarRating rating={profile.overallRating} />
        </Stat>
      </dl>
    </Card>
  );
}
