import { createElement, type ReactElement, type ReactNode } from 'react';

// The TeX students write most ($x^2$, $\frac{a}{b}$, $\sqrt{\Delta}$, $v = v_0 + a t$, Greek letters,
// \cdot, \pm, \leq…) as MathML, which the browser typesets itself: the feed shows its formulas without
// loading KaTeX (about 75 KiB of script, its CSS and fonts). Anything outside this subset returns
// null and KaTeX renders it, as before. Elements only, never HTML: the TeX cannot inject anything.

class Unsupported extends Error {}

/** Pairs "name symbol" separated by spaces, as written in TeX without the backslash. */
const table = (pairs: string) => {
  const words = pairs.trim().split(/\s+/);
  return Object.fromEntries(words.flatMap((word, i) => (i % 2 === 0 ? [[word, words[i + 1] ?? '']] : [])));
};

const SYMBOLS: Record<string, string> = table(`
  alpha α beta β gamma γ delta δ epsilon ϵ varepsilon ε zeta ζ eta η theta θ iota ι kappa κ
  lambda λ mu μ nu ν xi ξ pi π rho ρ sigma σ tau τ upsilon υ phi ϕ varphi φ chi χ psi ψ omega ω
  Gamma Γ Delta Δ Theta Θ Lambda Λ Xi Ξ Pi Π Sigma Σ Phi Φ Psi Ψ Omega Ω infty ∞ partial ∂ nabla ∇ ell ℓ
`);

const OPERATORS: Record<string, string> = table(`
  cdot ⋅ times × div ÷ pm ± mp ∓ leq ≤ le ≤ geq ≥ ge ≥ neq ≠ ne ≠ approx ≈ equiv ≡ sim ∼ cong ≅
  propto ∝ to → rightarrow → leftarrow ← Rightarrow ⇒ Leftarrow ⇐ Leftrightarrow ⇔ iff ⟺ implies ⟹
  in ∈ notin ∉ subset ⊂ subseteq ⊆ cup ∪ cap ∩ forall ∀ exists ∃ circ ∘ ldots … cdots ⋯ sum ∑
  prod ∏ int ∫ perp ⊥ parallel ∥ angle ∠ % % { { } } | ‖
`);

/** Function names, upright. */
const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'log',
  'ln',
  'exp',
  'lim',
  'max',
  'min',
]);

const SPACES: Record<string, string> = {
  ',': '0.1667em',
  ':': '0.2222em',
  ';': '0.2778em',
  ' ': '0.25em',
  quad: '1em',
  qquad: '2em',
};

const CHAR_OPERATORS = new Set([...'+=<>()[]|/!,;:.']);

const el = (tag: string, props: Record<string, string> | null, ...children: ReactNode[]) =>
  createElement(tag, props, ...children);

class Reader {
  private index = 0;
  private key = 0;
  constructor(private readonly tex: string) {}

  private get next() {
    return this.tex[this.index];
  }

  private skipSpaces() {
    while (this.next !== undefined && /\s/.test(this.next)) this.index++;
  }

  private node(tag: string, props: Record<string, string> | null, ...children: ReactNode[]) {
    return el(tag, { ...props, key: String(this.key++) }, ...children);
  }

  /** Atoms up to `close` (or the end when undefined), with their sub- and superscripts. */
  row(close?: string): ReactElement[] {
    const items: ReactElement[] = [];
    for (;;) {
      this.skipSpaces();
      if (this.next === undefined) {
        if (close !== undefined) throw new Unsupported();
        return items;
      }
      if (this.next === close) {
        this.index++;
        return items;
      }
      if (this.next === '^' || this.next === '_') {
        const base = items.pop() ?? this.node('mrow', null);
        items.push(this.scripts(base));
        continue;
      }
      items.push(this.atom());
    }
  }

  private scripts(base: ReactElement): ReactElement {
    let sub: ReactElement | undefined;
    let sup: ReactElement | undefined;
    for (;;) {
      this.skipSpaces();
      if (this.next === '_' && !sub) {
        this.index++;
        sub = this.argument();
      } else if (this.next === '^' && !sup) {
        this.index++;
        sup = this.argument();
      } else break;
    }
    if (sub && sup) return this.node('msubsup', null, base, sub, sup);
    if (sub) return this.node('msub', null, base, sub);
    return this.node('msup', null, base, sup);
  }

  /** A braced group, or the one atom that follows (as in x^2 or \frac12). */
  private argument(): ReactElement {
    this.skipSpaces();
    if (this.next === undefined) throw new Unsupported();
    if (this.next === '{') {
      this.index++;
      return this.node('mrow', null, ...this.row('}'));
    }
    if (/\d/.test(this.next)) return this.node('mn', null, this.tex[this.index++]);
    return this.atom();
  }

  private braced(): string {
    this.skipSpaces();
    if (this.next !== '{') throw new Unsupported();
    const end = this.tex.indexOf('}', this.index);
    if (end < 0) throw new Unsupported();
    const text = this.tex.slice(this.index + 1, end);
    if (/[{}\\$]/.test(text)) throw new Unsupported();
    this.index = end + 1;
    return text;
  }

  private atom(): ReactElement {
    const char = this.next ?? '';
    const number = /^\d+(?:\.\d+)?/.exec(this.tex.slice(this.index));
    if (number) {
      this.index += number[0].length;
      return this.node('mn', null, number[0]);
    }
    if (/[a-zA-Z]/.test(char)) {
      this.index++;
      return this.node('mi', null, char);
    }
    if (char === '{') {
      this.index++;
      return this.node('mrow', null, ...this.row('}'));
    }
    if (char === '-') {
      this.index++;
      return this.node('mo', null, '−');
    }
    if (char === "'") {
      this.index++;
      return this.node('mo', null, '′');
    }
    if (CHAR_OPERATORS.has(char)) {
      this.index++;
      return this.node('mo', null, char);
    }
    if (char === '\\') return this.command();
    throw new Unsupported();
  }

  private command(): ReactElement {
    const name = /^\\([a-zA-Z]+|.)/.exec(this.tex.slice(this.index))?.[1];
    if (name === undefined) throw new Unsupported();
    this.index += name.length + 1;
    const space = SPACES[name];
    if (space) return this.node('mspace', { width: space });
    const symbol = SYMBOLS[name];
    if (symbol)
      return this.node(
        'mi',
        name.length > 1 && /^[A-Z]/.test(name) ? { mathvariant: 'normal' } : null,
        symbol,
      );
    const operator = OPERATORS[name];
    if (operator) return this.node('mo', null, operator);
    if (FUNCTIONS.has(name)) return this.node('mi', null, name);
    switch (name) {
      case 'frac':
      case 'dfrac':
      case 'tfrac':
        return this.node('mfrac', null, this.argument(), this.argument());
      case 'sqrt': {
        this.skipSpaces();
        if (this.next !== '[') return this.node('msqrt', null, this.argument());
        this.index++;
        const index = this.node('mrow', null, ...this.row(']'));
        return this.node('mroot', null, this.argument(), index);
      }
      case 'text':
      case 'textrm':
      case 'mathrm':
        return this.node(
          name === 'mathrm' ? 'mi' : 'mtext',
          name === 'mathrm' ? { mathvariant: 'normal' } : null,
          this.braced(),
        );
      case 'left':
      case 'right':
        this.skipSpaces();
        if (this.next !== '.') return this.next === '\\' ? this.command() : this.atom();
        this.index++;
        return this.node('mrow', null);
      default:
        throw new Unsupported();
    }
  }
}

/** The formula as a MathML element, or null when it uses TeX this reader does not know. */
export function texToMathml(tex: string, display: boolean): ReactElement | null {
  try {
    const row = new Reader(tex).row();
    return el(
      'math',
      display ? { display: 'block' } : null,
      el(
        'semantics',
        null,
        el('mrow', null, ...row),
        el('annotation', { encoding: 'application/x-tex' }, tex),
      ),
    );
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}
