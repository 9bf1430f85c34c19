import {
  ROBOT_CHECK_FAILED_CODE,
  WAITLIST_MESSAGES,
  WAITLIST_OBJECTIVE_LABELS,
  WAITLIST_OBJECTIVES,
  type WaitlistFormValues,
} from '@estudai/contract/constants';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, inputClasses } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';
import { useRobotCheck } from '../robot-check/use-robot-check.ts';
import { RobotCheckField } from './robot-check-field.tsx';

/** What the last send said; `aboutRobotCheck` when it asked for (another) robot check. */
type Outcome = { kind: 'success' | 'error'; text: string; aboutRobotCheck?: boolean };

const emptyWaitlistForm: WaitlistFormValues = { name: '', email: '', phone: '', objective: '' };

// The rules (the contract's zod schema) load on the first send, not with the landing page.
const loadValidation = () => import('../waitlist-validation.ts');
const waitlistResolver: Resolver<WaitlistFormValues, string | null> = async (...args) =>
  (await loadValidation()).waitlistResolver(...args);

/** Spec §2/§5: name, e-mail, phone (com DDD), objective and the robot check. */
export function WaitlistForm() {
  const robotCheck = useRobotCheck();
  // Checked when sent, as lib/form.ts's CHECKED_WHEN_SENT (not imported: the landing page does
  // without the resolvers that module brings).
  const { register, handleSubmit, reset } = useForm<WaitlistFormValues, string | null>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver: waitlistResolver,
    // The robot check's answer, which the resolver asks for once the fields are right.
    context: robotCheck.response,
    defaultValues: emptyWaitlistForm,
  });
  // What the last send said: the form's one message (the rules') or the server's answer.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const join = useJoinWaitlist();

  // The check passed: a message asking for it is answered, and goes in the same render (issue 23).
  const isVerified = robotCheck.status === 'verified';
  const [wasVerified, setWasVerified] = useState(isVerified);
  if (isVerified !== wasVerified) {
    setWasVerified(isVerified);
    if (isVerified && outcome?.aboutRobotCheck) setOutcome(null);
  }

  const send = handleSubmit(
    (values) => {
      const recaptchaResponse = robotCheck.response;
      if (!recaptchaResponse) return;
      setOutcome(null);
      join.mutate(
        { ...values, recaptchaResponse },
        {
          onSuccess: () => {
            reset(emptyWaitlistForm);
            robotCheck.reset();
            setOutcome({ kind: 'success', text: WAITLIST_MESSAGES.success });
          },
          onError: (error) => {
            const fromServer = error instanceof ApiError && error.status > 0;
            const refusedCheck = error instanceof ApiError && error.code === ROBOT_CHECK_FAILED_CODE;
            setOutcome({
              kind: 'error',
              text: fromServer ? error.message : WAITLIST_MESSAGES.failure,
              aboutRobotCheck: refusedCheck,
            });
            // A refused or spent check cannot be sent again: ask for a new one.
            if (refusedCheck) robotCheck.reset();
          },
        },
      );
    },
    (errors) => {
      const text = errors.root?.message ?? WAITLIST_MESSAGES.required;
      setOutcome({ kind: 'error', text, aboutRobotCheck: text === WAITLIST_MESSAGES.robotCheckRequired });
    },
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void send(event)}
      className="grid gap-4"
      aria-label="Lista de espera"
    >
      <Field label="Nome">{({ id }) => <Input id={id} autoComplete="name" {...register('name')} />}</Field>
      <Field label="E-mail">
        {({ id }) => (
          <Input id={id} type="email" autoComplete="email" inputMode="email" {...register('email')} />
        )}
      </Field>
      <Field label="Telefone (com DDD)">
        {({ id }) => (
          <Input
            id={id}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="(11) 91234-5678"
            {...register('phone')}
          />
        )}
      </Field>
      <Field label="Objetivo">
        {({ id }) => (
          <select id={id} className={cn(inputClasses, 'appearance-auto')} {...register('objective')}>
            <option value="">Selecione seu objetivo</option>
            {WAITLIST_OBJECTIVES.map((objective) => (
              <option key={objective} value={objective}>
                {WAITLIST_OBJECTIVE_LABELS[objective]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <RobotCheckField check={robotCheck} />
      <Button type="submit" size="lg" disabled={join.isPending}>
        {join.isPending ? 'Enviando...' : 'Quero ser avisado'}
      </Button>
      <div aria-live="polite" className="min-h-12">
        {outcome && (
          <p
            className={cn(
              'rounded-xl p-3 text-sm font-medium',
              outcome.kind === 'success'
                ? 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200'
                : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
            )}
          >
            {outcome.text}
          </p>
        )}
      </div>
    </form>
  );
}
