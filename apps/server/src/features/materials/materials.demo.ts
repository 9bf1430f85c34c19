import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupMaterials, studyGroups } from '../../db/schema/index.ts';
import type { ObjectStore } from '../../plugins/storage.ts';
import { materialKey } from './materials.service.ts';
import { cleanFileName } from './materials.upload.ts';

/** PDF string literal: Latin-1 text (WinAnsi covers Portuguese) with ( ) \ escaped. */
const pdfText = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

/**
 * A small, valid one-page PDF (A4, Helvetica) with a title and a few lines, built by hand with
 * a correct cross-reference table so any reader opens it.
 */
export function tinyPdf(title: string, lines: string[] = []): Buffer {
  const text = [
    'BT /F1 18 Tf 56 780 Td',
    `${pdfText(title)} Tj`,
    '/F1 12 Tf 0 -32 Td 16 TL',
    ...lines.map((line) => `${pdfText(line)} '`),
    'ET',
  ].join('\n');
  const content = Buffer.from(text, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DemoMaterial {
  group: string;
  title: string;
  description: string;
  fileName: string;
  lines: string[];
}

const DEMO_MATERIALS: DemoMaterial[] = [
  {
    group: 'Matemática para o ENEM',
    title: 'Resumo: funções do 1º e 2º grau',
    description: 'Duas páginas de fórmulas e exemplos para revisar antes do simulado.',
    fileName: 'resumo-funcoes.pdf',
    lines: [
      'Função afim: f(x) = ax + b. Raiz: x = -b/a.',
      'Função quadrática: f(x) = ax² + bx + c.',
      'Vértice: xv = -b/2a, yv = -delta/4a.',
      'Bhaskara: x = (-b ± raiz de delta) / 2a, com delta = b² - 4ac.',
    ],
  },
  {
    group: 'Física: Mecânica do Zero',
    title: 'Lista de exercícios: cinemática',
    description: 'Dez questões de MRU e MRUV no estilo ENEM, com gabarito no fim.',
    fileName: 'lista-cinematica.pdf',
    lines: [
      '1. Um carro parte do repouso com a = 2 m/s². Qual a velocidade após 5 s?',
      '2. Um móvel percorre 120 km em 1,5 h. Qual a velocidade média?',
      'Gabarito: 1) 10 m/s  2) 80 km/h',
    ],
  },
];

/**
 * Demo PDFs in the demo groups (found by name, so this runs after the groups are seeded; a group
 * that is not there is skipped). The files go into the object store like real uploads.
 */
export async function seedDemoMaterials(db: Db, storage: ObjectStore): Promise<number> {
  let seeded = 0;
  for (const demo of DEMO_MATERIALS) {
    const [group] = await db
      .select({ id: studyGroups.id, ownerId: studyGroups.ownerId })
      .from(studyGroups)
      .where(eq(studyGroups.name, demo.group))
      .limit(1);
    if (!group) continue;
    const pdf = tinyPdf(demo.title, demo.lines);
    const storageKey = `${randomBytes(16).toString('hex')}.pdf`;
    await storage.put(materialKey(storageKey), pdf, 'application/pdf');
    await db.insert(groupMaterials).values({
      studyGroupId: group.id,
      uploadedBy: group.ownerId,
      title: demo.title,
      description: demo.description,
      storageKey,
      fileName: cleanFileName(demo.fileName),
      fileSize: pdf.length,
    });
    seeded++;
  }
  return seeded;
}
