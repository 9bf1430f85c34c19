import type { ImportItem } from '@estudai/contract';

// Writing questions out: Moodle XML and GIFT, so that importing the file gives back the same
// statements, options, keys and explanations (the round trip of imports.test.ts). Metadata travels
// in Moodle tags (`materia:matematica`); a quiz's title (or the category) as a Moodle category.
// A question's image goes back into Moodle XML as a base64 `<file>` its statement shows (issue 42);
// GIFT has no way to carry a file, so a GIFT export leaves images out.

/** An image to embed in a Moodle statement: the name it takes in the file and its bytes in base64. */
export interface EmbeddedImage {
  name: string;
  base64: string;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '<br>');
}

/** HTML text inside CDATA (a `]]>` in the text is split across two sections). */
const htmlText = (text: string) =>
  `<text><![CDATA[${escapeHtml(text).replace(/]]>/g, ']]]]><![CDATA[>')}]]></text>`;

/** The statement, with its image first (the import takes the statement's first image as the question's). */
function statementOf(item: ImportItem, image: EmbeddedImage | undefined): string {
  if (!image) return htmlText(item.question);
  const tag = `<img src="@@PLUGINFILE@@/${encodeURIComponent(image.name)}" alt="">`;
  const text = `<text><![CDATA[${tag}${escapeHtml(item.question).replace(/]]>/g, ']]]]><![CDATA[>')}]]></text>`;
  return `${text}\n      <file name="${image.name}" path="/" encoding="base64">${image.base64}</file>`;
}

function moodleQuestion(item: ImportItem, index: number, image: EmbeddedImage | undefined): string {
  const isTrueFalse =
    item.options.length === 2 && item.options[0] === 'Verdadeiro' && item.options[1] === 'Falso';
  const answers = item.options.map((option, i) => {
    const fraction = i === item.correctAnswer ? '100' : '0';
    const text = isTrueFalse ? `<text>${i === 0 ? 'true' : 'false'}</text>` : htmlText(option);
    return `    <answer fraction="${fraction}" format="${isTrueFalse ? 'moodle_auto_format' : 'html'}">\n      ${text}\n    </answer>`;
  });
  const tags = (
    [
      ['materia', item.subject],
      ['assunto', item.topic],
      ['banca', item.exam],
      ['ano', item.year],
    ] as const
  )
    .filter(([, value]) => value !== undefined && value !== '')
    .map(
      ([name, value]) =>
        `      <tag><text><![CDATA[${name}:${String(value).replace(/]]>/g, ']] >')}]]></text></tag>`,
    );
  return [
    `  <question type="${isTrueFalse ? 'truefalse' : 'multichoice'}">`,
    `    <name><text>Questão ${index + 1}</text></name>`,
    `    <questiontext format="html">\n      ${statementOf(item, image)}\n    </questiontext>`,
    `    <generalfeedback format="html">\n      ${htmlText(item.explanation ?? '')}\n    </generalfeedback>`,
    '    <defaultgrade>1</defaultgrade>',
    ...(isTrueFalse
      ? []
      : [
          '    <single>true</single>',
          '    <shuffleanswers>true</shuffleanswers>',
          '    <answernumbering>ABCD</answernumbering>',
        ]),
    ...answers,
    ...(tags.length > 0 ? ['    <tags>', ...tags, '    </tags>'] : []),
    '  </question>',
  ].join('\n');
}

/**
 * A Moodle XML quiz file; each run of items of one category under its `category` question; an item
 * whose `imageUrl` is in `images` embeds it.
 */
export function toMoodleXml(
  items: ImportItem[],
  images: ReadonlyMap<string, EmbeddedImage> = new Map(),
): string {
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let category: string | undefined;
  items.forEach((item, index) => {
    if (item.category && item.category !== category) {
      category = item.category;
      parts.push(
        `  <question type="category">\n    <category><text><![CDATA[$course$/top/${category.replace(/\//g, '-')}]]></text></category>\n  </question>`,
      );
    }
    parts.push(moodleQuestion(item, index, item.imageUrl ? images.get(item.imageUrl) : undefined));
  });
  parts.push('</quiz>', '');
  return parts.join('\n');
}

/** GIFT's escapes; a new line before a letter stays a real one (`\n` + letter would read as LaTeX). */
function escapeGift(text: string): string {
  return text
    .replace(/([~=#{}:\\])/g, (char) => (char === '\\' ? '\\' : `\\${char}`))
    .replace(/\n(?!\p{L})/gu, '\\n');
}

function giftQuestion(item: ImportItem, index: number): string {
  const isTrueFalse =
    item.options.length === 2 && item.options[0] === 'Verdadeiro' && item.options[1] === 'Falso';
  const general = item.explanation ? `\n####${escapeGift(item.explanation)}` : '';
  const title = `::Questão ${index + 1}::`;
  if (isTrueFalse)
    return `${title}${escapeGift(item.question)} {${item.correctAnswer === 0 ? 'TRUE' : 'FALSE'}${general}}`;
  const answers = item.options.map(
    (option, i) => `\t${i === item.correctAnswer ? '=' : '~'}${escapeGift(option)}`,
  );
  return `${title}${escapeGift(item.question)} {\n${answers.join('\n')}${general}\n}`;
}

export function toGift(items: ImportItem[]): string {
  const parts: string[] = [];
  let category: string | undefined;
  items.forEach((item, index) => {
    if (item.category && item.category !== category) {
      category = item.category;
      parts.push(`$CATEGORY: $course$/top/${category}`);
    }
    parts.push(giftQuestion(item, index));
  });
  return `${parts.join('\n\n')}\n`;
}
