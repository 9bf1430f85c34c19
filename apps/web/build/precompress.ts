// Build plugin: Brotli and gzip copies of the text files, sent as is by the server.
// Decision: docs/decisions/023-precompressed-static-files.md
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a Brotli and a gzip copy next to each text file of the build; the server sends them as is
 * (@fastify/static `preCompressed`), so a phone downloads about a third of the bytes and no CPU is
 * spent compressing per request.
 */
export function precompress(): Plugin {
  return {
    name: 'estudai:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|webmanifest)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}
