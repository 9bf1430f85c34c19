import { useEffect, useMemo, useState } from 'react';
import { texToMathml } from './tex-to-mathml.ts';

type Katex = typeof import('katex').default;

// KaTeX (about 75 KiB of script plus its fonts' CSS) loads on the first formula the browser cannot
// typeset itself (tex-to-mathml.ts), not with the app: most formulas never need it.
let katex: Katex | null = null;
let loading: Promise<Katex> | null = null;

function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([module]) => {
    katex = module.default;
    return katex;
  });
  return loading;
}

/**
 * A formula. In the TeX subset of tex-to-mathml.ts: MathML elements the browser typesets, no HTML.
 * Otherwise KaTeX's output, the only HTML the app injects: KaTeX builds it from the TeX itself,
 * with `trust: false` (no \href, \includegraphics, \htmlClass…) and errors shown in place instead
 * of thrown. Until KaTeX has loaded, the TeX shows as plain text.
 */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const native = useMemo(() => texToMathml(tex, display), [tex, display]);
  const className = display ? 'my-2 block overflow-x-auto overflow-y-hidden' : undefined;
  if (native) {
    return (
      <span data-math={display ? 'block' : 'inline'} className={className}>
        {native}
      </span>
    );
  }
  return <KatexFormula tex={tex} display={display} className={className} />;
}

function KatexFormula({ tex, display, className }: { tex: string; display: boolean; className?: string }) {
  const [renderer, setRenderer] = useState<Katex | null>(katex);
  useEffect(() => {
    if (renderer) return;
    let active = true;
    void loadKatex().then((loaded) => {
      if (active) setRenderer(() => loaded);
    });
    return () => {
      active = false;
    };
  }, [renderer]);
  const html = useMemo(
    () =>
      renderer?.renderToString(tex, {
        displayMode: display,
        throwOnError: false,
        trust: false,
        strict: 'ignore',
        maxExpand: 500,
      }) ?? null,
    [renderer, tex, display],
  );
  // A span even for display math, so formulas may sit inside buttons and labels (answer options).
  if (html === null) {
    return (
      <span data-math={display ? 'block' : 'inline'} className={className}>
        {tex}
      </span>
    );
  }
  return (
    <span
      data-math={display ? 'block' : 'inline'}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output from trust:false rendering
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
