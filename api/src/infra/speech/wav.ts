/**
 * RIFF/WAVE PCM files: read one's format and samples, and join several of one format into one file (a message's
 * sentences kept as one audio file). docs/adr/0013 says why this is ours: 16-bit PCM WAV is a 44-byte header.
 */
export interface WavAudio {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** The samples (the data chunk). */
  data: Buffer;
}

export function readWav(file: Buffer): WavAudio {
  if (file.length < 12 || file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let format: Omit<WavAudio, 'data'> | null = null;
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    // Streamed WAVs (OpenAI's) give 0xFFFFFFFF sizes: the chunk runs to the end of the file.
    const size = Math.min(file.readUInt32LE(offset + 4), file.length - offset - 8);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16) {
      if (file.readUInt16LE(body) !== 1) throw new Error('WAV is not PCM');
      format = { channels: file.readUInt16LE(body + 2), sampleRate: file.readUInt32LE(body + 4), bitsPerSample: file.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data before its format');
      return { ...format, data: file.subarray(body, body + size) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data');
}

export function writeWav(audio: WavAudio): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (audio.channels * audio.bitsPerSample) / 8;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + audio.data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(audio.channels, 22);
  header.writeUInt32LE(audio.sampleRate, 24);
  header.writeUInt32LE(audio.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(audio.bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(audio.data.length, 40);
  return Buffer.concat([header, audio.data]);
}

/** One WAV of the files in order; they must share one format. */
export function joinWavs(files: readonly Buffer[]): Buffer {
  const parts = files.map(readWav);
  const [first] = parts;
  if (!first) throw new Error('no WAV to join');
  for (const part of parts) {
    if (part.sampleRate !== first.sampleRate || part.channels !== first.channels || part.bitsPerSample !== first.bitsPerSample) {
      throw new Error('WAV files of different formats');
    }
  }
  return writeWav({ ...first, data: Buffer.concat(parts.map((p) => p.data)) });
}

/** Seconds of audio in a WAV file. */
export function wavSeconds(file: Buffer): number {
  const wav = readWav(file);
  return wav.data.length / (wav.sampleRate * wav.channels * (wav.bitsPerSample / 8));
}
