import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseRichText } from './parse-rich-text.ts';
import { RichText, USER_LINK_REL } from './rich-text.tsx';

const renderText = (text: string) =>
  render(<RichText text={text} />).container.firstElementChild as HTMLElement;

describe('RichText', () => {
  it('makes **bold** text strong', () => {
    const root = renderText('Lembre: **energia cinética** conta');
    expect(root.querySelector('strong')).toHaveTextContent('energia cinética');
    expect(root).toHaveTextContent('Lembre: energia cinética conta');
  });

  it('turns line breaks into <br>', () => {
    const root = renderText('linha 1\nlinha 2\r\nlinha 3');
    expect(root.querySelectorAll('br')).toHaveLength(2);
  });

  it('links http(s) addresses in a new tab, marked as user content', () => {
    renderText('Veja https://pt.wikipedia.org/wiki/Fotoss%C3%ADntese. E [o resumo](http://exemplo.com/a).');
    const bare = screen.getByRole('link', { name: 'https://pt.wikipedia.org/wiki/Fotoss%C3%ADntese' });
    expect(bare).toHaveAttribute('href', 'https://pt.wikipedia.org/wiki/Fotoss%C3%ADntese');
    expect(bare).toHaveAttribute('target', '_blank');
    expect(bare).toHaveAttribute('rel', USER_LINK_REL);
    expect(USER_LINK_REL).toBe('noopener noreferrer nofollow ugc');
    expect(screen.getByRole('link', { name: 'o resumo' })).toHaveAttribute('href', 'http://exemplo.com/a');
  });

  it('does not turn javascript: or other schemes into links', () => {
    const root = renderText('[clique](javascript:alert(1)) e javascript:alert(2) e [x](data:text/html,oi)');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(root).toHaveTextContent('[clique](javascript:alert(1))');
  });

  it('shows HTML as text, never as elements', () => {
    const root = renderText('<script>alert("x")</script><img src=x onerror=alert(1)> <b>oi</b>');
    expect(root.querySelector('script, img, b')).toBeNull();
    expect(root).toHaveTextContent('<script>alert("x")</script><img src=x onerror=alert(1)> <b>oi</b>');
  });

  it('writes inline math between $…$ as MathML the browser typesets, without KaTeX', () => {
    const root = renderText('A área é $\\pi r^2$ sempre.');
    const math = root.querySelector('[data-math="inline"] math');
    // MathML elements are no HTMLElements: jest-dom's matchers refuse them, plain DOM reads them.
    expect(math?.getAttribute('display')).toBeNull();
    expect(math?.querySelector('annotation')?.textContent).toBe('\\pi r^2');
    expect(root.querySelector('.katex')).toBeNull();
  });

  it('writes block math between $$…$$ in display mode', () => {
    const root = renderText('Bhaskara:\n$$x = \\frac{-b \\pm \\sqrt{\\Delta}}{2a}$$\nfim');
    const math = root.querySelector('[data-math="block"] math');
    expect(math?.getAttribute('display')).toBe('block');
    expect(math?.querySelector('annotation')?.textContent).toBe('x = \\frac{-b \\pm \\sqrt{\\Delta}}{2a}');
  });

  it('typesets TeX beyond that subset with KaTeX (loaded on the first such formula)', async () => {
    const root = renderText('Vetor $\\overline{AB}$ e $$\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}$$');
    const inline = root.querySelector('[data-math="inline"]');
    await waitFor(() => expect(inline?.querySelector('.katex')).not.toBeNull());
    expect(inline?.querySelector('.katex-display')).toBeNull();
    expect(inline?.querySelector('annotation')).toHaveTextContent('\\overline{AB}');
    await waitFor(() => expect(root.querySelector('[data-math="block"] .katex-display')).not.toBeNull());
  });

  it('keeps bad TeX and KaTeX commands that could inject content harmless', async () => {
    const root = renderText('$\\frac{1}{$ e $\\href{javascript:alert(1)}{x}$ e $\\htmlId{a}{b}$');
    await waitFor(() => expect(root.querySelectorAll('.katex, .katex-error').length).toBeGreaterThan(0));
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('#a')).toBeNull();
  });

  it('writes Moodle and GIFT math, \\(…\\) inline and \\[…\\] in display mode, like $…$ and $$…$$', () => {
    const root = renderText('Se \\(x^2 = 4\\), então:\n\\[x = \\pm 2\\]\nfim');
    const inline = root.querySelector('[data-math="inline"] math');
    expect(inline?.getAttribute('display')).toBeNull();
    expect(inline?.querySelector('annotation')?.textContent).toBe('x^2 = 4');
    const block = root.querySelector('[data-math="block"] math');
    expect(block?.getAttribute('display')).toBe('block');
    expect(block?.querySelector('annotation')?.textContent).toBe('x = \\pm 2');
    expect(root).not.toHaveTextContent('\\(');
    expect(root.querySelectorAll('br')).toHaveLength(1);
  });

  it('leaves prices in reais as text', () => {
    const root = renderText('Custa R$ 10,00 ou R$20 e R$30.');
    expect(root.querySelector('[data-math]')).toBeNull();
    expect(root).toHaveTextContent('Custa R$ 10,00 ou R$20 e R$30.');
  });
});

describe('parseRichText', () => {
  it('keeps trailing punctuation out of a bare link', () => {
    expect(parseRichText('(ver https://a.com/x_(y)).')).toEqual([
      { type: 'text', value: '(ver ' },
      { type: 'link', href: 'https://a.com/x_(y)', label: 'https://a.com/x_(y)' },
      { type: 'text', value: ').' },
    ]);
  });

  it('reads \\$ as a literal dollar sign', () => {
    expect(parseRichText('\\$x\\$')).toEqual([{ type: 'text', value: '$x$' }]);
  });

  it('reads \\(…\\) as inline math on one line, and \\[…\\] as display math across lines', () => {
    expect(parseRichText('Área: \\( \\pi r^2 \\).')).toEqual([
      { type: 'text', value: 'Área: ' },
      { type: 'math', tex: '\\pi r^2', display: false },
      { type: 'text', value: '.' },
    ]);
    expect(parseRichText('Matriz:\n\\[\\begin{pmatrix} 1 \\\\ 2\n\\end{pmatrix}\\]\nfim')).toEqual([
      { type: 'text', value: 'Matriz:' },
      { type: 'break' },
      { type: 'math', tex: '\\begin{pmatrix} 1 \\\\ 2\n\\end{pmatrix}', display: true },
      { type: 'text', value: 'fim' },
    ]);
    // A backslash escapes the next character: `\\)` is TeX's line break then a parenthesis.
    expect(parseRichText('\\(a \\\\) b\\)')).toEqual([{ type: 'math', tex: 'a \\\\) b', display: false }]);
  });

  it('keeps \\( and \\[ without their closing, an inline one across lines and a lone backslash as text', () => {
    expect(parseRichText('Use \\(x sem fechar')).toEqual([{ type: 'text', value: 'Use \\(x sem fechar' }]);
    expect(parseRichText('\\[x')).toEqual([{ type: 'text', value: '\\[x' }]);
    expect(parseRichText('\\(x\ny\\)')).toEqual([
      { type: 'text', value: '\\(x' },
      { type: 'break' },
      { type: 'text', value: 'y\\)' },
    ]);
    expect(parseRichText('a \\ b e C:\\pasta e \\(\\)')).toEqual([
      { type: 'text', value: 'a \\ b e C:\\pasta e \\(\\)' },
    ]);
    // Escaped dollars stay dollars next to the new delimiters; a link after a backslash still links.
    expect(parseRichText('\\$5 e \\(y\\)')).toEqual([
      { type: 'text', value: '$5 e ' },
      { type: 'math', tex: 'y', display: false },
    ]);
    expect(parseRichText('\\[o resumo](https://a.com)')).toEqual([
      { type: 'text', value: '\\' },
      { type: 'link', href: 'https://a.com/', label: 'o resumo' },
    ]);
  });
});
