import type { Mail } from '../../plugins/mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(action.url)}</p>
<p style="font-size:12px;color:#6b7280">Equipe Estudaí</p></div></body></html>`;
}

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
