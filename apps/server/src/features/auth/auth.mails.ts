import { mailLayout as layout } from '../../lib/mail-layout.ts';
import type { Mail } from '../../plugins/mailer.ts';

export function verificationMail(to: string, name: string, url: string): Mail {
  const lines = [
    `Olá, ${name}!`,
    'Confirme seu e-mail para começar a estudar no Estudaí. O link vale por 24 horas.',
    'Se você não criou uma conta, ignore esta mensagem.',
  ];
  return {
    to,
    subject: 'Confirme seu e-mail no Estudaí',
    text: `${lines.join('\n\n')}\n\nConfirmar e-mail: ${url}\n\nEquipe Estudaí`,
    html: layout('Confirme seu e-mail', lines, { label: 'Confirmar e-mail', url }),
    actionUrl: url,
  };
}

export function passwordResetMail(to: string, name: string, url: string): Mail {
  const lines = [
    `Olá, ${name}!`,
    'Recebemos um pedido para redefinir a senha da sua conta no Estudaí. O link vale por 1 hora e funciona uma única vez.',
    'Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
  ];
  return {
    to,
    subject: 'Redefinição de senha do Estudaí',
    text: `${lines.join('\n\n')}\n\nRedefinir senha: ${url}\n\nEquipe Estudaí`,
    html: layout('Redefinir sua senha', lines, { label: 'Redefinir senha', url }),
    actionUrl: url,
  };
}
