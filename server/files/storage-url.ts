// STORAGE_URL read into the settings of S3-compatible object storage (object-store.ts), without loading the AWS SDK:
// the configuration is read by every process and test, most of which never store a file in a bucket.

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
}

/**
 * STORAGE_URL: `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[?region=us-east-1&path_style=false]`. The key and secret
 * are URL-encoded; path-style addressing (`host/bucket/key`) is the default, which every S3-compatible server takes.
 */
export function parseStorageUrl(raw: string): S3Settings {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('STORAGE_URL must start with http:// or https://');
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (bucket === '' || bucket.includes('/')) throw new Error('STORAGE_URL must name one bucket as its path, e.g. https://KEY:SECRET@s3.example.org/portal-files');
  if (url.username === '' || url.password === '') throw new Error('STORAGE_URL must carry the access key and secret as user and password');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    pathStyle: url.searchParams.get('path_style') !== 'false',
  };
}
