import "server-only";
import yauzl from "yauzl";

/**
 * The files of a ZIP (an XLSX), unpacked into memory only while they stay within `limits`: null as
 * soon as the bytes pass `limits.bytes` or the files `limits.files`, so a 150 KB spreadsheet that
 * unpacks to a gigabyte costs the limit's worth of inflating (zlib's, off the event loop), not the
 * gigabyte. An entry that unpacks to more than its header declares is an error (yauzl checks it), as
 * is a file that is not a ZIP.
 */
export async function unpackWithin(
  archive: Uint8Array,
  limits: { bytes: number; files: number },
): Promise<Map<string, Buffer> | null> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength),
      { lazyEntries: true, validateEntrySizes: true },
      (error, opened) => (error ? reject(error) : resolve(opened)),
    ),
  );
  try {
    if (zip.entryCount > limits.files) return null;
    const files = new Map<string, Buffer>();
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith("/")) continue;
      // The header's size is checked first (no work for an honest large file), then the bytes themselves.
      if (total + entry.uncompressedSize > limits.bytes) return null;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.byteLength;
        if (total > limits.bytes) {
          (stream as unknown as { destroy(): void }).destroy();
          return null;
        }
        chunks.push(chunk);
      }
      files.set(entry.fileName, Buffer.concat(chunks));
    }
    return files;
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
