import { actionMail } from '../../lib/mail-layout.ts';
import type { Mail } from '../../plugins/mailer.ts';

/** To the guardian: a teen wants to join a paid group. */
export function approvalRequestMail(to: string, teenName: string, groupName: string, url: string): Mail {
  return actionMail(
    to,
    `${teenName} quer entrar em um grupo pago`,
    'Pedido de autorização',
    [
      `${teenName} pediu para entrar no grupo pago "${groupName}".`,
      'O pagamento só pode ser feito depois que você aprovar.',
    ],
    { label: 'Ver pedido', url },
  );
}
