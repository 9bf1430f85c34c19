import { EXPORT_DOWNLOAD_DAYS } from '@estudai/contract';
import { mailLayout, mailText } from '../../lib/mail-layout.ts';
import type { Mail } from '../../plugins/mailer.ts';

/** 'Seus dados estão prontos': where to download them (signed in), for 7 days. */
export function exportReadyMail(to: string, name: string, url: string): Mail {
  const lines = [
    `Olá, ${name}!`,
    'O arquivo com a cópia dos dados que você pediu no Estudaí está pronto.',
    `Entre na sua conta e baixe o arquivo: o link vale por ${EXPORT_DOWNLOAD_DAYS} dias.`,
    'Se você não pediu esta cópia, troque sua senha.',
  ];
  const action = { label: 'Baixar meus dados', url };
  return {
    to,
    subject: 'Seus dados do Estudaí estão prontos',
    text: mailText(lines, action),
    html: mailLayout('Seus dados estão prontos', lines, action),
    actionUrl: url,
  };
}
