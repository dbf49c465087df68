import { readImageStorage } from './storageConfig';

describe('image storage configuration', () => {
  it('is a directory or nothing (the default) without S3 variables', () => {
    expect(readImageStorage({})).toEqual({ storage: undefined, problems: [] });
    expect(readImageStorage({ IMAGE_STORAGE_DIR: '/srv/images', S3_BUCKET: '' })).toEqual({ storage: { kind: 'disk', dir: '/srv/images' }, problems: [] });
  });

  it('reads a bucket with its defaults', () => {
    expect(readImageStorage({ S3_BUCKET: 'fable-avatars' }).storage).toEqual({
      kind: 's3',
      s3: { bucket: 'fable-avatars', region: 'us-east-1', endpoint: undefined, accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false, keyPrefix: '' },
    });
    const minio = readImageStorage({
      S3_BUCKET: 'avatars',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_KEY_PREFIX: 'fable/',
    });
    expect(minio.storage).toMatchObject({ kind: 's3', s3: { endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, keyPrefix: 'fable/', accessKeyId: 'id' } });
    expect(readImageStorage({ S3_BUCKET: 'avatars', S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ s3: { forcePathStyle: false } });
  });

  it('refuses half a configuration, naming each variable', () => {
    expect(readImageStorage({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id' }).problems).toEqual([
      'S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID are set',
      'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID',
    ]);
    expect(readImageStorage({ S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 's' }).problems).toEqual(['S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY']);
    expect(readImageStorage({ S3_BUCKET: 'avatars', IMAGE_STORAGE_DIR: '/srv' }).problems).toEqual(['IMAGE_STORAGE_DIR: set together with S3_BUCKET; choose one place for images']);
    expect(readImageStorage({ S3_BUCKET: 'Bad_Bucket' }).problems).toHaveLength(1);
    expect(readImageStorage({ S3_BUCKET: 'avatars', S3_ENDPOINT: 'minio:9000' }).problems).toEqual(['S3_ENDPOINT: must start with http:// or https://']);
    expect(readImageStorage({ S3_BUCKET: 'avatars', S3_FORCE_PATH_STYLE: 'yes' }).problems).toEqual(['S3_FORCE_PATH_STYLE: must be true or false']);
    expect(readImageStorage({ S3_BUCKET: 'avatars', S3_KEY_PREFIX: 'fable' }).problems).toHaveLength(1);
    expect(readImageStorage({ S3_BUCKET: 'avatars', S3_KEY_PREFIX: 'fable' }).storage).toBeUndefined();
  });
});
