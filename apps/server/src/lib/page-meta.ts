/** What a link preview (WhatsApp, Telegram, X…) shows of a shared page: Open Graph and Twitter card. */
export interface SharedPageMeta {
  title: string;
  description: string;
  /** The page's own address, absolute. */
  url: string;
  /** An absolute image address. */
  image: string;
  imageAlt: string;
  /** 'summary_large_image' for a photo, else 'summary'. */
  card: 'summary' | 'summary_large_image';
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The app's index.html with the page's own title, description and preview tags in its head. Every
 * value is escaped: the texts are what people typed.
 */
export function withPageMeta(indexHtml: string, meta: SharedPageMeta): string {
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Estudaí'],
    ['property', 'og:locale', 'pt_BR'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['property', 'og:image', meta.image],
    ['property', 'og:image:alt', meta.imageAlt],
    ['name', 'twitter:card', meta.card],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
    ['name', 'twitter:image', meta.image],
    ['name', 'twitter:image:alt', meta.imageAlt],
  ];
  const head = [
    `<meta name="description" content="${escapeAttribute(meta.description)}" />`,
    `<link rel="canonical" href="${escapeAttribute(meta.url)}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttribute(value)}" />`),
  ].join('\n    ');
  return indexHtml
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(meta.title)}</title>`)
    .replace('</head>', `    ${head}\n  </head>`);
}
