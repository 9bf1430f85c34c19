import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';

/**
 * A formula typeset by KaTeX. Its output is the only HTML the app injects: KaTeX builds it from
 * the TeX itself, with `trust: false` (no \href, \includegraphics, \htmlClass…) and errors
 * shown in place instead of thrown.
 */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const html = useMemo(
    () =>
      katex.renderToString(tex, {
        displayMode: display,
        throwOnError: false,
        trust: false,
        strict: 'ignore',
        maxExpand: 500,
      }),
    [tex, display],
  );
  // A span even for display math, so formulas may sit inside buttons and labels (answer options).
  return (
    <span
      data-math={display ? 'block' : 'inline'}
      className={display ? 'my-2 block overflow-x-auto overflow-y-hidden' : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output from trust:false rendering
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
