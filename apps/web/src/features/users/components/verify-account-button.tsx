import type { UserType } from '@estudai/contract/constants';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';

/**
 * 'Verificar conta' on an unverified own profile: what the verified badge means and how it is given,
 * told to a student as a student (the badge is for those who teach; nothing is closed to them).
 */
export function VerifyAccountButton({ userType }: { userType: UserType }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* As Radix's dialog trigger was: a button that says it opens a dialog. */}
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
      >
        <BadgeCheck className="size-4" aria-hidden />
        Verificar conta
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Verificar conta">
          <div className="grid gap-3 p-5 text-sm text-slate-600 dark:text-slate-300">
            {userType === 'aluno' ? (
              <>
                <p>
                  O selo de conta verificada é para quem ensina: mostra que a equipe do Estudaí confirmou quem
                  são os professores, mentores e tutores da comunidade.
                </p>
                <p>
                  Como estudante, você não precisa de verificação: grupos, simulados, o banco de questões e o
                  chat funcionam do mesmo jeito para você.
                </p>
              </>
            ) : (
              <>
                <p>
                  O selo de conta verificada mostra que a equipe do Estudaí confirmou quem está por trás do
                  perfil: professores, mentores e tutores com atuação comprovada.
                </p>
                <p>
                  A verificação é feita pela equipe de moderação. Mantenha seu nome, sua bio e seu site
                  atualizados: é por eles que a equipe confirma sua identidade quando analisa o perfil.
                </p>
              </>
            )}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
