// Importing and exporting questions (issue 42): the formats, the limits and every pt-BR message.
// Without zod (the schemas are in imports.ts), so screens can import them through
// `@estudai/contract/constants`.

export const IMPORT_FORMATS = ['moodle_xml', 'gift', 'aiken', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const EXPORT_FORMATS = ['moodle_xml', 'gift'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Question posts, or one quiz per Moodle category (per file for the other formats). */
export const IMPORT_TARGETS = ['questions', 'quiz'] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
export const IMPORT_STATUSES = ['preview', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_MAX_QUESTIONS = 500;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  moodle_xml: 'Moodle XML',
  gift: 'GIFT',
  aiken: 'Aiken',
  csv: 'CSV (modelo Estudaí)',
};

/** The CSV template's header, in this order (docs/features.md shows an example). */
export const IMPORT_CSV_COLUMNS = [
  'enunciado',
  'alternativa_a',
  'alternativa_b',
  'alternativa_c',
  'alternativa_d',
  'alternativa_e',
  'gabarito',
  'explicacao',
  'materia',
  'assunto',
  'banca',
  'ano',
] as const;

export const IMPORT_MESSAGES = {
  forbidden: 'Só professores, mentores, tutores e administradores importam questões.',
  groupForbidden: 'Você só pode importar questões em grupos em que ensina.',
  exportGroupForbidden: 'Só quem ensina no grupo exporta as questões dele.',
  notFound: 'Importação não encontrada.',
  fileRequired: 'Envie um arquivo.',
  formatInvalid: 'Escolha o formato: Moodle XML, GIFT, Aiken ou CSV.',
  targetInvalid: 'Escolha importar como questões ou como quiz.',
  tooLarge: 'O arquivo passa de 10 MB.',
  tooManyQuestions: `O arquivo tem mais de ${IMPORT_MAX_QUESTIONS} questões; divida-o em partes.`,
  noQuestions: 'Nenhuma questão foi encontrada no arquivo.',
  notMoodleXml: 'O arquivo não é um XML do Moodle válido (esperávamos <quiz> com <question>).',
  notGift: 'O arquivo não está no formato GIFT (esperávamos questões com alternativas entre { }).',
  notAiken: 'O arquivo não está no formato Aiken (cada questão termina com uma linha ANSWER: letra).',
  notCsv: 'O arquivo não segue o modelo CSV do Estudaí (cabeçalho: enunciado, alternativa_a … ano).',
  notText: 'O arquivo precisa ser texto em UTF-8.',
  nothingToImport: 'Não há questões válidas para importar.',
  notPreview: 'Esta importação já foi confirmada.',
  alreadyImported: 'Estas questões já foram importadas (já importadas).',
  imageMissing: 'A questão usa uma imagem que não está no arquivo (falta o <file> com esse nome).',
  imageUnreadable:
    'A imagem da questão não pôde ser lida: envie-a em base64 como JPG, PNG, WebP, GIF ou AVIF.',
  imageTooLarge: 'A imagem da questão passa de 10 MB.',
  imageTooManyPixels: 'A imagem da questão é grande demais: envie uma com menos de 40 megapixels.',
  unsupportedType: 'Tipo de questão não suportado (só múltipla escolha e verdadeiro/falso).',
  noCorrect: 'A questão não tem alternativa correta.',
  manyCorrect: 'A questão tem mais de uma alternativa correta; só uma pode ser a certa.',
  keyMissing: 'Falta a linha ANSWER: com a letra da alternativa correta.',
  keyInvalid: 'O gabarito precisa ser uma letra de A a E.',
  subjectInvalid: 'Matéria desconhecida.',
  examInvalid: 'Banca desconhecida.',
  yearInvalid: 'Ano inválido.',
  unclosedBrace: 'A questão abre { e não fecha }.',
  exportFormatInvalid: 'Escolha o formato: Moodle XML ou GIFT.',
  simuladoExportForbidden: 'Só quem organiza o simulado exporta as questões dele.',
} as const;

/** The progress line of a running import: '142 de 300'. */
export const importProgressLabel = (done: number, total: number) => `${done} de ${total}`;
