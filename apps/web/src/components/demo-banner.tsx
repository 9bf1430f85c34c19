import { useNavigate } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { isDemoSession } from '../lib/demo-session.ts';
import { paths } from '../lib/paths.ts';

/** One line over the page while the shared demo account is signed in: what it is, and the way out. */
export function DemoBanner() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  if (!isDemoSession(user?.email)) return null;
  return (
    <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      <span>
        Você está na conta de demonstração da {user?.displayName.split(' ')[0]}: outras pessoas também usam.
      </span>
      <button
        type="button"
        className="font-semibold underline underline-offset-2"
        onClick={async () => {
          await logout();
          navigate(paths.signUp());
        }}
      >
        Criar minha conta
      </button>
    </p>
  );
}
