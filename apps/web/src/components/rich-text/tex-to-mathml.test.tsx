import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { texToMathml } from './tex-to-mathml.ts';

/** The formula rendered, as markup without the TeX annotation. */
function mathml(tex: string, display = false) {
  const element = texToMathml(tex, display);
  if (!element) return null;
  const { container } = render(element);
  container.querySelector('annotation')?.remove();
  return container.innerHTML;
}

describe('texToMathml', () => {
  it('writes powers, numbers and operators as MathML', () => {
    expect(mathml('x^2 - 5x + 6 = 0')).toBe(
      '<math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>−</mo><mn>5</mn><mi>x</mi><mo>+</mo><mn>6</mn><mo>=</mo><mn>0</mn></mrow></semantics></math>',
    );
  });

  it('writes fractions, roots, subscripts, Greek letters and spacing', () => {
    expect(mathml('x = \\frac{5 \\pm 1}{2}')).toContain(
      '<mfrac><mrow><mn>5</mn><mo>±</mo><mn>1</mn></mrow><mrow><mn>2</mn></mrow></mfrac>',
    );
    expect(mathml('\\sqrt{\\Delta}')).toContain(
      '<msqrt><mrow><mi mathvariant="normal">Δ</mi></mrow></msqrt>',
    );
    expect(mathml('\\sqrt[3]{8}')).toContain('<mroot><mrow><mn>8</mn></mrow><mrow><mn>3</mn></mrow></mroot>');
    expect(mathml('v = v_0 + a t')).toContain('<msub><mi>v</mi><mn>0</mn></msub>');
    expect(mathml('x_1^2')).toContain('<msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup>');
    expect(mathml('2\\,m/s^2')).toContain('<mspace width="0.1667em"></mspace>');
    expect(mathml('\\pi r^2')).toContain('<mi>π</mi>');
    expect(mathml('E = mc^2', true)).toMatch(/^<math display="block">/);
  });

  it('keeps the TeX as the annotation, for copying and assistive technology', () => {
    const { container } = render(texToMathml('a^0 = 1', false) ?? <span />);
    expect(container.querySelector('annotation')?.textContent).toBe('a^0 = 1');
  });

  it('shows \\text as text, never as elements', () => {
    const { container } = render(texToMathml('\\text{<img src=x onerror=alert(1)>}', false) ?? <span />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('mtext')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it.each([
    ['an environment', '\\begin{pmatrix} a \\\\ b \\end{pmatrix}'],
    ['an unknown command', '\\overline{AB}'],
    ['a KaTeX-only command', '\\href{javascript:alert(1)}{x}'],
    ['an unclosed group', '\\frac{1}{'],
    ['alignment', 'a & b'],
  ])('leaves %s to KaTeX', (_case, tex) => {
    expect(texToMathml(tex, false)).toBeNull();
  });
});
