import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database, the spec’s launch date', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    expect(config.launchAt.toISOString()).toBe('2025-11-01T03:00:00.000Z');
    expect(config.google).toBeUndefined();
  });

  it('turns on Secure cookies for an https public address', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://estudai.com.br/' }).secureCookies).toBe(true);
  });

  it('fails listing every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'não é url', LAUNCH_AT: 'amanhã' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LAUNCH_AT/,
    );
  });
});

describe('demo data on a public address (issue 25)', () => {
  it('seeds the demo by default on http, and not by default on https', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://estudai.com.br' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://estudai.com.br', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses SEED_DEMO=true on https without DEMO_PASSWORD, saying why', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://estudai.com.br', SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: .*exige DEMO_PASSWORD/,
    );
    const config = loadConfig({
      PUBLIC_URL: 'https://estudai.com.br',
      SEED_DEMO: 'true',
      DEMO_PASSWORD: 'uma-senha-so-da-equipe',
    });
    expect(config).toMatchObject({ seedDemo: true, demoPassword: 'uma-senha-so-da-equipe' });
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://estudai.com.br', SEED_DEMO: 'true', DEMO_PASSWORD: 'curta' }),
    ).toThrow(/DEMO_PASSWORD: use pelo menos 12 caracteres/);
  });

  it('keeps files on the disk by default, and in S3 with S3_BUCKET and its two keys', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'disk' });
    expect(() => loadConfig({ S3_BUCKET: 'estudai' })).toThrow(
      /S3_ACCESS_KEY_ID: obrigatória com S3_BUCKET\n {2}S3_SECRET_ACCESS_KEY: obrigatória com S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'estudai', S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/);
    const config = loadConfig({
      S3_BUCKET: 'estudai',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'estudai',
      S3_SECRET_ACCESS_KEY: 'uma-senha-do-minio',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'estudai',
      region: 'us-east-1',
      accessKeyId: 'estudai',
      secretAccessKey: 'uma-senha-do-minio',
    });
    // compose passes an empty S3_BUCKET through when .env leaves it blank: the disk, not an error.
    expect(loadConfig({ S3_BUCKET: '' }).storage).toEqual({ driver: 'disk' });
  });
});
