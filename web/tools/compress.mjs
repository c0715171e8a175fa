// Build step (Node): precompressed copies of the site's files, for `build.py serve`.
//
//   node web/tools/compress.mjs <min-bytes> <file>…
//
// Writes <file>.br (brotli, best quality) and <file>.gz (gzip -9) beside each file of at
// least <min-bytes> whose compressed copy is clearly smaller. The local server picks
// one by the request's Accept-Encoding, as a production host does, so local figures
// match what visitors download. Node's zlib is used because Python's standard library
// has no brotli. Files are shared between two worker threads (the build machine's cores).
import fs from "node:fs";
import os from "node:os";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";

const WORTH_IT = 0.9; // keep a copy only if it saves at least a tenth

function compress(file) {
  const data = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  const written = {};
  for (const [suffix, bytes] of [[".br", br], [".gz", gz]]) {
    if (bytes.length < data.length * WORTH_IT) {
      fs.writeFileSync(file + suffix, bytes);
      written[suffix] = bytes.length;
    }
  }
  return { file, bytes: data.length, ...written };
}

if (isMainThread) {
  const [minBytes, ...files] = process.argv.slice(2);
  const todo = files
    .filter((f) => fs.statSync(f).size >= Number(minBytes))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size); // biggest first
  const threads = Math.max(1, Math.min(os.availableParallelism?.() ?? 2, 4, todo.length));
  const shares = Array.from({ length: threads }, () => []);
  todo.forEach((file, i) => shares[i % threads].push(file));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: share });
          worker.once("message", resolve);
          worker.once("error", reject);
        }),
    ),
  );
  console.log(JSON.stringify(results.flat()));
} else {
  parentPort.postMessage(workerData.map(compress));
}
