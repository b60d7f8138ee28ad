import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A ZIP archive written as a stream (the container of an XLSX file): each entry is deflated while it is
 * written, its sizes and CRC follow it in a data descriptor, and the central directory comes at the end,
 * so nothing but the entry being written is held in memory. Every write waits while `out` is full.
 * Entries and the archive stay under 4 GiB (no ZIP64), far above any export.
 */
export const createZipStream = (out: Writable) => {
  let offset = 0;
  const entries: { name: Buffer; crc: number; compressed: number; size: number; offset: number }[] = [];
  // 1980-01-01 00:00 in DOS time: readers show no date for an export's parts.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  const flags = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names

  /**
   * Waits until `out` takes more, or fails once it is gone (a download the client broke off: a destroyed
   * stream never drains, and the export must end rather than wait for ever).
   */
  const room = async () => {
    if (out.destroyed) throw new Error('the download was closed');
    const drained = once(out, 'drain').then(() => true);
    const closed = once(out, 'close').then(() => false);
    const ok = await Promise.race([drained, closed]);
    if (!ok) throw new Error('the download was closed');
  };

  const write = async (chunk: Buffer) => {
    offset += chunk.length;
    if (out.destroyed) throw new Error('the download was closed');
    if (!out.write(chunk)) await room();
  };

  /** Starts an entry; write its content with `write`, then `close` it before the next. */
  const entry = async (path: string) => {
    const name = Buffer.from(path, 'utf8');
    const start = offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(dosTime, 10);
    header.writeUInt16LE(dosDate, 12);
    header.writeUInt16LE(name.length, 26);
    await write(Buffer.concat([header, name]));

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw({ level: 6 });
    const gone = () => deflate.destroy(new Error('the download was closed'));
    out.once('close', gone);
    const flowing = new Promise<void>((resolve, reject) => {
      deflate.on('data', (chunk: Buffer) => {
        compressed += chunk.length;
        offset += chunk.length;
        if (!out.write(chunk)) {
          deflate.pause();
          out.once('drain', () => deflate.resume());
        }
      });
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    // Seen by `write` and `close`; marked handled here so an early failure is not an unhandled rejection.
    flowing.catch(() => undefined);
    return {
      write: async (text: string) => {
        const data = Buffer.from(text, 'utf8');
        crc = crc32(data, crc);
        size += data.length;
        if (!deflate.write(data)) await Promise.race([once(deflate, 'drain'), flowing]);
      },
      close: async () => {
        deflate.end();
        await flowing;
        out.off('close', gone);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(crc, 4);
        descriptor.writeUInt32LE(compressed, 8);
        descriptor.writeUInt32LE(size, 12);
        await write(descriptor);
        entries.push({ name, crc, compressed, size, offset: start });
      },
    };
  };

  /** Writes a whole small entry. */
  const file = async (path: string, text: string) => {
    const e = await entry(path);
    await e.write(text);
    await e.close();
  };

  /** Writes the central directory and ends `out`. */
  const finish = async () => {
    const start = offset;
    for (const e of entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(flags, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(dosTime, 12);
      h.writeUInt16LE(dosDate, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await write(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(offset - start, 12);
    end.writeUInt32LE(start, 16);
    await write(end);
    out.end();
  };

  return { entry, file, finish };
};
