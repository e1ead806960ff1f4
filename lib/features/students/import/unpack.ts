import "server-only";
import yauzl from "yauzl";

/**
 * Whether a ZIP file (an XLSX) stays within `limits` once unpacked, found by unpacking it and
 * counting: false as soon as the bytes pass `bytes` or the files pass `files`. Nothing unpacked is
 * kept, and the work stops at the limit: a 172 KB spreadsheet that unpacks to a gigabyte costs the
 * limit's worth of inflating (zlib's, off the event loop), not the gigabyte. An entry that unpacks to
 * more than its header declares is an error (yauzl checks it), as is a file that is not a ZIP.
 */
export async function unpacksWithin(archive: Uint8Array, limits: { bytes: number; files: number }): Promise<boolean> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength),
      { lazyEntries: true, validateEntrySizes: true },
      (error, opened) => (error ? reject(error) : resolve(opened)),
    ),
  );
  if (zip.entryCount > limits.files) {
    zip.close();
    return false;
  }
  let total = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith("/")) continue;
      // The header's size is checked first (no work for an honest large file), then the bytes themselves.
      if (total + entry.uncompressedSize > limits.bytes) return false;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.byteLength;
        if (total > limits.bytes) {
          (stream as unknown as { destroy(): void }).destroy();
          return false;
        }
      }
    }
    return true;
  } finally {
    zip.close();
  }
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (error: Error) => (cleanup(), reject(error));
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}
