import {
  GROUP_MESSAGES,
  MINORS_MESSAGES,
  PAYMENT_DELAY_MS,
  PAYMENT_REDIRECT_MS,
  type PaymentMethod,
} from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { groupKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { checkoutRedirect, createPayment, getMembership, joinPaidGroup } from './payment-checkout.ts';

/** Back from the provider's checkout, the membership is asked every 2 s for about a minute. */
const CONFIRM_INTERVAL_MS = 2_000;
const CONFIRM_ATTEMPTS = 30;

/**
 * idle → processing (pay clicked) → approved (redirecting), or back to idle on failure, or (a
 * supervised teen, issue 36) awaiting the guardian's answer; confirming → approved or unconfirmed,
 * when the page opens back from the provider.
 */
export type PaymentPhase = 'idle' | 'processing' | 'confirming' | 'unconfirmed' | 'approved' | 'guardian';

/** Resolves true after `ms`, or false at once if the screen went away meanwhile. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Spec §8: the server's message, or 'Falha ao processar pagamento' when it gave none. */
function paymentErrorMessage(error: unknown): string {
  const fromServer = error instanceof ApiError && error.status > 0 && !error.code.startsWith('HTTP_');
  return fromServer ? error.message : GROUP_MESSAGES.paymentFailed;
}

/** The payment of a paid group, as spec §4 tells it: wait 2 s, pay, join, then the group after 1.5 s. */
export function usePaymentFlow(
  groupId: string,
  { returning, inviteCode }: { returning: boolean; inviteCode?: string },
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<PaymentPhase>(returning ? 'confirming' : 'idle');
  /** What the server said of the guardian's approval (asked now, or still waiting). */
  const [guardianMessage, setGuardianMessage] = useState<string>();
  const busy = useRef(false);
  // Aborted when the screen goes away: no request, toast or redirect after that.
  const lifetime = useRef<AbortController>(new AbortController());

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  const succeed = useCallback(
    (signal: AbortSignal) => {
      setPhase('approved');
      toast({ title: GROUP_MESSAGES.paymentApprovedTitle, description: GROUP_MESSAGES.paymentApproved });
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
      void wait(PAYMENT_REDIRECT_MS, signal).then((waited) => {
        if (waited) navigate(paths.studyGroup(groupId));
      });
    },
    [groupId, navigate, queryClient],
  );

  const pay = useCallback(
    async (method: PaymentMethod) => {
      if (busy.current) return;
      busy.current = true;
      const signal = lifetime.current.signal;
      setPhase('processing');
      try {
        if (!(await wait(PAYMENT_DELAY_MS, signal))) return;
        const payment = await createPayment({ groupId, method, inviteCode }, signal);
        if (signal.aborted) return;
        if ('approvalId' in payment) {
          // Not a failure: the guardian decides, and the teen is told when they do.
          busy.current = false;
          setGuardianMessage(payment.message);
          setPhase('guardian');
          toast({ title: MINORS_MESSAGES.approvalSentTitle, description: payment.message });
          return;
        }
        if (payment.status === 'pending' && payment.checkoutUrl) {
          checkoutRedirect.go(payment.checkoutUrl);
          return;
        }
        if (payment.status !== 'approved') throw new Error(GROUP_MESSAGES.paymentFailed);
        await joinPaidGroup(groupId, signal);
        if (signal.aborted) return;
        succeed(signal);
      } catch (error) {
        if (signal.aborted) return;
        busy.current = false;
        setPhase('idle');
        toast({
          title: GROUP_MESSAGES.paymentFailedTitle,
          description: paymentErrorMessage(error),
          variant: 'destructive',
        });
      }
    },
    [groupId, inviteCode, succeed],
  );

  /** Asks for the membership until the provider's confirmation (its webhook) has opened it. */
  const confirm = useCallback(() => {
    const signal = lifetime.current.signal;
    setPhase('confirming');
    void (async () => {
      for (let attempt = 0; attempt < CONFIRM_ATTEMPTS; attempt++) {
        if (attempt > 0 && !(await wait(CONFIRM_INTERVAL_MS, signal))) return;
        try {
          const membership = await getMembership(groupId, signal);
          if (signal.aborted) return;
          if (membership?.status === 'active') return succeed(signal);
        } catch {
          if (signal.aborted) return;
        }
      }
      setPhase('unconfirmed');
    })();
  }, [groupId, succeed]);

  // Once per visit back from the provider, whatever the callbacks' identities do meanwhile.
  const confirmOnReturn = useEffectEvent(() => confirm());
  useEffect(() => {
    if (returning) confirmOnReturn();
  }, [returning]);

  return { phase, pay, confirm, guardianMessage };
}
