import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config.js';
import { assertValidKey, serverFileUrl } from './storage.keys.js';
import type { FileStorage } from './storage.types.js';

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException && (err.name === 'NotFound' || err.$metadata.httpStatusCode === 404));

/** An S3-compatible bucket (AWS, MinIO, Ceph, …) through the AWS SDK v3. */
export const createS3Storage = (
  config: Extract<StorageConfig, { kind: 's3' }>,
  publicUrl: string,
): FileStorage => {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible stores reject the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    put: async (key, body, { contentType, metadata }) => {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          Metadata: metadata,
        }),
      );
    },
    get: async (key, range) => {
      assertValidKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(res.Body instanceof Readable)) {
          throw new Error('the S3 client answered a body that is not a Node stream');
        }
        return {
          body: res.Body,
          contentType: res.ContentType ?? 'application/octet-stream',
          size: res.ContentLength,
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    delete: async (key) => {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    publicUrl: (key) => (config.publicUrl ? `${config.publicUrl}/${key}` : serverFileUrl(publicUrl, key)),
  };
};
