const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The HTML of every e-mail the app sends: a title, paragraphs of text and one button. */
export function mailLayout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(action.url)}</p>
<p style="font-size:12px;color:#6b7280">Equipe Estudaí</p></div></body></html>`;
}

/** The plain-text part that goes with `mailLayout`. */
export const mailText = (paragraphs: string[], action: { label: string; url: string }) =>
  `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\nEquipe Estudaí`;

/** A whole e-mail with one action: its HTML (`mailLayout`), its text, and the link tests open. */
export function actionMail(
  to: string,
  subject: string,
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
) {
  return {
    to,
    subject,
    text: mailText(paragraphs, action),
    html: mailLayout(title, paragraphs, action),
    actionUrl: action.url,
  };
}
