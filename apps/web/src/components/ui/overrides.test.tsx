import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { classesMatching } from '../../test/classes.ts';
import { Dialog, DialogContent } from './dialog.tsx';
import { Skeleton } from './skeleton.tsx';
import { Spinner } from './spinner.tsx';
import { Textarea } from './textarea.tsx';

// `cn` joins classes without merging them: of two utilities for the same property the stylesheet's
// order decides, not the caller. So each of these carries exactly one, the one asked for.

describe('ui components choose among their own sizes and shapes', () => {
  it('gives a skeleton one corner radius: rounded-lg, or the one asked for', () => {
    render(
      <>
        <Skeleton data-testid="line" className="h-4" />
        <Skeleton data-testid="circle" radius="full" className="size-10" />
        <Skeleton data-testid="block" radius="2xl" className="h-20" />
      </>,
    );
    expect(classesMatching(screen.getByTestId('line'), /^rounded/)).toEqual(['rounded-lg']);
    expect(classesMatching(screen.getByTestId('circle'), /^rounded/)).toEqual(['rounded-full']);
    expect(classesMatching(screen.getByTestId('block'), /^rounded/)).toEqual(['rounded-2xl']);
  });

  it("gives a spinner one size and one colour: 24 px indigo, or 16 px in the text's colour inside a button", () => {
    const { container } = render(
      <>
        <Spinner />
        <Spinner size="sm" tone="current" />
      </>,
    );
    const [standard, small] = container.querySelectorAll('svg');
    expect(classesMatching(standard as SVGElement, /^(size|text)-/)).toEqual(['size-6', 'text-indigo-600']);
    expect(classesMatching(small as SVGElement, /^(size|text)-/)).toEqual(['size-4', 'text-current']);
  });

  it('gives a text box one minimum height: 96 px, or 64 px when small', () => {
    render(
      <>
        <Textarea aria-label="Bio" />
        <Textarea aria-label="Resposta" size="sm" />
      </>,
    );
    expect(classesMatching(screen.getByLabelText('Bio'), /^min-h-/)).toEqual(['min-h-24']);
    expect(classesMatching(screen.getByLabelText('Resposta'), /^min-h-/)).toEqual(['min-h-16']);
  });

  it('gives a dialog one width from sm up: 512 px, or 768 px when large', () => {
    render(
      <Dialog open>
        <DialogContent title="Imagem 1 de 2" size="lg">
          conteúdo
        </DialogContent>
      </Dialog>,
    );
    expect(classesMatching(screen.getByRole('dialog'), /^sm:max-w-/)).toEqual(['sm:max-w-3xl']);
  });
});
