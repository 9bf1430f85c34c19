import { type InvitePreview, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { CalendarClock, SearchX, TicketPercent } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Image } from '../../../components/ui/image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatAccessDuration, formatPrice } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useGroupInvite } from '../../../lib/queries/group-invite.ts';
import { toast } from '../../../lib/toast.ts';
import { useAcceptInvite } from '../api/invite.ts';
import { forgetGroupInvite, rememberGroupInvite } from '../pending-group-invite.ts';

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 py-10 text-center">
      {icon}
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

/** The price line of a paid group: the coupon's price beside the full one, struck through. */
function PriceLine({ invite }: { invite: InvitePreview }) {
  const { group } = invite;
  const discounted = invite.couponPercent !== null && invite.firstPaymentAmount < group.price;
  return (
    <div className="grid gap-2 rounded-xl bg-indigo-50 p-4 text-sm dark:bg-indigo-950/40">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-slate-600 dark:text-slate-300">Primeiro pagamento:</span>
        <strong className="text-lg">{formatPrice(invite.firstPaymentAmount)}</strong>
        {discounted && (
          <s className="text-slate-500 dark:text-slate-400">
            <span className="sr-only">antes </span>
            {formatPrice(group.price)}
          </s>
        )}
      </p>
      {invite.couponPercent !== null && (
        <p className="flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-300">
          <TicketPercent className="size-4 shrink-0" aria-hidden />
          {M.couponApplied(invite.couponPercent)}
        </p>
      )}
      <p className="flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
        <CalendarClock className="size-4 shrink-0" aria-hidden />
        {formatAccessDuration(group.subscriptionDuration)}
      </p>
    </div>
  );
}

function InviteCard({ code, invite, signedIn }: { code: string; invite: InvitePreview; signedIn: boolean }) {
  const navigate = useNavigate();
  const accept = useAcceptInvite(code);
  const { group } = invite;

  const handleAccept = () =>
    accept.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status === 'payment_required') {
          navigate(result.paymentPath ?? paths.groupPaymentWithInvite(result.studyGroupId, code));
          return;
        }
        if (result.status === 'joined') toast({ title: M.inviteJoined });
        navigate(paths.studyGroup(result.studyGroupId), { replace: true });
      },
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    });

  return (
    <Card className="grid gap-4 overflow-hidden p-0">
      {/* As the group cards: a cover that is not 'ok' (being checked, sensitive) is not shown here. */}
      {group.coverImage && group.coverSensitivity === 'ok' && (
        <Image src={group.coverImage} alt="" className="h-40 w-full object-cover" />
      )}
      <div className="grid gap-4 p-5">
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">
          Você foi convidado para um grupo de estudo
        </p>
        <div className="grid gap-1">
          <h2 className="text-xl leading-tight font-bold break-words">{group.name}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">com {group.ownerName}</p>
        </div>
        {(group.summary || group.description) && (
          <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-200">
            {group.summary || group.description}
          </p>
        )}
        {group.isPaid && <PriceLine invite={invite} />}
        {!signedIn ? (
          // Signed out (issue 36): what the group is first, then an account; the link waits meanwhile.
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Entre ou crie sua conta no Estudaí para aceitar o convite.
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <Link to={paths.signUp()} className={buttonClasses({ size: 'lg' })}>
                Criar conta
              </Link>
              <Link to={paths.auth()} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
                Entrar
              </Link>
            </div>
          </>
        ) : invite.isMember ? (
          <>
            <p role="status" className="text-sm font-medium">
              Você já é membro deste grupo.
            </p>
            <Link to={paths.studyGroup(group.id)} className={buttonClasses({ size: 'lg' })}>
              Abrir o grupo
            </Link>
          </>
        ) : (
          <Button size="lg" disabled={accept.isPending} onClick={handleAccept}>
            {accept.isPending ? 'Um momento...' : group.isPaid ? M.invitePay : M.inviteJoin}
          </Button>
        )}
      </div>
    </Card>
  );
}

function InviteView({ code, signedIn }: { code: string; signedIn: boolean }) {
  const invite = useGroupInvite(code);
  if (invite.isPending)
    return (
      <div role="status" aria-label="Carregando convite" className="grid gap-3">
        <Skeleton radius="2xl" className="h-40" />
        <Skeleton className="h-6 w-3/5" />
        <Skeleton className="h-12" />
      </div>
    );
  if (invite.isError) {
    const status = invite.error instanceof ApiError ? invite.error.status : 0;
    return (
      <Notice
        icon={<SearchX className="size-10 text-slate-400" aria-hidden />}
        title={status === 410 ? M.inviteGone : status === 404 ? M.inviteNotFound : invite.error.message}
      >
        {status === 410 || status === 404 ? (
          <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">
            Peça um novo link a quem convidou você, ou procure o grupo na lista.
          </p>
        ) : (
          <Button variant="outline" onClick={() => void invite.refetch()}>
            Tentar novamente
          </Button>
        )}
        <Link to={paths.studyGroups()} className={buttonClasses({ variant: 'outline' })}>
          Ver grupos de estudo
        </Link>
      </Notice>
    );
  }
  return <InviteCard code={code} invite={invite.data} signedIn={signedIn} />;
}

/** /convite/{code}: a group's invite link, opened by the person it was shared with. */
export function GroupInvitePage() {
  const { code = '' } = useParams();
  const { user } = useAuth();
  const signedIn = Boolean(user);
  // Signed out, the link waits (rememberGroupInvite) while they sign in or create an account; once
  // in, the remembered link has brought them here: it is not asked again.
  useEffect(() => {
    if (signedIn) forgetGroupInvite();
    else rememberGroupInvite(code);
  }, [signedIn, code]);
  return (
    <Page title="Convite" back={signedIn ? paths.studyGroups() : undefined}>
      <InviteView code={code} signedIn={signedIn} />
    </Page>
  );
}
