import { createClassInputSchema, createSimuladoInputSchema, groupPageInputSchema } from '@estudai/contract';
import { TEACHING_MESSAGES as M, SIMULADO_MESSAGES } from '@estudai/contract/constants';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { bodyResolver, firstErrorMessage } from './form.ts';

// What react-hook-form passes a resolver; these forms use none of it.
const options = { fields: {}, shouldUseNativeValidation: false } as never;

interface Typed {
  title: string;
  startsAt: string;
  minutes: string;
}
const classResolver = bodyResolver(createClassInputSchema, (values: Typed) => ({
  title: values.title,
  startsAt: values.startsAt,
  durationMinutes: Number(values.minutes),
  meetingUrl: 'https://meet.google.com/x',
}));

describe('bodyResolver', () => {
  it('checks the body the fields make with the contract schema, and gives its parsed values', async () => {
    const result = await classResolver(
      { title: '  Plantão  ', startsAt: '2026-12-05T19:30:00-03:00', minutes: '90' },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      title: 'Plantão',
      startsAt: '2026-12-05T19:30:00-03:00',
      durationMinutes: 90,
      meetingUrl: 'https://meet.google.com/x',
    });
  });

  it("names the errors as the body's fields", async () => {
    const result = await classResolver({ title: '', startsAt: '', minutes: 'x' }, undefined, options);
    expect(Object.keys(result.errors)).toEqual(['title', 'startsAt', 'durationMinutes']);
  });
});

describe('firstErrorMessage', () => {
  const firstIssue = (
    schema: { safeParse: (input: unknown) => { error?: { issues: { message: string }[] } } },
    input: unknown,
  ) => schema.safeParse(input).error?.issues[0]?.message;

  it("is the schema's first message, as the forms showed it before react-hook-form", async () => {
    const body = { title: '', startsAt: 'amanhã', durationMinutes: 0, meetingUrl: 'http://x' };
    const { errors } = await bodyResolver(createClassInputSchema, (values: typeof body) => values)(
      body,
      undefined,
      options,
    );
    expect(firstErrorMessage(errors)).toBe(M.classTitleRequired);
    expect(firstErrorMessage(errors)).toBe(firstIssue(createClassInputSchema, body));
  });

  it('goes into lists in their order, and reaches a rule over the whole form', async () => {
    const page = {
      learnOutcomes: '',
      syllabus: [
        { title: 'Cinemática', lessons: [] },
        { title: '', lessons: [] },
      ],
      faq: [{ question: '', answer: '' }],
    };
    const { errors } = await bodyResolver(groupPageInputSchema, (values: typeof page) => values)(
      page,
      undefined,
      options,
    );
    expect(firstErrorMessage(errors)).toBe(M.syllabusModuleRequired);

    const simulado = {
      title: 'Simulado',
      questions: [],
      durationMinutes: 90,
      opensAt: '2026-11-26T15:00',
      closesAt: '2026-11-26T14:00',
      showRanking: true,
    };
    const inverted = await bodyResolver(createSimuladoInputSchema, (values: typeof simulado) => values)(
      simulado,
      undefined,
      options,
    );
    expect(firstErrorMessage(inverted.errors)).toBe(SIMULADO_MESSAGES.windowInverted);
  });

  it('is a message set by hand, or nothing without errors', () => {
    expect(firstErrorMessage({ root: { type: 'server', message: 'Falhou.' } } as FieldErrors)).toBe(
      'Falhou.',
    );
    expect(firstErrorMessage({})).toBeUndefined();
    expect(firstErrorMessage(undefined)).toBeUndefined();
  });
});
