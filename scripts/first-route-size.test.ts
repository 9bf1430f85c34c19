import { describe, expect, it } from 'vitest';
import { chunkImports, chunkName, firstRoute, htmlScripts, lazyComponentChunk } from './first-route-size.ts';

describe('the first route of a built page', () => {
  it('reads the module scripts and modulepreloads of a page, not its other links', () => {
    const html = `<head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script type="module" crossorigin src="/assets/index-DLblu8GN.js"></script>
    <link rel="preload" as="fetch" crossorigin href="/api/posts/feed?limit=10">
    <link rel="modulepreload" crossorigin href="/assets/shell-CHDlmWKX.js">
    <script src="https://example.com/outside.js"></script>`;
    expect(htmlScripts(html)).toEqual(['assets/index-DLblu8GN.js', 'assets/shell-CHDlmWKX.js']);
  });

  it('tells static imports from dynamic ones in minified code', () => {
    const code =
      'const d=["assets/skip-AAAAAAAA.js"];import{t as e}from"./rolldown-runtime-XKyaHtl9.js";' +
      'import"./side-effect-BBBBBBBB.js";export{a as b}from"./reexport-CCCCCCCC.js";' +
      'const p=()=>import(`./landing-page-CR8s2i22.js`),q=import("./esm-CGN6Djv4.js");';
    expect(chunkImports(code)).toEqual({
      static: ['./rolldown-runtime-XKyaHtl9.js', './side-effect-BBBBBBBB.js', './reexport-CCCCCCCC.js'],
      dynamic: ['./landing-page-CR8s2i22.js', './esm-CGN6Djv4.js'],
    });
  });

  it('finds the chunk a lazy component is loaded from by its name', () => {
    const code =
      'var qs=U(()=>z(()=>import(`./signed-in-home-kjU6uVD9.js`).then(e=>e.t),__vite__mapDeps([7,1,3])),`Shell`),' +
      'Qs=U(()=>z(()=>import(`./feed-route-D-34ZFYJ.js`),__vite__mapDeps([32,7])),`FeedRoute`);';
    expect(lazyComponentChunk(code, 'Shell')).toBe('./signed-in-home-kjU6uVD9.js');
    expect(lazyComponentChunk(code, 'FeedRoute')).toBe('./feed-route-D-34ZFYJ.js');
    expect(lazyComponentChunk(code, 'LandingPage')).toBeUndefined();
  });

  it('names a chunk as the build did', () => {
    expect(chunkName('assets/feed-route-PSz82Zj-.js')).toBe('feed-route');
    expect(chunkName('assets/workbox-window.prod.es5-Bd17z0YL.js')).toBe('workbox-window.prod.es5');
  });

  it('follows static imports, then the awaited and idle chunks, each counted once', () => {
    const files: Record<string, string> = {
      'index.html': '<script type="module" src="/assets/index-AAAAAAAA.js"></script>',
      'assets/index-AAAAAAAA.js':
        'import"./react-BBBBBBBB.js";U(()=>V(()=>import(`./landing-page-CCCCCCCC.js`),__vite__mapDeps([1])),`LandingPage`);' +
        'U(()=>V(()=>import(`./other-page-DDDDDDDD.js`),__vite__mapDeps([2])),`OtherPage`);',
      'assets/react-BBBBBBBB.js': 'export const r=1;',
      'assets/landing-page-CCCCCCCC.js':
        'import"./react-BBBBBBBB.js";()=>import(`./workbox-window.prod.es5-EEEEEEEE.js`);',
      'assets/workbox-window.prod.es5-EEEEEEEE.js': 'export class W{}',
      'assets/other-page-DDDDDDDD.js': 'never read',
    };
    const read = (file: string) => {
      const text = files[file];
      if (text === undefined) throw new Error(`no ${file}`);
      return text;
    };
    const chunks = firstRoute(read, {
      html: 'index.html',
      waits: ['LandingPage'],
      idle: ['workbox-window'],
    });
    expect(Object.fromEntries(chunks.map((chunk) => [chunk.file, chunk.why]))).toEqual({
      'assets/index-AAAAAAAA.js': 'first render',
      'assets/react-BBBBBBBB.js': 'first render',
      'assets/landing-page-CCCCCCCC.js': 'waited for',
      'assets/workbox-window.prod.es5-EEEEEEEE.js': 'first idle',
    });
    expect(() => firstRoute(read, { html: 'index.html', waits: ['FeedRoute'], idle: [] })).toThrow(
      /loads the lazy component 'FeedRoute'/,
    );
    expect(() => firstRoute(read, { html: 'index.html', waits: [], idle: ['live-connection'] })).toThrow(
      /no chunk named 'live-connection'/,
    );
  });
});
