import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDirStorage, signS3 } from '../src/lib/storage.ts';

describe('storage', () => {
  it('directory backend stores, reads and deletes, and refuses escaping keys', async () => {
    const s = createDirStorage(mkdtempSync(path.join(tmpdir(), 'store-')));
    await s.put('t1/photos/a.jpg', Buffer.from('abc'), 'image/jpeg');
    expect(await s.get('t1/photos/a.jpg')).toEqual({ body: Buffer.from('abc'), contentType: 'image/jpeg' });
    await s.delete('t1/photos/a.jpg');
    expect(await s.get('t1/photos/a.jpg')).toBeNull();
    await expect(s.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(s.put('/abs', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
  });

  it('S3 signature matches the AWS Signature V4 documented example (GET object)', () => {
    const headers = signS3(
      {
        endpoint: 'https://examplebucket.s3.amazonaws.com',
        bucket: 'examplebucket',
        accessKey: 'AKIAIOSFODNN7EXAMPLE',
        secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      'GET',
      new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      null,
      { range: 'bytes=0-9' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
