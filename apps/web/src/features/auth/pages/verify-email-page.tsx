import { AUTH_MESSAGES, RESEND_WAIT_BASE_SECONDS } from '@estudai/contract/constants';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { sendVerificationEmail } from '../api/send-verification-email.ts';
import { AuthHeading, AuthLayout } from '../components/auth-layout.tsx';
import { Notice, type NoticeValue } from '../components/notice.tsx';
import { rememberVerificationSent, verificationSentAt } from '../verification-sent.ts';

// A 429 means a mail went out moments ago: no failure, the mail is on its way. The page keeps the
// success message and counts down the wait the server names.
const SENT_NOTICE: NoticeValue = { kind: 'success', text: AUTH_MESSAGES.verificationSent };
const isTooSoon = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 429;
const waitOf = (error: ApiError) => error.retryAfterSeconds ?? RESEND_WAIT_BASE_SECONDS;

const NOT_CONFIRMED_YET = 'Ainda não encontramos a confirmação. Abra o link do e-mail e tente de novo.';

/**
 * /verify-email: sends the link on the first arrival (not again on every visit while it is valid);
 * resends wait 30 s more after each earlier resend (spec §4).
 */
export function VerifyEmailPage() {
  const { user, logout, refresh } = useAuth();
  const email = user?.email;
  const [resendCount, setResendCount] = useState(0);
  const [countdown, setCountdown] = useState(0);
  const [isSending, setIsSending] = useState(false);
  const [isChecking, setIsChecking] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  // React's StrictMode runs effects twice in development: one e-mail per visit, not two.
  const sentOnArrival = useRef(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  useEffect(() => {
    if (!email || sentOnArrival.current) return;
    sentOnArrival.current = true;
    // Back on the page with a link already sent from here: say so and show what is left of the wait.
    const sentAt = verificationSentAt(email);
    if (sentAt !== null) {
      const elapsed = Math.floor((Date.now() - sentAt) / 1000);
      setNotice(SENT_NOTICE);
      setCountdown(Math.max(0, RESEND_WAIT_BASE_SECONDS - elapsed));
      return;
    }
    setIsSending(true);
    sendVerificationEmail({ email })
      .then(
        ({ message }) => {
          rememberVerificationSent(email);
          setNotice({ kind: 'success', text: message });
          // The server refuses another e-mail within 25 s; the first resend waits like the others.
          setCountdown(RESEND_WAIT_BASE_SECONDS);
        },
        (error: Error) => {
          if (isTooSoon(error)) {
            setNotice(SENT_NOTICE);
            setCountdown(waitOf(error));
          } else {
            setNotice({ kind: 'error', text: error.message || AUTH_MESSAGES.verificationSendError });
          }
        },
      )
      .finally(() => setIsSending(false));
  }, [email]);

  const handleResend = async () => {
    if (!email) return;
    const earlierResends = resendCount;
    setResendCount(earlierResends + 1);
    setCountdown(RESEND_WAIT_BASE_SECONDS * (earlierResends + 1));
    setIsSending(true);
    setNotice(null);
    try {
      const { message } = await sendVerificationEmail({ email });
      rememberVerificationSent(email);
      setNotice({ kind: 'success', text: message });
    } catch (error) {
      setResendCount((count) => count - 1);
      if (isTooSoon(error)) {
        setNotice(SENT_NOTICE);
        setCountdown(waitOf(error));
      } else {
        setCountdown(0);
        setNotice({ kind: 'error', text: AUTH_MESSAGES.resendError });
      }
    } finally {
      setIsSending(false);
    }
  };

  const handleCheck = async () => {
    setIsChecking(true);
    const fresh = await refresh();
    setIsChecking(false);
    // A confirmed account is sent on by the route gate; otherwise say so here.
    if (fresh && !fresh.emailVerified) setNotice({ kind: 'error', text: NOT_CONFIRMED_YET });
  };

  // Signed out, the route gate takes this screen's visitor to /auth.
  const handleBackToLogin = () => void logout();

  return (
    <AuthLayout>
      <div className="mb-4 flex justify-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-900/60 dark:text-indigo-200">
          <MailCheck className="size-7" aria-hidden />
        </span>
      </div>
      <AuthHeading
        title="Verifique seu e-mail"
        subtitle={
          <>
            Enviamos um e-mail de verificação para{' '}
            <strong className="font-semibold text-slate-800 dark:text-slate-100">{email}</strong>. Abra o link
            da mensagem para ativar sua conta. Não encontrou? Confira a pasta de spam.
          </>
        }
      />
      <div className="grid gap-3">
        {notice && <Notice notice={notice} />}
        <Button size="lg" onClick={handleResend} disabled={isSending || countdown > 0}>
          {isSending && <Spinner size="sm" tone="current" />}
          Reenviar E-mail
        </Button>
        {countdown > 0 && (
          <p className="text-center text-sm text-slate-500 dark:text-slate-400">
            Aguarde {countdown} s para reenviar.
          </p>
        )}
        <Button variant="outline" onClick={handleCheck} disabled={isChecking}>
          {isChecking ? 'Verificando...' : 'Já confirmei meu e-mail'}
        </Button>
        <Button variant="ghost" onClick={handleBackToLogin}>
          Voltar para o Login
        </Button>
      </div>
    </AuthLayout>
  );
}
