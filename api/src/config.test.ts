import path from 'node:path';
import { ConfigError, IN_MEMORY, REPO_ROOT, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults that need nothing installed', () => {
    expect(loadConfig({})).toEqual({
      port: 3100,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDir: path.join(REPO_ROOT, '.data'),
      nodeEnv: 'development',
      logLevel: 'info',
    });
    expect(path.basename(REPO_ROOT)).not.toBe('api');
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://fable@db:5432/fable',
        REDIS_URL: 'redis://cache:6379',
        DATA_DIR: '/var/lib/fable',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://fable@db:5432/fable',
      redisUrl: 'redis://cache:6379',
      dataDir: '/var/lib/fable',
      nodeEnv: 'production',
      logLevel: 'warn',
    });
  });

  it('treats empty variables as unset and keeps the in-memory marker', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '', DATA_DIR: IN_MEMORY, NODE_ENV: 'test' });
    expect(config).toMatchObject({ port: 3100, databaseUrl: undefined, redisUrl: undefined, dataDir: ':memory:' });
    expect(config.logLevel).toBe('silent');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
      expect((err as Error).message).toMatch(/NODE_ENV/);
    }
  });
});
