import {
  Ban,
  Download,
  EyeOff,
  FileLock,
  Gavel,
  ListChecks,
  LogOut,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Target,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '../../../components/theme-toggle.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { isGuardianAccount, useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';

/** The own profile's settings: theme, 'Meus dados', 'Objetivo e matérias' (a guardian's: 'Painel do responsável'), 'Usuários bloqueados', 'Minhas advertências', 'Palavras ocultas' and the privacy page, moderation and the waiting list for admins, and signing out. */
export function SettingsButton() {
  const { user, logout } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label="Configurações" onClick={() => setOpen(true)}>
        <Settings className="size-5" aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Configurações">
          <div className="grid gap-5 p-5">
            <ThemeToggle />
            <Link to={paths.myData()} className={buttonClasses({ variant: 'outline' })}>
              <FileLock className="size-5" aria-hidden />
              Meus dados
            </Link>
            {isGuardianAccount(user) ? (
              <Link to={paths.guardian()} className={buttonClasses({ variant: 'outline' })}>
                <ShieldCheck className="size-5" aria-hidden />
                Painel do responsável
              </Link>
            ) : (
              <Link to={paths.studyPlan()} className={buttonClasses({ variant: 'outline' })}>
                <Target className="size-5" aria-hidden />
                Objetivo e matérias
              </Link>
            )}
            <Link to={paths.blockedUsers()} className={buttonClasses({ variant: 'outline' })}>
              <Ban className="size-5" aria-hidden />
              Usuários bloqueados
            </Link>
            <Link to={paths.moderationActions()} className={buttonClasses({ variant: 'outline' })}>
              <Gavel className="size-5" aria-hidden />
              Minhas advertências
            </Link>
            <Link to={paths.hiddenWords()} className={buttonClasses({ variant: 'outline' })}>
              <EyeOff className="size-5" aria-hidden />
              Palavras ocultas
            </Link>
            <Link to={paths.privacy()} className={buttonClasses({ variant: 'ghost' })}>
              Como cuidamos da sua privacidade
            </Link>
            {user?.userType === 'admin' && (
              <>
                <Link to={paths.adminReports()} className={buttonClasses({ variant: 'outline' })}>
                  <ShieldAlert className="size-5" aria-hidden />
                  Denúncias
                </Link>
                <Link to={paths.moderationQueue()} className={buttonClasses({ variant: 'outline' })}>
                  <ListChecks className="size-5" aria-hidden />
                  Fila da moderação
                </Link>
                {/* The server checks the admin again; the file is the landing page's waiting list. */}
                <a href="/api/admin/waitlist.csv" download className={buttonClasses({ variant: 'outline' })}>
                  <Download className="size-5" aria-hidden />
                  Baixar lista de espera (CSV)
                </a>
              </>
            )}
            <Button variant="outline" size="lg" onClick={() => void logout()}>
              <LogOut className="size-5" aria-hidden />
              Sair
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
