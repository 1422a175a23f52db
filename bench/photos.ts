// `npm run bench:photos`: a phone photo of an ID (4032x3024 JPEG of about 3 MB, EXIF orientation 6) made into the PDF
// a document field stores (server/files/photos.ts, docs/decisions/054-photos-are-documents.md): its time and size.
// The target is a PDF under 1.5 MB in under 2 s on this machine. A measurement, never a pass/fail test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { photosToPdf } from '#server/files/photos.ts';
import { isMain, runAlone, type Part } from './results.ts';

const WIDTH = 4032;
const HEIGHT = 3024;
const RUNS = 5;
const TARGET_BYTES = 1.5 * 1024 * 1024;
const TARGET_SECONDS = 2;

/** A made-up ID card on a table, with the grain of a phone sensor, encoded to about 3 MB as phones do. */
async function phonePhoto(): Promise<Buffer> {
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d8c9a8"/><stop offset="1" stop-color="#6b7f99"/></linearGradient></defs>' +
      '<rect width="100%" height="100%" fill="url(#g)"/><rect x="500" y="400" width="3000" height="2100" rx="80" fill="#f4f1ea"/>' +
      '<text x="700" y="900" font-size="220" font-family="sans-serif" fill="#1a2a4a">ESTADO LIBRE ASOCIADO</text>' +
      '<text x="700" y="1300" font-size="160" font-family="sans-serif" fill="#333">LICENCIA DE CONDUCIR 1234567</text>' +
      '<rect x="700" y="1500" width="800" height="900" fill="#8a6f5a"/></svg>',
  );
  const grain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
    .blur(0.5)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const pixels = await sharp(card).composite([{ input: grain, blend: 'overlay' }]).raw().toBuffer({ resolveWithObject: true });
  let photo = Buffer.alloc(0);
  // The quality that brings it to about 3 MB (phones write 2.5 to 4 MB at 12 MP).
  for (const quality of [90, 92, 94, 95, 96, 97]) {
    photo = await sharp(pixels.data, { raw: pixels.info }).withMetadata({ orientation: 6 }).jpeg({ quality }).toBuffer();
    if (photo.length >= 2.8 * 1024 * 1024) break;
  }
  return photo;
}

export async function benchPhotos(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-photos-'));
  try {
    const photo = await phonePhoto();
    const path = join(dir, 'id.jpg');
    writeFileSync(path, photo);
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      size = (await photosToPdf([{ path, kind: 'jpeg' }])).length;
      times.push((performance.now() - started) / 1000);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const slowest = sorted.at(-1) ?? 0;
    const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(2);
    return [
      `A ${WIDTH}x${HEIGHT} JPEG (EXIF orientation 6) made into a one-page PDF, ${RUNS} times in one process (the first includes loading libvips).`,
      '',
      `| photo MB | PDF MB | median s | slowest s | PDF < ${TARGET_BYTES / (1024 * 1024)} MB and < ${TARGET_SECONDS} s |`,
      '|---:|---:|---:|---:|:---:|',
      `| ${mb(photo.length)} | ${mb(size)} | ${median.toFixed(2)} | ${slowest.toFixed(2)} | ${size < TARGET_BYTES && slowest < TARGET_SECONDS ? 'yes' : 'no'} |`,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const photosPart: Part = { title: 'Photos to PDF', measure: benchPhotos };

if (isMain(import.meta.url)) await runAlone(photosPart);
