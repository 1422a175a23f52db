// Decodes one HEIC/HEIF photo off the main thread (server/files/photos.ts): libheif in WebAssembly decodes a 12 MP
// photo in seconds of synchronous work, which would stop every other request if it ran on the event loop.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

try {
  // libheif applies the file's own rotation and mirroring (irot, imir): the pixels come out the right way up.
  const image = await decode({ buffer: await readFile(workerData.path) });
  const pixels = new Uint8Array(image.data.byteLength);
  pixels.set(image.data);
  parentPort.postMessage({ width: image.width, height: image.height, pixels }, [pixels.buffer]);
} catch (error) {
  parentPort.postMessage({ error: String(error) });
}
