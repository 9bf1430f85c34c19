import fs from 'node:fs';
import path from 'node:path';
import {
  GROUP_ERROR_CODES,
  GROUP_MESSAGES,
  MATERIAL_MAX_BYTES,
  materialSchema,
  pageOf,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { groupMaterials, notifications } from '../../db/schema/index.ts';
import { tinyPdf } from './materials.demo.ts';
import { purgeDeletedMaterials } from './materials.service.ts';
import { materialsDir, sweepStaleUploads } from './materials.upload.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let group: Awaited<ReturnType<typeof createGroup>>;
let ownerCookie: string;
let memberCookie: string;
let outsiderCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  owner = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  group = await createGroup(t.app, owner);
  const member = await createUser(t.app);
  await addMember(t.app, group, member);
  ownerCookie = await signedInAs(t.app, owner);
  memberCookie = await signedInAs(t.app, member);
  outsiderCookie = await signedInAs(t.app, await createUser(t.app));
});
afterAll(async () => {
  await t.app.close();
});

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body as a browser's FormData sends it. */
function form(parts: Part[]) {
  const boundary = '----estudai-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/pdf'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const pdf = tinyPdf('Lista de exercícios');
const upload = (parts: Part[], cookie = ownerCookie, groupId = group.id) => {
  const { payload, contentType } = form(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/study-groups/${groupId}/materials`,
    payload,
    headers: { cookie, 'content-type': contentType },
  });
};
const pdfUpload = (title = 'Lista 1 — Cinemática', content = pdf, filename = 'lista-1.pdf') =>
  upload([
    { name: 'title', value: title },
    { name: 'description', value: 'Exercícios resolvidos' },
    { name: 'file', filename, content },
  ]);
const uploaded = async () => {
  const res = await pdfUpload();
  expect(res.statusCode).toBe(201);
  return materialSchema.parse(res.json().data);
};
const list = (cookie: string, groupId = group.id) =>
  t.app.inject({ method: 'GET', url: `/api/study-groups/${groupId}/materials`, headers: { cookie } });
const download = (materialId: string, cookie: string, groupId = group.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/study-groups/${groupId}/materials/${materialId}/download`,
    headers: { cookie },
  });
/** Every file under DATA_DIR/materials, temporary ones included. */
const storedFiles = () => {
  const dir = materialsDir(t.config.dataDir);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('uploading materials', () => {
  it('tells the members of the new material', async () => {
    await uploaded();
    await t.app.ctx.jobs.drain();
    const told = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'study_group'));
    expect(told.map((row) => row.message)).toEqual(['Carla Mendes enviou um novo material.']);
  });

  it('stores the owner’s PDF and answers the material', async () => {
    const material = await uploaded();
    expect(material).toMatchObject({
      studyGroupId: group.id,
      title: 'Lista 1 — Cinemática',
      description: 'Exercícios resolvidos',
      type: 'pdf',
      fileName: 'lista-1.pdf',
      fileSize: pdf.length,
      downloadCount: 0,
      isVisible: true,
      uploadedBy: owner.id,
      fileUrl: `/api/study-groups/${group.id}/materials/${material.id}/download`,
    });
    const files = storedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(fs.readFileSync(path.join(materialsDir(t.config.dataDir), files[0] ?? ''))).toEqual(pdf);
  });

  it('accepts the fields after the file, and a missing description', async () => {
    const res = await upload([
      { name: 'file', filename: 'resumo.pdf', content: pdf },
      { name: 'title', value: 'Resumo' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ title: 'Resumo', description: '' });
  });

  it('refuses a file over 20 MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(21 * 1024 * 1024 - pdf.length, 0x20)]);
    let res = await pdfUpload('Grande', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: GROUP_MESSAGES.materialTooLarge, code: 'TOO_LARGE' });
    // Just over the limit, so the form passes the size announced up front and is cut while streaming.
    const justOver = Buffer.concat([pdf, Buffer.alloc(MATERIAL_MAX_BYTES + 1 - pdf.length, 0x20)]);
    res = await pdfUpload('Grande', justOver);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_LARGE');
    expect(storedFiles()).toEqual([]);
    expect((await list(ownerCookie)).json().data).toEqual([]);
  });

  it('accepts a file of exactly 20 MB', async () => {
    const exact = Buffer.concat([pdf, Buffer.alloc(MATERIAL_MAX_BYTES - pdf.length, 0x20)]);
    const res = await pdfUpload('No limite', exact);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.fileSize).toBe(MATERIAL_MAX_BYTES);
  });

  it('refuses a PNG renamed .pdf (checked by its bytes) and keeps nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const res = await upload([
      { name: 'title', value: 'Mapa mental' },
      { name: 'file', filename: 'mapa.pdf', content: png, type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: GROUP_MESSAGES.materialNotPdf, code: GROUP_ERROR_CODES.invalidFile });
    expect(storedFiles()).toEqual([]);
  });

  it.each([
    [
      'an empty file',
      [
        { name: 'title', value: 'Vazio' },
        { name: 'file', filename: 'v.pdf', content: Buffer.alloc(0) },
      ],
    ],
    ['no file at all', [{ name: 'title', value: 'Sem arquivo' }]],
    [
      'the file under another field name',
      [
        { name: 'title', value: 'X' },
        { name: 'anexo', filename: 'a.pdf', content: pdf },
      ],
    ],
  ] as [string, Part[]][])('refuses %s (400 INVALID_FILE)', async (_name, parts) => {
    const res = await upload(parts);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(GROUP_ERROR_CODES.invalidFile);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a blank or missing title with the contract’s message and keeps nothing', async () => {
    for (const parts of [
      [
        { name: 'title', value: '   ' },
        { name: 'file', filename: 'a.pdf', content: pdf },
      ],
      [{ name: 'file', filename: 'a.pdf', content: pdf }],
    ] as Part[][]) {
      const res = await upload(parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(GROUP_MESSAGES.materialTitleRequired);
    }
    const long = await pdfUpload('a'.repeat(151));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(GROUP_MESSAGES.textTooLong);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a body that is not a form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/study-groups/${group.id}/materials`,
      payload: { title: 'JSON' },
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/study-groups/${group.id}/materials`,
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nsem fim',
      headers: { cookie: ownerCookie, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBe(400);
    expect(storedFiles()).toEqual([]);
  });

  it('lets only the owner upload: 403 for a member and for an outsider', async () => {
    let res = await upload(
      [
        { name: 'title', value: 'T' },
        { name: 'file', filename: 'a.pdf', content: pdf },
      ],
      memberCookie,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(GROUP_MESSAGES.editForbidden);
    res = await upload(
      [
        { name: 'title', value: 'T' },
        { name: 'file', filename: 'a.pdf', content: pdf },
      ],
      outsiderCookie,
    );
    expect(res.statusCode).toBe(403);
    expect(storedFiles()).toEqual([]);
  });

  it('keeps an accented file name, sanitised', async () => {
    const res = await pdfUpload('Funções', pdf, '../../Resumo de Funções (1º ano).pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.fileName).toBe('Resumo de Funções (1º ano).pdf');
  });
});

describe('listing and downloading materials', () => {
  it('lists newest first to members and the owner, with pages', async () => {
    const first = await uploaded();
    const second = await uploaded();
    const res = await list(memberCookie);
    expect(res.statusCode).toBe(200);
    const page = pageOf(materialSchema).parse(res.json());
    expect(page.data.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(page.hasMore).toBe(false);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${group.id}/materials?page=1&limit=1`,
      headers: { cookie: memberCookie },
    });
    expect(one.json()).toMatchObject({ hasMore: true, data: [{ id: second.id }] });
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${group.id}/materials?limit=500`,
      headers: { cookie: memberCookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('streams the PDF as an attachment with its name and counts the download', async () => {
    const res0 = await pdfUpload('Funções', pdf, 'Resumo de Funções.pdf');
    const material = materialSchema.parse(res0.json().data);
    const res = await download(material.id, memberCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Resumo de Funcoes.pdf"; filename*=UTF-8''Resumo%20de%20Fun%C3%A7%C3%B5es.pdf`,
    );
    expect(res.rawPayload).toEqual(pdf);
    await download(material.id, ownerCookie);
    const [listed] = (await list(memberCookie)).json().data;
    expect(listed.downloadCount).toBe(2);
  });

  it('hides everything from outsiders with 403, and from members whose access expired', async () => {
    const material = await uploaded();
    for (const res of [await list(outsiderCookie), await download(material.id, outsiderCookie)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(GROUP_MESSAGES.membersOnly);
    }
    const expired = await createUser(t.app);
    await addMember(t.app, group, expired, { expiresAt: new Date(Date.now() - 1000) });
    expect((await download(material.id, await signedInAs(t.app, expired))).statusCode).toBe(403);
    const [row] = (await list(ownerCookie)).json().data;
    expect(row.downloadCount).toBe(0);
  });

  it('answers 404 for malformed or unknown ids, and for a material of another group', async () => {
    const material = await uploaded();
    const other = await createGroup(t.app, owner, { name: 'Outro grupo' });
    const cases = [
      await list(ownerCookie, 'nao-e-um-id'),
      await download('nao-e-um-id', ownerCookie),
      await download('8a0e2f6e-5b8a-4c1e-9a55-3f7f2b1d9c00', ownerCookie),
      await download(material.id, ownerCookie, other.id),
      await download(material.id, ownerCookie, 'nao-e-um-id'),
    ];
    expect(cases.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404]);
  });

  it('hides a hidden material from members but not from the owner', async () => {
    const material = await uploaded();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/study-groups/${group.id}/materials/${material.id}`,
      payload: { isVisible: false },
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isVisible).toBe(false);
    expect((await list(memberCookie)).json().data).toEqual([]);
    expect((await download(material.id, memberCookie)).statusCode).toBe(404);
    expect((await list(ownerCookie)).json().data).toHaveLength(1);
    expect((await download(material.id, ownerCookie)).statusCode).toBe(200);
  });
});

describe('editing and deleting materials', () => {
  const patch = (materialId: string, payload: object, cookie = ownerCookie) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/study-groups/${group.id}/materials/${materialId}`,
      payload,
      headers: { cookie },
    });
  const remove = (materialId: string, cookie = ownerCookie) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/study-groups/${group.id}/materials/${materialId}`,
      headers: { cookie },
    });

  it('lets the owner rename and describe a material', async () => {
    const material = await uploaded();
    const res = await patch(material.id, { title: '  Lista 1 (revisada) ', description: 'Nova versão' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Lista 1 (revisada)', description: 'Nova versão' });
  });

  it('refuses bad edits: blank title, unknown fields, members and outsiders (403)', async () => {
    const material = await uploaded();
    let res = await patch(material.id, { title: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(GROUP_MESSAGES.materialTitleRequired);
    expect((await patch(material.id, { downloadCount: 99 })).statusCode).toBe(400);
    res = await patch(material.id, { isVisible: false }, memberCookie);
    expect(res.statusCode).toBe(403);
    expect((await patch(material.id, { isVisible: false }, outsiderCookie)).statusCode).toBe(403);
    expect((await patch('nao-e-um-id', { isVisible: false })).statusCode).toBe(404);
    expect((await list(memberCookie)).json().data[0].isVisible).toBe(true);
  });

  it('soft-deletes at once for everyone (list, download, counts); members may not', async () => {
    const material = await uploaded();
    expect((await remove(material.id, memberCookie)).statusCode).toBe(403);
    expect((await remove(material.id, outsiderCookie)).statusCode).toBe(403);
    expect((await list(memberCookie)).json().data).toHaveLength(1);
    const res = await remove(material.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: material.id } });
    expect((await list(ownerCookie)).json().data).toEqual([]);
    expect((await list(memberCookie)).json().data).toEqual([]);
    expect((await remove(material.id)).statusCode).toBe(404);
    expect((await download(material.id, ownerCookie)).statusCode).toBe(404);
    expect((await download(material.id, memberCookie)).statusCode).toBe(404);
    expect((await patch(material.id, { title: 'De volta?' })).statusCode).toBe(404);
    const groupPage = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${group.id}`,
      headers: { cookie: memberCookie },
    });
    expect(groupPage.json().data.materialsCount).toBe(0);
  });

  it('keeps a deleted material’s row and file for 30 days, then the periodic job purges both', async () => {
    const material = await uploaded();
    const kept = await uploaded();
    await remove(material.id);
    expect(storedFiles()).toHaveLength(2);
    const deletedAt = new Date();
    const day = 24 * 3_600_000;
    expect(await purgeDeletedMaterials(t.app.ctx, new Date(deletedAt.getTime() + 29 * day))).toBe(0);
    expect(storedFiles()).toHaveLength(2);
    expect(await purgeDeletedMaterials(t.app.ctx, new Date(deletedAt.getTime() + 31 * day))).toBe(1);
    expect(storedFiles()).toHaveLength(1);
    const rows = await t.app.ctx.database.db.select({ id: groupMaterials.id }).from(groupMaterials);
    expect(rows).toEqual([{ id: kept.id }]);
    expect((await download(kept.id, memberCookie)).statusCode).toBe(200);
  });
});

describe('temporary uploads', () => {
  it('sweeps only the temporary files a crashed process left over an hour ago', async () => {
    const material = await uploaded();
    const dir = materialsDir(t.config.dataDir);
    fs.writeFileSync(path.join(dir, '.upload-old'), 'x');
    fs.writeFileSync(path.join(dir, '.upload-running'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(path.join(dir, '.upload-old'), twoHoursAgo, twoHoursAgo);
    await sweepStaleUploads(t.config.dataDir, Date.now());
    expect(storedFiles().sort()).toEqual(['.upload-running', expect.stringMatching(/^[a-f0-9]{32}\.pdf$/)]);
    expect((await download(material.id, ownerCookie)).statusCode).toBe(200);
  });
});
