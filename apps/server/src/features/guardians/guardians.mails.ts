import { GUARDIAN_INVITE_DAYS } from '@estudai/contract';
import { actionMail as mail } from '../../lib/mail-layout.ts';
import type { Mail } from '../../plugins/mailer.ts';

/** To the adult a teen named: what the link means, and how to confirm it. */
export function guardianInviteMail(to: string, teenName: string, url: string): Mail {
  return mail(
    to,
    `${teenName} pediu que você seja responsável no Estudaí`,
    'Convite de responsável',
    [
      'Olá!',
      `${teenName} está estudando no Estudaí, uma rede social de estudos, e indicou você como responsável.`,
      'Ao confirmar, você acompanha o tempo de uso e de estudo, vê com quais adultos ele ou ela conversa (nunca o conteúdo das mensagens), aprova a entrada em grupos pagos e pode ajustar a privacidade da conta.',
      `Entre (ou crie sua conta) e confirme o vínculo. O convite vale por ${GUARDIAN_INVITE_DAYS} dias.`,
      'Se você não conhece quem enviou, ignore esta mensagem.',
    ],
    { label: 'Confirmar vínculo', url },
  );
}
